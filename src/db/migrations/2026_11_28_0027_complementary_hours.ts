/**
 * Complementary hours of part-time workers (art. 12.4.c and 12.5 ET,
 * docs/decisions/0022-overtime-as-the-law-counts-it.md): a part-timer's hours beyond their schedule,
 * up to the company's full-time week, are complementary hours, not overtime. A lot gains its `kind`
 * (every existing lot is overtime), each kind of a month settled apart, so the unique index that
 * keeps one lot per sequence now counts per kind; and each employee gains the two percentages of
 * the year's ordinary hours that bound them: the written pact's (0-60) and the voluntary ones'
 * (0-30), 0 for none. Frozen: later changes go into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // An earlier migration's writes to users may leave deferred triggers pending (see 0019).
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema
    .alterTable('overtime_lots')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('overtime'))
    .execute()
  // A part-timer's month may hold a complementary lot and an overtime lot, each with its own
  // sequence of adjustments: instances settling at once still write each lot once.
  await db.schema.dropIndex('overtime_lots_user_month_sequence').execute()
  await db.schema
    .createIndex('overtime_lots_user_month_kind_sequence')
    .unique()
    .on('overtime_lots')
    .columns(['tenant_id', 'user_id', 'month', 'kind', 'sequence'])
    .execute()
  for (const name of ['complementary_pact_percent', 'complementary_voluntary_percent'])
    await db.schema
      .alterTable('users')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  for (const name of ['complementary_voluntary_percent', 'complementary_pact_percent'])
    await db.schema.alterTable('users').dropColumn(name).execute()
  // Complementary lots have no place without their kind: they go with their payments, and the old
  // index comes back.
  const complementary = db.selectFrom('overtime_lots').select('id').where('kind', '=', 'complementary')
  await db.deleteFrom('overtime_payments').where('lot_id', 'in', complementary).execute()
  await db.deleteFrom('overtime_rest_draws').where('lot_id', 'in', complementary).execute()
  await db.deleteFrom('overtime_lots').where('kind', '=', 'complementary').execute()
  await db.schema.dropIndex('overtime_lots_user_month_kind_sequence').execute()
  await db.schema
    .createIndex('overtime_lots_user_month_sequence')
    .unique()
    .on('overtime_lots')
    .columns(['tenant_id', 'user_id', 'month', 'sequence'])
    .execute()
  await db.schema.alterTable('overtime_lots').dropColumn('kind').execute()
}
