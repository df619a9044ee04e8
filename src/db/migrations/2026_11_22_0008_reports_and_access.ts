/**
 * Reports, sign-off and inspector access: a key's kind (`standard` or `inspector`), the access
 * log of inspector keys, and the workers' signatures of their monthly record. Keys acting as a
 * user who is already disabled are revoked, so that reactivating that user does not bring them
 * back (deactivation now revokes for good). Written to be re-runnable (SQLite runs a migration
 * step by step). Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

async function hasColumn(db: Kysely<any>, table: string, column: string): Promise<boolean> {
  const tables = await db.introspection.getTables()
  return tables.some((t) => t.name === table && t.columns.some((c) => c.name === column))
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(await hasColumn(db, 'api_keys', 'kind'))) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('standard').check(sql`kind in ('standard', 'inspector')`))
      .execute()
  }
  await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString() })
    .where('revoked_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('users as u')
          .select('u.id')
          .whereRef('u.id', '=', 'api_keys.acts_as_user_id')
          .whereRef('u.tenant_id', '=', 'api_keys.tenant_id')
          .where('u.status', '=', 'disabled'),
      ),
    )
    .execute()

  await db.schema
    .createTable('access_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull()) // the key's acting user
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('subjects', 'text', (c) => c.notNull()) // JSON array: employees whose records were read
    .execute()
  await db.schema
    .createIndex('access_log_tenant_at')
    .ifNotExists()
    .on('access_log')
    .columns(['tenant_id', 'at', 'id'])
    .execute()
  await db.schema
    .createIndex('access_log_tenant_key_at')
    .ifNotExists()
    .on('access_log')
    .columns(['tenant_id', 'key_id', 'at'])
    .execute()

  await db.schema
    .createTable('month_signatures')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('month', 'text', (c) => c.notNull()) // YYYY-MM
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('month_signatures_tenant_user_month')
    .ifNotExists()
    .on('month_signatures')
    .columns(['tenant_id', 'user_id', 'month', 'signed_at'])
    .execute()
  await db.schema
    .createIndex('month_signatures_tenant_month')
    .ifNotExists()
    .on('month_signatures')
    .columns(['tenant_id', 'month'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('month_signatures').ifExists().execute()
  await db.schema.dropTable('access_log').ifExists().execute()
  await db.schema.alterTable('api_keys').dropColumn('kind').execute()
}
