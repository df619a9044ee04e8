/**
 * Tenants, catalogues, users, folders and API keys. Frozen: later changes go into new migrations.
 * Every tenant-owned table carries tenant_id and every index starts with it.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely'

/**
 * Lists sort by these columns. PostgreSQL would order them by the database's locale, SQLite by
 * code point; the "C" collation makes PostgreSQL order by code point too, so both engines agree.
 */
export async function collateByCodePoint(db: Kysely<any>, table: string, column: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('default_vacation_days', 'integer', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('hr_department_id', 'text')
    .addColumn('default_folders', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('departments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('departments_tenant_name')
    .unique()
    .on('departments')
    .columns(['tenant_id', 'name'])
    .execute()

  await db.schema
    .createTable('work_centers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('work_centers_tenant_name')
    .unique()
    .on('work_centers')
    .columns(['tenant_id', 'name'])
    .execute()

  let users = db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('full_name_normalized', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('member', 'admin')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'disabled')`))
    .addColumn('hire_date', 'text')
    .addColumn('vacation_days', 'integer')
    .addColumn('works_holidays', 'boolean', (c) => c.notNull())
    .addColumn('remote_work_allowed', 'boolean', (c) => c.notNull())
    .addColumn('has_photo', 'boolean', (c) => c.notNull())
    .addColumn('department_id', 'text', (c) => c.references('departments.id'))
    .addColumn('work_center_id', 'text', (c) => c.references('work_centers.id'))
    .addColumn('manager_id', 'text', (c) => c.references('users.id'))
    .addColumn('password_hash', 'text')
    .addColumn('kiosk_id', 'text')
    .addColumn('kiosk_pin_hash', 'text')
  for (const column of [
    'phone_company',
    'phone_personal',
    'personal_email',
    'birth_date',
    'nationality',
    'dni',
    'dni_expiry',
    'address',
    'city',
    'postal_code',
    'passport_number',
    'passport_issue',
    'passport_expiry',
    'health_insurance',
    'iban',
    'swift',
    'country',
    'company_name',
    'company_cif',
    'ssn',
  ]) {
    users = users.addColumn(column, 'text')
  }
  await users
    .addColumn('qualifications', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await collateByCodePoint(db, 'users', 'full_name_normalized')
  await collateByCodePoint(db, 'departments', 'name')
  await collateByCodePoint(db, 'work_centers', 'name')
  await db.schema
    .createIndex('users_tenant_email')
    .unique()
    .on('users')
    .columns(['tenant_id', 'email_normalized'])
    .execute()
  await db.schema.createIndex('users_tenant_kiosk').unique().on('users').columns(['tenant_id', 'kiosk_id']).execute()
  await db.schema
    .createIndex('users_tenant_name')
    .on('users')
    .columns(['tenant_id', 'full_name_normalized', 'id'])
    .execute()
  await db.schema.createIndex('users_tenant_department').on('users').columns(['tenant_id', 'department_id']).execute()
  await db.schema.createIndex('users_tenant_work_center').on('users').columns(['tenant_id', 'work_center_id']).execute()
  await db.schema.createIndex('users_tenant_manager').on('users').columns(['tenant_id', 'manager_id']).execute()

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('document_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('folders_tenant_user')
    .on('folders')
    .columns(['tenant_id', 'user_id', 'position'])
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('acts_as_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('api_keys_tenant').on('api_keys').columns(['tenant_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['api_keys', 'folders', 'users', 'work_centers', 'departments', 'tenants']) {
    await db.schema.dropTable(table).execute()
  }
}
