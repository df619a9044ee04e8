/**
 * Weekly work schedules: a catalogue (see catalogues.service) whose items say how many minutes of
 * work each ISO weekday expects. The company names a default; a user may have their own.
 */
import type { ScheduleRow, TenantRow } from '../../db/schema.js'
import type { CatalogueDefinition } from '../catalogues/catalogues.service.js'
import { type CreateScheduleBodyType, type ScheduleType, type UpdateScheduleBodyType, WEEKDAY_KEYS, type WeekdayMinutesType } from './schedules.schemas.js'

/** The schedule every new company starts with, as its default. */
export const DEFAULT_SCHEDULE = {
  name: 'Standard (Mon-Fri, 8 h)',
  weekday_minutes: { mon: 480, tue: 480, wed: 480, thu: 480, fri: 480, sat: 0, sun: 0 },
}

/** The stored form: a JSON array of seven minutes, Monday first. */
function weekdayMinutesColumn(minutes: WeekdayMinutesType): string {
  return JSON.stringify(WEEKDAY_KEYS.map((k) => minutes[k]))
}

function weekdayMinutesFromColumn(json: string): WeekdayMinutesType {
  const minutes = JSON.parse(json) as number[]
  return Object.fromEntries(WEEKDAY_KEYS.map((key, i) => [key, minutes[i] ?? 0])) as WeekdayMinutesType
}

export function scheduleToApi(row: ScheduleRow, tenant: TenantRow): ScheduleType {
  return {
    id: row.id,
    name: row.name,
    weekday_minutes: weekdayMinutesFromColumn(row.weekday_minutes),
    is_default: tenant.default_schedule_id === row.id,
    created_at: row.created_at,
  }
}

export const SCHEDULES: CatalogueDefinition<'schedules', CreateScheduleBodyType, UpdateScheduleBodyType, ScheduleType> = {
  table: 'schedules',
  label: 'Schedule',
  idKind: 'schedule',
  newRow: (base, body) => ({ ...base, weekday_minutes: weekdayMinutesColumn(body.weekday_minutes) }),
  changedColumns: (body) => (body.weekday_minutes ? { weekday_minutes: weekdayMinutesColumn(body.weekday_minutes) } : {}),
  toApi: scheduleToApi,
}
