/**
 * Absences: the per-tenant type catalogue (with the default types for every existing tenant) and
 * absence requests with their decisions. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'
import { ulid } from 'ulidx'
import { collateByCodePoint } from './2026_11_01_0001_foundation.js'

const DEFAULT_TYPES = [
  { key: 'vacation', label: 'Vacation', requires_approval: true, allows_hourly: false, consumes_vacation: true },
  { key: 'sick', label: 'Sick leave', requires_approval: false, allows_hourly: true, consumes_vacation: false },
  {
    key: 'justified',
    label: 'Justified absence',
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
  },
  {
    key: 'personal',
    label: 'Personal matters',
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
  },
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('absence_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('requires_approval', 'boolean', (c) => c.notNull())
    .addColumn('allows_hourly', 'boolean', (c) => c.notNull())
    .addColumn('consumes_vacation', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await collateByCodePoint(db, 'absence_types', 'key')
  await db.schema
    .createIndex('absence_types_tenant_key')
    .unique()
    .on('absence_types')
    .columns(['tenant_id', 'key'])
    .execute()

  const now = new Date().toISOString()
  for (const tenant of await db.selectFrom('tenants').select('id').execute()) {
    await db
      .insertInto('absence_types')
      .values(DEFAULT_TYPES.map((t) => ({ id: `abt_${ulid()}`, tenant_id: tenant.id, ...t, created_at: now })))
      .execute()
  }

  await db.schema
    .createTable('absences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('type_id', 'text', (c) => c.notNull().references('absence_types.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('request_note', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('absences_tenant_user_start')
    .on('absences')
    .columns(['tenant_id', 'user_id', 'start_date'])
    .execute()
  // In list order (most recent first), so a page is read from the index instead of sorting the year.
  await db.schema
    .createIndex('absences_tenant_start')
    .on('absences')
    .columns(['tenant_id', 'start_date', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('absences_tenant_end').on('absences').columns(['tenant_id', 'end_date']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('absences').execute()
  await db.schema.dropTable('absence_types').execute()
}
