/**
 * Stored history of schedules: the versions of each schedule's minutes and the assignments of
 * schedules to employees and to the company default, each from a date on. A change on the same
 * date as an earlier one replaces it (it never applied to a whole day of the past).
 */
import type { Kysely } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import type { ScheduleAssignment, ScheduleVersion } from './schedule-history.logic.js'
import { type JsonText, parseJsonText } from '../../db/codec.js'

type Db = Kysely<Database>

/**
 * Records the minutes a schedule expects from `from` on (replacing a version of the same date);
 * `at` is the moment of the change, an ISO instant.
 */
export async function recordScheduleVersion(
  trx: Db,
  tenantId: string,
  scheduleId: string,
  from: string,
  weekdayMinutes: JsonText<number[]>,
  at: string,
): Promise<void> {
  await trx
    .deleteFrom('schedule_versions')
    .where('tenant_id', '=', tenantId)
    .where('schedule_id', '=', scheduleId)
    .where('effective_from', '=', from)
    .execute()
  await trx
    .insertInto('schedule_versions')
    .values({
      id: newId('scheduleVersion'),
      tenant_id: tenantId,
      schedule_id: scheduleId,
      effective_from: from,
      weekday_minutes: weekdayMinutes,
      created_at: at,
    })
    .execute()
}

/**
 * Records which schedule applies from `from` on to a user (userId) or as the company default
 * (null); `at` is the moment of the change, an ISO instant.
 */
export async function recordScheduleAssignment(
  trx: Db,
  tenantId: string,
  userId: string | null,
  from: string,
  scheduleId: string | null,
  at: string,
): Promise<void> {
  let stale = trx
    .deleteFrom('schedule_assignments')
    .where('tenant_id', '=', tenantId)
    .where('effective_from', '=', from)
  stale = userId === null ? stale.where('user_id', 'is', null) : stale.where('user_id', '=', userId)
  await stale.execute()
  await trx
    .insertInto('schedule_assignments')
    .values({
      id: newId('scheduleAssignment'),
      tenant_id: tenantId,
      user_id: userId,
      effective_from: from,
      schedule_id: scheduleId,
      created_at: at,
    })
    .execute()
}

/** The minutes of the schedule's latest version: what the schedule shows as its weekday_minutes. */
export async function latestScheduleVersion(
  trx: Db,
  tenantId: string,
  scheduleId: string,
): Promise<{ effective_from: string; weekday_minutes: JsonText<number[]> } | undefined> {
  return trx
    .selectFrom('schedule_versions')
    .select(['effective_from', 'weekday_minutes'])
    .where('tenant_id', '=', tenantId)
    .where('schedule_id', '=', scheduleId)
    .orderBy('effective_from', 'desc')
    .limit(1)
    .executeTakeFirst()
}

function versionOf(row: {
  schedule_id: string
  effective_from: string
  weekday_minutes: JsonText<number[]>
}): ScheduleVersion {
  return { scheduleId: row.schedule_id, from: row.effective_from, minutes: parseJsonText(row.weekday_minutes) }
}

const versionsUpTo = reusableQuery((db: Db, tenantId: string, to: string) =>
  db
    .selectFrom('schedule_versions')
    .select(['schedule_id', 'effective_from', 'weekday_minutes'])
    .where('tenant_id', '=', tenantId)
    .where('effective_from', '<=', to)
    .orderBy('schedule_id')
    .orderBy('effective_from'),
)

const ASSIGNMENT_COLUMNS = ['user_id', 'effective_from', 'schedule_id'] as const

const assignmentsOfOneUserUpTo = reusableQuery((db: Db, tenantId: string, userId: string, to: string) =>
  db
    .selectFrom('schedule_assignments')
    .select(ASSIGNMENT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .where('effective_from', '<=', to)
    .orderBy('effective_from'),
)

/** Versions of every schedule of the company that apply on or before `to`, by schedule then date. */
export async function scheduleVersionsUpTo(db: Db, tenantId: string, to: string): Promise<ScheduleVersion[]> {
  return (await versionsUpTo(db, tenantId, to)).map(versionOf)
}

/** The company's default assignments and those of the given users that apply on or before `to`, by date. */
export async function scheduleAssignmentsUpTo(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  to: string,
): Promise<ScheduleAssignment[]> {
  const rows =
    userIds.length === 1
      ? await assignmentsOfOneUserUpTo(db, tenantId, userIds[0]!, to)
      : await db
          .selectFrom('schedule_assignments')
          .select(ASSIGNMENT_COLUMNS)
          .where('tenant_id', '=', tenantId)
          .where((eb) =>
            userIds.length === 0
              ? eb('user_id', 'is', null)
              : eb.or([eb('user_id', 'is', null), eb('user_id', 'in', userIds)]),
          )
          .where('effective_from', '<=', to)
          .orderBy('effective_from')
          .execute()
  return rows.map((r) => ({ userId: r.user_id, from: r.effective_from, scheduleId: r.schedule_id }))
}

/** Names of the company's schedules, for showing a history. */
export async function scheduleNames(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('schedules').select(['id', 'name']).where('tenant_id', '=', tenantId).execute()
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Sets what the schedule's row shows as its minutes (its latest version's). */
export async function setScheduleMinutes(
  trx: Db,
  tenantId: string,
  scheduleId: string,
  weekdayMinutes: JsonText<number[]>,
): Promise<void> {
  await trx
    .updateTable('schedules')
    .set({ weekday_minutes: weekdayMinutes })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', scheduleId)
    .execute()
}
