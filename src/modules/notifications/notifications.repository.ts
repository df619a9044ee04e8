/** Every query of the reminders: people's choices, the reminders, their unsubscribe tokens. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { ReminderKind } from '../../lib/notification-settings.js'
import type { NotificationPreferencesRow, ReminderRow, RemindersTable } from './notifications.tables.js'

type Db = Kysely<Database>

export function findPreferences(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<NotificationPreferencesRow | undefined> {
  return db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function savePreferences(db: Db, row: NotificationPreferencesRow): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id'])
        .doUpdateSet({ choices: row.choices, language: row.language, updated_at: row.updated_at }),
    )
    .execute()
}

/** The active people of a company, as reminders need them: who they are and who decides for them. */
export function activePeople(db: Db, tenantId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'manager_id', 'department_id', 'hire_date', 'employment_periods'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute()
}

export type ActivePerson = Awaited<ReturnType<typeof activePeople>>[number]

/** Inserts the reminders not made before: the unique key (tenant, person, kind, subject) drops the others. */
export async function insertNewReminders(db: Db, rows: readonly RemindersTable[]): Promise<void> {
  if (rows.length === 0) return
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('reminders')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'kind', 'subject_id']).doNothing())
      .execute()
}

/** The company's reminders whose moment has come and that no one delivered yet. */
export function dueReminders(db: Db, tenantId: string, now: string): Promise<ReminderRow[]> {
  return db
    .selectFrom('reminders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('tenant_id', '=', tenantId)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .execute()
}

/**
 * Takes the reminder for delivery: true for the one transaction that moved it from pending (on
 * PostgreSQL a second instance's update waits for the first's commit, then finds it delivered).
 */
export async function takeReminder(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reminders')
    .set({ status: 'delivered', delivered_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function recordDelivery(
  db: Db,
  id: string,
  changes: Partial<
    Pick<RemindersTable, 'mail_outcome' | 'mail_message_id' | 'push_outcome' | 'unsubscribe_token_hash'>
  >,
): Promise<void> {
  await db.updateTable('reminders').set(changes).where('id', '=', id).execute()
}

/** The reminder whose mail carried this unsubscribe token (its SHA-256). */
export function reminderByTokenHash(db: Db, hash: string): Promise<ReminderRow | undefined> {
  return db.selectFrom('reminders').selectAll().where('unsubscribe_token_hash', '=', hash).executeTakeFirst()
}

/** Spends the token: true for the one use that found it unused. */
export async function spendUnsubscribeToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reminders')
    .set({ unsubscribed_at: at })
    .where('id', '=', id)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function languageOfCompany(db: Db, tenantId: string): Promise<'es' | 'en'> {
  const row = await db.selectFrom('tenants').select('language').where('id', '=', tenantId).executeTakeFirstOrThrow()
  return row.language
}

/** Reminders delivered before `before` are removed (their unique key is no longer needed by then). */
export async function deleteDeliveredBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('reminders')
    .where('status', '=', 'delivered')
    .where('delivered_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Which of these subjects of a kind were delivered already (to anyone): the round need not judge
 * them again. One still waiting for its moment is judged, so that what was settled meanwhile is seen.
 */
export async function remindedSubjects(
  db: Db,
  tenantId: string,
  kind: ReminderKind,
  subjectIds: readonly string[],
): Promise<Set<string>> {
  if (subjectIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('reminders')
    .select('subject_id')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('status', '=', 'delivered')
    .where('subject_id', 'in', subjectIds)
    .execute()
  return new Set(rows.map((r) => r.subject_id))
}

/** The reminders already written for these subjects, as `person|kind|subject`. */
export async function existingReminderKeys(
  db: Db,
  tenantId: string,
  subjectIds: readonly string[],
): Promise<Set<string>> {
  const keys = new Set<string>()
  const unique = [...new Set(subjectIds)]
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('reminders')
      .select(['user_id', 'kind', 'subject_id'])
      .where('tenant_id', '=', tenantId)
      .where('subject_id', 'in', unique.slice(i, i + 500))
      .execute()
    for (const r of rows) keys.add(`${r.user_id}|${r.kind}|${r.subject_id}`)
  }
  return keys
}

/** Whether the company's digest of a local day was made already (by any round, on any instance). */
export async function digestMadeOn(db: Db, tenantId: string, date: string): Promise<boolean> {
  const row = await db
    .selectFrom('reminder_digest_days')
    .select('date')
    .where('tenant_id', '=', tenantId)
    .where('date', '=', date)
    .executeTakeFirst()
  return row !== undefined
}

/** Records the company's digest of a local day as made (once: a second record changes nothing). */
export async function recordDigestMade(db: Db, tenantId: string, date: string, at: string): Promise<void> {
  await db
    .insertInto('reminder_digest_days')
    .values({ tenant_id: tenantId, date, made_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'date']).doNothing())
    .execute()
}

/** The records of digests made before `before`: only the day's own record is ever read. */
export async function deleteDigestDaysBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('reminder_digest_days').where('made_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/*
 * Leases on periodic rounds that every instance runs on a timer but that one instance is enough to
 * run (the reminders' round, docs/notifications.md): one row per round (`round_leases`, migration
 * 0038) names the instance holding it and until when. A claim is one statement, atomic on both
 * engines: it writes the row when there is none, or takes it over when its lease has expired or is
 * already the claimant's; otherwise it changes nothing and the claimant skips its turn. An instance
 * that dies mid-round leaves its lease to expire.
 */

/**
 * Claims the round `name` for `holder` at `now`, until `until`: answers whether it is the
 * holder's. On PostgreSQL two claims at once queue on the row and the second finds it taken;
 * SQLite runs one write at a time.
 */
export async function claimRound(
  db: Db,
  lease: { name: string; holder: string; now: string; until: string },
): Promise<boolean> {
  const claimed = await db
    .insertInto('round_leases')
    .values({ name: lease.name, holder: lease.holder, until: lease.until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: lease.holder, until: lease.until })
        .where((eb) =>
          eb.or([eb('round_leases.holder', '=', lease.holder), eb('round_leases.until', '<=', lease.now)]),
        ),
    )
    .returning('name')
    .executeTakeFirst()
  return claimed !== undefined
}

/**
 * Ends the holder's lease at `until` (earlier or later than the claim said); a lease another
 * instance took over meanwhile is left alone.
 */
export async function endLeaseAt(db: Db, lease: { name: string; holder: string; until: string }): Promise<void> {
  await db
    .updateTable('round_leases')
    .set({ until: lease.until })
    .where('name', '=', lease.name)
    .where('holder', '=', lease.holder)
    .execute()
}
