/**
 * The audit log: one row per write through the API or the command line, append-only. It names
 * the fields a write sent, never their values. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .execute()
  // Newest first, in a tenant: the order of the list, which every filter narrows.
  await db.schema
    .createIndex('audit_log_tenant_at')
    .ifNotExists()
    .on('audit_log')
    .columns(['tenant_id', 'at', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
}
