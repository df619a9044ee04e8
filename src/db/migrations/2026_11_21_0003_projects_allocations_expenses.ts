/**
 * Projects, time allocations and expenses. Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'
import { collateByCodePoint } from './2026_11_01_0001_foundation.js'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await collateByCodePoint(db, 'projects', 'code')
  await db.schema.createIndex('projects_tenant_code').unique().on('projects').columns(['tenant_id', 'code']).execute()

  await db.schema
    .createTable('allocations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('project_id', 'text', (c) => c.references('projects.id'))
    .addColumn('note', 'text')
    .addColumn('comment', 'text')
    .addColumn('date', 'text', (c) => c.notNull()) // local day of `start` in the zone given at creation
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('end', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('allocations_project_xor_note', sql`(project_id is null) <> (note is null)`)
    .execute()
  await db.schema
    .createIndex('allocations_tenant_user_start')
    .on('allocations')
    .columns(['tenant_id', 'user_id', 'start'])
    .execute()
  await db.schema.createIndex('allocations_tenant_date').on('allocations').columns(['tenant_id', 'date']).execute()
  await db.schema
    .createIndex('allocations_tenant_project')
    .on('allocations')
    .columns(['tenant_id', 'project_id'])
    .execute()

  await db.schema
    .createTable('expenses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('expense_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull()) // minor units of `currency`
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_eur', 'bigint', (c) => c.notNull()) // euro cents
    .addColumn('taxes', 'text', (c) => c.notNull()) // JSON [{ rate_percent, amount }]
    .addColumn('category_key', 'text', (c) => c.notNull())
    .addColumn('category_label', 'text', (c) => c.notNull())
    .addColumn('reconciled', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('expenses_tenant_user_date')
    .on('expenses')
    .columns(['tenant_id', 'user_id', 'expense_date'])
    .execute()
  await db.schema.createIndex('expenses_tenant_date').on('expenses').columns(['tenant_id', 'expense_date']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expenses').execute()
  await db.schema.dropTable('allocations').execute()
  await db.schema.dropTable('projects').execute()
}
