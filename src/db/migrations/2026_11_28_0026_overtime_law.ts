/**
 * Overtime as the law counts it (docs/decisions/0022-overtime-as-the-law-counts-it.md): a lot is a
 * fact of the record (art. 35 ET), so the retired rejections become pending lots again, undecided
 * (and their events, a type the catalogue no longer has, leave the feed); lots keep the days their
 * minutes were counted on, the deadline running from when the hours were worked (art. 35.1);
 * and the annual cap flags instead of refusing (art. 35.2), announcing `overtime.cap_exceeded` once
 * per employee and year, which `overtime_cap_flags` remembers. Frozen: later changes go into new
 * migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Hours worked beyond the ordinary day were worked whatever was decided: the lot waits for an
  // approval again, and follows the record meanwhile. Its note is kept (never returned).
  await db
    .updateTable('overtime_lots')
    .set({ status: 'pending', decided_by: null, decided_at: null, updated_at: new Date().toISOString() })
    .where('status', '=', 'rejected')
    .execute()
  // The event of a rejection is retired with it: the feed no longer describes that type.
  await db.deleteFrom('events').where('type', '=', 'overtime.lot_rejected').execute()
  // The days each lot's minutes were counted on, its deadlines running from the first (art. 35.1).
  // Existing lots keep their deadline, from the end of their month, and learn their days only if
  // they are pending and follow the record again: the days of a decided month cannot be told
  // apart from its record now.
  await db.schema
    .alterTable('overtime_lots')
    .addColumn('days', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .createTable('overtime_cap_flags')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('flagged_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('overtime_cap_flags_pk', ['tenant_id', 'user_id', 'year'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  // The rejections are not restored: nothing says which pending lots were rejected before.
  await db.schema.dropTable('overtime_cap_flags').execute()
  await db.schema.alterTable('overtime_lots').dropColumn('days').execute()
}
