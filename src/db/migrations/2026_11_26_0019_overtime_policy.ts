/**
 * Overtime as the Workers' Statute counts it (art. 35, docs/decisions/0018-overtime.md), first
 * part: the company's policy (the basis overtime is counted on, how it is compensated, within how
 * many months, the annual cap, and whether lots need a decision), and per employee the contract's
 * two fields, `overtime_compensation` and `overtime_comp_expiry` (null: the company's policy), and
 * whether they work nights (night workers may not do overtime, art. 36.1). Frozen: later changes go
 * into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Migrations run in one transaction: an earlier one's writes to tenants or users (0016 sets
  // every company's language) leave the authentication epoch's deferred triggers pending (0013),
  // and PostgreSQL refuses to alter a table with pending trigger events. Fire them now.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  const tenants = [
    ['overtime_basis', 'text', 'daily'],
    ['overtime_compensation', 'text', 'rest'],
    ['overtime_comp_expiry', 'text', 'P4M'],
    ['overtime_annual_cap_hours', 'integer', 80],
    ['overtime_approval', 'text', 'manual'],
  ] as const
  for (const [name, type, fallback] of tenants)
    await db.schema
      .alterTable('tenants')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute()
  await db.schema.alterTable('users').addColumn('overtime_compensation', 'text').execute()
  await db.schema.alterTable('users').addColumn('overtime_comp_expiry', 'text').execute()
  await db.schema
    .alterTable('users')
    .addColumn('night_worker', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  for (const name of ['night_worker', 'overtime_comp_expiry', 'overtime_compensation'])
    await db.schema.alterTable('users').dropColumn(name).execute()
  for (const name of [
    'overtime_approval',
    'overtime_annual_cap_hours',
    'overtime_comp_expiry',
    'overtime_compensation',
    'overtime_basis',
  ])
    await db.schema.alterTable('tenants').dropColumn(name).execute()
}
