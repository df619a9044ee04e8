import { Type, type Static } from 'typebox'
import { Id, Nullable, PaginationQuery } from '../../lib/schemas.js'
import { WeekdayMinutes } from '../schedules/index.js'

export const ScheduleHistoryParams = Type.Object({ user_id: Id('User id') }, { additionalProperties: false })
export const ScheduleHistoryQuery = Type.Object(
  { page: Type.Optional(PaginationQuery.page), page_size: Type.Optional(PaginationQuery.page_size) },
  { additionalProperties: false },
)
export type ScheduleHistoryQueryType = Static<typeof ScheduleHistoryQuery>

export const SchedulePeriod = Type.Object(
  {
    effective_from: Nullable(Type.String({ format: 'date', description: 'First day; null: since always' })),
    effective_to: Nullable(Type.String({ format: 'date', description: 'Last day, included; null: still in force' })),
    schedule_id: Nullable(Type.String({ description: 'null when no schedule applied (nothing expected)' })),
    schedule_name: Nullable(Type.String()),
    origin: Type.Union([Type.Literal('own'), Type.Literal('company_default')], {
      description: "'own': assigned to the employee; 'company_default': the company’s default applied",
    }),
    weekday_minutes: WeekdayMinutes,
  },
  {
    $id: 'SchedulePeriod',
    description: 'A span of days over which one schedule, in one version, applied to the employee',
  },
)
export type SchedulePeriodType = Static<typeof SchedulePeriod>
