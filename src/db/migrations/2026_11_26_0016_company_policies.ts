/**
 * Company settings month-end needs: the working-time policy (how long a session may stay open
 * before it counts as a forgotten clock-out, and the break art. 34.4 ET requires), the legal
 * identity printed on the monthly record (legal name, CIF), and the language the company's
 * documents and mails speak (Spanish for Spanish companies, English otherwise, until changed).
 * Existing absence types keep their labels: a label is part of what a worker's signature of a
 * month covers, and renaming it would make every signed month with such an absence read as
 * superseded. Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('max_session_hours', 'integer', (c) => c.notNull().defaultTo(14))
    .execute()
  await db.schema
    .alterTable('tenants')
    .addColumn('break_after_minutes', 'integer', (c) => c.notNull().defaultTo(360))
    .execute()
  await db.schema
    .alterTable('tenants')
    .addColumn('min_break_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .execute()
  await db.schema.alterTable('tenants').addColumn('legal_name', 'text').execute()
  await db.schema.alterTable('tenants').addColumn('cif', 'text').execute()
  await db.schema
    .alterTable('tenants')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute()
  // As new companies start: Spanish in Spanish-speaking countries and with no country.
  await sql`UPDATE tenants SET language = 'es' WHERE country IS NULL OR country IN (${sql.join([...SPANISH_SPEAKING])})`.execute(
    db,
  )
}

const SPANISH_SPEAKING = [
  'ES',
  'MX',
  'AR',
  'CO',
  'CL',
  'PE',
  'VE',
  'EC',
  'GT',
  'CU',
  'BO',
  'DO',
  'HN',
  'PY',
  'SV',
  'NI',
  'CR',
  'PA',
  'UY',
  'GQ',
  'PR',
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'language',
    'cif',
    'legal_name',
    'min_break_minutes',
    'break_after_minutes',
    'max_session_hours',
  ])
    await db.schema.alterTable('tenants').dropColumn(column).execute()
}
