/**
 * Weekly work schedules: a catalogue (see catalogues.service) whose items say how many minutes of
 * work each ISO weekday expects. The company names a default; a user may have their own.
 */
import type { TenantRow } from '../../db/schema.js'
import type { ScheduleRow } from './schedules.tables.js'
import { nowIsoOf } from '../../db/unit-of-work.js'
import { invalidField } from '../../errors.js'
import { todayIn } from '../../lib/calendar.js'
import type { CatalogueDefinition } from '../catalogues/index.js'
import { SINCE_ALWAYS } from './schedule-history.logic.js'
import { assertNotInSignedMonth } from '../sign-off/index.js'
import { latestScheduleVersion, recordScheduleVersion, setScheduleMinutes } from './schedule-history.repository.js'
import {
  type CreateScheduleBodyType,
  type ScheduleType,
  type UpdateScheduleBodyType,
  WEEKDAY_KEYS,
  type WeekdayMinutesType,
} from './schedules.schemas.js'
import { type JsonText, jsonText, parseJsonText } from '../../db/codec.js'

/** The schedule every new company starts with, as its default. */
export const DEFAULT_SCHEDULE = {
  name: 'Standard (Mon-Fri, 8 h)',
  weekday_minutes: { mon: 480, tue: 480, wed: 480, thu: 480, fri: 480, sat: 0, sun: 0 },
}

/** The stored form: a JSON array of seven minutes, Monday first. */
function weekdayMinutesColumn(minutes: WeekdayMinutesType): JsonText<number[]> {
  return jsonText(WEEKDAY_KEYS.map((k) => minutes[k]))
}

function weekdayMinutesFromColumn(json: JsonText<number[]>): WeekdayMinutesType {
  return weekdayMinutesOf(parseJsonText(json))
}

/** Seven minutes, Monday first, as the API shows them. */
export function weekdayMinutesOf(minutes: readonly number[]): WeekdayMinutesType {
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

export const SCHEDULES: CatalogueDefinition<'schedules', CreateScheduleBodyType, UpdateScheduleBodyType, ScheduleType> =
  {
    table: 'schedules',
    label: 'Schedule',
    idKind: 'schedule',
    newRow: (base, body) => ({ ...base, weekday_minutes: weekdayMinutesColumn(body.weekday_minutes) }),
    changedColumns: (body) => {
      if (body.effective_from !== undefined && body.weekday_minutes === undefined)
        throw invalidField('effective_from', 'is only accepted with weekday_minutes')
      return {} // the minutes are a version of their own, written by afterWrite
    },
    toApi: scheduleToApi,
    // A new schedule applies as it is since always; a change of minutes from its date on, so that
    // the days before keep the minutes they had. The row shows the latest version.
    afterWrite: async (unit, row, write) => {
      const trx = unit.db
      const at = nowIsoOf(unit)
      if (write.created) return recordScheduleVersion(trx, row.tenant_id, row.id, SINCE_ALWAYS, row.weekday_minutes, at)
      if (!write.body.weekday_minutes) return
      const from = write.body.effective_from ?? todayIn(write.tenant.timezone, new Date(unit.now))
      await assertNotInSignedMonth(trx, row.tenant_id, null, from, 'effective_from')
      await recordScheduleVersion(
        trx,
        row.tenant_id,
        row.id,
        from,
        weekdayMinutesColumn(write.body.weekday_minutes),
        at,
      )
      const latest = (await latestScheduleVersion(trx, row.tenant_id, row.id))!
      await setScheduleMinutes(trx, row.tenant_id, row.id, latest.weekday_minutes)
    },
  }
