import { Type, type Static } from 'typebox'
import { DateString } from '../../lib/schemas.js'
import { CatalogueName } from '../catalogues/index.js'

const Minutes = Type.Integer({ minimum: 0, maximum: 1440 })

export const WeekdayMinutes = Type.Object(
  { mon: Minutes, tue: Minutes, wed: Minutes, thu: Minutes, fri: Minutes, sat: Minutes, sun: Minutes },
  { additionalProperties: false, description: 'Expected minutes of work for each ISO weekday (0 = not a working day)' },
)
export type WeekdayMinutesType = Static<typeof WeekdayMinutes>
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

export const Schedule = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    weekday_minutes: {
      ...WeekdayMinutes,
      description:
        'Expected minutes of work for each ISO weekday in the latest version of the schedule (see the users’ schedule-history for what applied when)',
    },
    is_default: Type.Boolean({ description: 'The company default, used by users without a schedule of their own' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Schedule', description: 'A weekly work schedule' },
)
export type ScheduleType = Static<typeof Schedule>

export const CreateScheduleBody = Type.Object(
  { name: CatalogueName, weekday_minutes: WeekdayMinutes },
  { additionalProperties: false },
)
export const UpdateScheduleBody = Type.Object(
  {
    name: Type.Optional(CatalogueName),
    weekday_minutes: Type.Optional(WeekdayMinutes),
    effective_from: Type.Optional(
      DateString(
        'First day the new weekday_minutes apply (default: today in the company’s time zone); earlier days keep the minutes they had. Only with weekday_minutes.',
      ),
    ),
  },
  { additionalProperties: false },
)
export type CreateScheduleBodyType = Static<typeof CreateScheduleBody>
export type UpdateScheduleBodyType = Static<typeof UpdateScheduleBody>
