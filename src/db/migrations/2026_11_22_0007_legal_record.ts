/**
 * The legal working-time record: where each punch came from, corrections with their consent and
 * the append-only links that supersede corrected punches, employment periods, and schedules with
 * a history. Existing data migrates so that every figure of today stays as it is: existing
 * punches are `api` punches of hash version 1, every schedule and assignment applies "since
 * always", and a disabled user's employment ends on the day of their last change (the best
 * record of their deactivation there is). Written to be re-runnable (SQLite runs a migration
 * step by step). Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

/** The first day of every history: "since always". */
const SINCE_ALWAYS = '0001-01-01'

async function hasColumn(db: Kysely<any>, table: string, column: string): Promise<boolean> {
  const tables = await db.introspection.getTables()
  return tables.some((t) => t.name === table && t.columns.some((c) => c.name === column))
}

function localDate(iso: string, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(iso))
  } catch {
    return iso.slice(0, 10)
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // Punch origin. hash_version 1 is the chain's original canonical form (without these fields).
  for (const column of ['created_by', 'kiosk_id', 'correction_id']) {
    if (!(await hasColumn(db, 'punches', column)))
      await db.schema.alterTable('punches').addColumn(column, 'text').execute()
  }
  if (!(await hasColumn(db, 'punches', 'hash_version'))) {
    await db.schema
      .alterTable('punches')
      .addColumn('hash_version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
  }
  // Covering for the daily record, which now also needs the id (to leave superseded punches out)
  // and correction_id (`edited`).
  await db.schema.dropIndex('punches_tenant_user_ts').ifExists().execute()
  await db.schema
    .createIndex('punches_tenant_user_ts_v2')
    .ifNotExists()
    .on('punches')
    .columns(['tenant_id', 'user_id', 'ts', 'type', 'modality', 'id', 'correction_id'])
    .execute()

  await db.schema
    .createTable('punch_corrections')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'rejected', 'cancelled')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull()) // JSON array, as proposed (normalised)
    .addColumn('first_ts', 'text', (c) => c.notNull()) // earliest instant the changes touch
    .addColumn('last_ts', 'text', (c) => c.notNull()) // latest instant the changes touch
    .addColumn('proposed_by', 'text', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('cancelled_at', 'text')
    // Set when approved: the correction's link in its employee's hash chain.
    .addColumn('seq', 'integer')
    .addColumn('prev_hash', 'text')
    .addColumn('hash', 'text')
    .execute()
  await db.schema
    .createIndex('punch_corrections_tenant_user_seq')
    .ifNotExists()
    .unique()
    .on('punch_corrections')
    .columns(['tenant_id', 'user_id', 'seq'])
    .execute()
  await db.schema
    .createIndex('punch_corrections_tenant_proposed')
    .ifNotExists()
    .on('punch_corrections')
    .columns(['tenant_id', 'proposed_at', 'id'])
    .execute()
  await db.schema
    .createIndex('punch_corrections_tenant_user_ts')
    .ifNotExists()
    .on('punch_corrections')
    .columns(['tenant_id', 'user_id', 'first_ts'])
    .execute()

  // A punch superseded by an approved correction: the link is a row of its own, so that the punch
  // row itself is never touched.
  await db.schema
    .createTable('punch_supersessions')
    .ifNotExists()
    .addColumn('punch_id', 'text', (c) => c.primaryKey().references('punches.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('correction_id', 'text', (c) => c.notNull().references('punch_corrections.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('punch_supersessions_tenant_user')
    .ifNotExists()
    .on('punch_supersessions')
    .columns(['tenant_id', 'user_id'])
    .execute()

  // Employment periods: JSON [{ start, end }] of YYYY-MM-DD or null; [] is "employed since the hire date".
  if (!(await hasColumn(db, 'users', 'employment_periods'))) {
    await db.schema
      .alterTable('users')
      .addColumn('employment_periods', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
  }
  const disabled = await db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .select(['u.id', 'u.updated_at', 't.timezone'])
    .where('u.status', '=', 'disabled')
    .where('u.employment_periods', '=', '[]')
    .execute()
  for (const user of disabled) {
    const periods = JSON.stringify([{ start: null, end: localDate(user.updated_at, user.timezone) }])
    await db.updateTable('users').set({ employment_periods: periods }).where('id', '=', user.id).execute()
  }

  await db.schema
    .createTable('schedule_versions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('schedules.id'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('weekday_minutes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('schedule_versions_schedule_from')
    .ifNotExists()
    .unique()
    .on('schedule_versions')
    .columns(['schedule_id', 'effective_from'])
    .execute()
  await db.schema
    .createIndex('schedule_versions_tenant_from')
    .ifNotExists()
    .on('schedule_versions')
    .columns(['tenant_id', 'effective_from'])
    .execute()

  // Which schedule applies from when: a user's own (user_id set; schedule_id null follows the
  // company default) or the company default (user_id null).
  await db.schema
    .createTable('schedule_assignments')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('schedule_id', 'text', (c) => c.references('schedules.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('schedule_assignments_tenant_user_from')
    .ifNotExists()
    .on('schedule_assignments')
    .columns(['tenant_id', 'user_id', 'effective_from'])
    .execute()

  // Ids derived from what they are the first history entry of, so that a second run adds nothing.
  const now = new Date().toISOString()
  const schedules = await db.selectFrom('schedules').select(['id', 'tenant_id', 'weekday_minutes']).execute()
  for (const s of schedules) {
    await db
      .insertInto('schedule_versions')
      .values({
        id: `scv_${s.id}`,
        tenant_id: s.tenant_id,
        schedule_id: s.id,
        effective_from: SINCE_ALWAYS,
        weekday_minutes: s.weekday_minutes,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  const tenants = await db.selectFrom('tenants').select(['id', 'default_schedule_id']).execute()
  for (const t of tenants) {
    await db
      .insertInto('schedule_assignments')
      .values({
        id: `sca_${t.id}`,
        tenant_id: t.id,
        user_id: null,
        effective_from: SINCE_ALWAYS,
        schedule_id: t.default_schedule_id,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  const users = await db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'schedule_id'])
    .where('schedule_id', 'is not', null)
    .execute()
  for (const u of users) {
    await db
      .insertInto('schedule_assignments')
      .values({
        id: `sca_${u.id}`,
        tenant_id: u.tenant_id,
        user_id: u.id,
        effective_from: SINCE_ALWAYS,
        schedule_id: u.schedule_id,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('schedule_assignments').ifExists().execute()
  await db.schema.dropTable('schedule_versions').ifExists().execute()
  await db.schema.dropTable('punch_supersessions').ifExists().execute()
  await db.schema.dropTable('punch_corrections').ifExists().execute()
  await db.schema.dropIndex('punches_tenant_user_ts_v2').ifExists().execute()
  await db.schema
    .createIndex('punches_tenant_user_ts')
    .on('punches')
    .columns(['tenant_id', 'user_id', 'ts', 'type', 'modality'])
    .execute()
  for (const column of ['created_by', 'kiosk_id', 'correction_id', 'hash_version'])
    await db.schema.alterTable('punches').dropColumn(column).execute()
  await db.schema.alterTable('users').dropColumn('employment_periods').execute()
}
