/**
 * Overtime lots (docs/decisions/0018-overtime.md): once a month has ended, each employee's overtime
 * in it, to be approved or rejected and then compensated by rest (absences of the system type
 * `overtime_rest`, each drawing minutes from lots) or by pay (payments, each with its payroll
 * month). Housekeeping keeps, per company, the months it has proposed and the moment up to which it
 * has looked for changes of the record, which the three new indexes find cheaply: punches pushed
 * late, decided corrections, and absences (which gain `updated_at`). Frozen: later changes go into
 * new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'
import { newId } from '../../lib/ids.js'

const REST_TYPE_LABELS = { es: 'Descanso por horas extra', en: 'Overtime rest' } as const

export async function up(db: Kysely<any>): Promise<void> {
  // An earlier migration's writes to users may leave deferred triggers pending (see 0019).
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema
    .createTable('overtime_lots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    // 1 for the month's first lot; each adjustment after it takes the next number.
    .addColumn('sequence', 'integer', (c) => c.notNull())
    // An adjustment names the month's first lot.
    .addColumn('adjusts', 'text')
    .addColumn('minutes', 'integer', (c) => c.notNull())
    // The basis the month was counted on: a month keeps it when the company's policy changes.
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('compensation', 'text')
    .addColumn('force_majeure', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('compensate_by', 'text', (c) => c.notNull())
    .addColumn('rested_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('overdue_announced_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // Two instances proposing the same month at once cannot both write its first lot.
  await db.schema
    .createIndex('overtime_lots_user_month_sequence')
    .unique()
    .on('overtime_lots')
    .columns(['tenant_id', 'user_id', 'month', 'sequence'])
    .execute()
  await db.schema
    .createIndex('overtime_lots_tenant_month')
    .on('overtime_lots')
    .columns(['tenant_id', 'month'])
    .execute()
  await db.schema
    .createIndex('overtime_lots_tenant_status')
    .on('overtime_lots')
    .columns(['tenant_id', 'status'])
    .execute()

  await db.schema
    .createTable('overtime_rest_draws')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('absence_id', 'text', (c) => c.notNull().references('absences.id'))
    .addColumn('lot_id', 'text', (c) => c.notNull().references('overtime_lots.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    // The absence's last day: rest counts as taken within the four months of art. 35.2 by it.
    .addColumn('taken_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('overtime_rest_draws_pk', ['absence_id', 'lot_id'])
    .execute()
  await db.schema
    .createIndex('overtime_rest_draws_lot')
    .on('overtime_rest_draws')
    .columns(['tenant_id', 'lot_id'])
    .execute()
  await db.schema
    .createIndex('overtime_rest_draws_user')
    .on('overtime_rest_draws')
    .columns(['tenant_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('overtime_lots_tenant_user')
    .on('overtime_lots')
    .columns(['tenant_id', 'user_id', 'month'])
    .execute()

  await db.schema
    .createTable('overtime_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('lot_id', 'text', (c) => c.notNull().references('overtime_lots.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('payroll_month', 'text', (c) => c.notNull())
    .addColumn('paid_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('overtime_payments_lot')
    .on('overtime_payments')
    .columns(['tenant_id', 'lot_id'])
    .execute()

  await db.schema
    .createTable('overtime_settlements')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    // The first month lots were proposed for, and the last: months in between all have theirs.
    .addColumn('first_month', 'text', (c) => c.notNull())
    .addColumn('settled_month', 'text', (c) => c.notNull())
    // Changes of the record written before this instant have been looked at.
    .addColumn('changes_seen_until', 'text', (c) => c.notNull())
    .execute()

  await db.schema.createIndex('punches_tenant_created').on('punches').columns(['tenant_id', 'created_at']).execute()
  await db.schema
    .createIndex('punch_corrections_tenant_decided')
    .on('punch_corrections')
    .columns(['tenant_id', 'decided_at'])
    .execute()
  await db.schema.alterTable('absences').addColumn('updated_at', 'text').execute()
  await sql`update absences set updated_at = coalesce(cancelled_at, decided_at, created_at)`.execute(db)
  await db.schema.createIndex('absences_tenant_updated').on('absences').columns(['tenant_id', 'updated_at']).execute()

  // Every company gains the system type rest is taken with, labelled in its language.
  const tenants = await db.selectFrom('tenants').select(['id', 'language', 'created_at']).execute()
  for (const tenant of tenants) {
    const taken = await db
      .selectFrom('absence_types')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', 'overtime_rest')
      .executeTakeFirst()
    if (taken) continue
    await db
      .insertInto('absence_types')
      .values({
        id: newId('absenceType'),
        tenant_id: tenant.id,
        key: 'overtime_rest',
        label: REST_TYPE_LABELS[tenant.language as 'es' | 'en'] ?? REST_TYPE_LABELS.en,
        requires_approval: true,
        allows_hourly: true,
        consumes_vacation: false,
        created_at: tenant.created_at,
      })
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema.dropIndex('absences_tenant_updated').execute()
  await db.schema.alterTable('absences').dropColumn('updated_at').execute()
  await db.schema.dropIndex('punch_corrections_tenant_decided').execute()
  await db.schema.dropIndex('punches_tenant_created').execute()
  for (const table of ['overtime_settlements', 'overtime_payments', 'overtime_rest_draws', 'overtime_lots'])
    await db.schema.dropTable(table).execute()
}
