/**
 * The limits of the working day as the company's agreement sets them (art. 34.3 ET): the shortest
 * rest between one day's end and the next day's start (12 hours unless an agreement says
 * otherwise), and the longest ordinary day (9 hours unless an agreement distributes them
 * otherwise). Below or above them a day is an anomaly (`short_daily_rest`, `long_ordinary_day`);
 * the record is unchanged. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('min_daily_rest_hours', 'integer', (c) => c.notNull().defaultTo(12))
    .execute()
  await db.schema
    .alterTable('tenants')
    .addColumn('max_ordinary_day_hours', 'integer', (c) => c.notNull().defaultTo(9))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('max_ordinary_day_hours').execute()
  await db.schema.alterTable('tenants').dropColumn('min_daily_rest_hours').execute()
}
