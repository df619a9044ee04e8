/**
 * Attendance: work schedules, company holidays and the append-only punch record with its per-user
 * hash chain. Every existing tenant receives a default schedule (Monday to Friday, 8 hours).
 * Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'
import { ulid } from 'ulidx'
import { collateByCodePoint } from './2026_11_01_0001_foundation.js'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('weekday_minutes', 'text', (c) => c.notNull()) // JSON [mon, tue, ..., sun]
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await collateByCodePoint(db, 'schedules', 'name')
  await db.schema.createIndex('schedules_tenant_name').unique().on('schedules').columns(['tenant_id', 'name']).execute()

  await db.schema.alterTable('tenants').addColumn('default_schedule_id', 'text').execute()
  await db.schema
    .alterTable('users')
    .addColumn('schedule_id', 'text', (c) => c.references('schedules.id'))
    .execute()

  const now = new Date().toISOString()
  const tenants = await db.selectFrom('tenants').select('id').execute()
  for (const tenant of tenants) {
    const id = `sch_${ulid()}`
    await db
      .insertInto('schedules')
      .values({
        id,
        tenant_id: tenant.id,
        name: 'Standard (Mon-Fri, 8 h)',
        weekday_minutes: '[480,480,480,480,480,0,0]',
        created_at: now,
      })
      .execute()
    await db.updateTable('tenants').set({ default_schedule_id: id }).where('id', '=', tenant.id).execute()
  }

  await db.schema
    .createTable('company_holidays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('work_center_id', 'text', (c) => c.references('work_centers.id')) // null: the whole company
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('company_holidays_tenant_date')
    .on('company_holidays')
    .columns(['tenant_id', 'date'])
    .execute()

  await db.schema
    .createTable('punches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seq', 'integer', (c) => c.notNull()) // 1, 2, 3 ... per user: the chain order
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('in', 'out', 'break_start', 'break_end')`))
    .addColumn('ts', 'text', (c) => c.notNull())
    .addColumn('modality', 'text', (c) => c.notNull().check(sql`modality in ('onsite', 'remote')`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text')
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('punches_tenant_user_seq')
    .unique()
    .on('punches')
    .columns(['tenant_id', 'user_id', 'seq'])
    .execute()
  // Covering: the daily record reads type and modality straight from the index, never the table.
  await db.schema
    .createIndex('punches_tenant_user_ts')
    .on('punches')
    .columns(['tenant_id', 'user_id', 'ts', 'type', 'modality'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('punches').execute()
  await db.schema.dropTable('company_holidays').execute()
  await db.schema.alterTable('users').dropColumn('schedule_id').execute()
  await db.schema.alterTable('tenants').dropColumn('default_schedule_id').execute()
  await db.schema.dropTable('schedules').execute()
}
