/**
 * Credentials the company issued (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): a
 * person's sign-in whose invitation link was handed to an administrator (no mail), and a kiosk PIN
 * the company set or that was chosen with such a sign-in, are marked on the user with the moment
 * they were issued; the worker replacing the credential clears the mark. The personal acts made
 * with a marked credential keep `credential_origin = 'company_issued'` on their own rows: a punch
 * (set at insert, covered by its hash when present), the worker's decision on a correction, and the
 * signature of a month. Null everywhere else: the worker's own credential. Frozen: later changes go
 * into new migrations.
 */
import type { Kysely } from 'kysely'

const ORIGIN_COLUMNS = [
  ['punches', 'credential_origin'],
  ['punch_corrections', 'decision_credential_origin'],
  ['month_signatures', 'credential_origin'],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('credentials_company_issued_at', 'text').execute()
  await db.schema.alterTable('users').addColumn('kiosk_pin_company_issued_at', 'text').execute()
  for (const [table, column] of ORIGIN_COLUMNS) await db.schema.alterTable(table).addColumn(column, 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of ORIGIN_COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute()
  await db.schema.alterTable('users').dropColumn('kiosk_pin_company_issued_at').execute()
  await db.schema.alterTable('users').dropColumn('credentials_company_issued_at').execute()
}
