/**
 * Vacation is prorated by the days of employment in the year (a 1 September hire is not entitled to
 * the whole year's days); each company chooses how the fraction is rounded. Frozen: later changes
 * go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('vacation_rounding', 'text', (c) => c.notNull().defaultTo('up'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('vacation_rounding').execute()
}
