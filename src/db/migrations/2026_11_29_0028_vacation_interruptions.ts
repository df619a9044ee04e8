/**
 * Vacation as art. 38 ET counts it: an absence type says whether it interrupts vacation (art. 38.3:
 * a temporary incapacity during the vacation gives its days back to be taken later), true for the
 * built-in sick leave of every existing company; and the company says whether vacation is counted
 * in working days (as before, the default) or in calendar days (art. 38.1: 30 calendar days a
 * year). Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('absence_types')
    .addColumn('interrupts_vacation', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.updateTable('absence_types').set({ interrupts_vacation: true }).where('key', '=', 'sick').execute()
  await db.schema
    .alterTable('tenants')
    .addColumn('vacation_unit', 'text', (c) => c.notNull().defaultTo('working_days'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('vacation_unit').execute()
  await db.schema.alterTable('absence_types').dropColumn('interrupts_vacation').execute()
}
