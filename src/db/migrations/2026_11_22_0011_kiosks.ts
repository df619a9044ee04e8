/**
 * Kiosks (docs/decisions/0013-kiosks.md): shared clock-in devices at a workplace. A device
 * authenticates with its token (kept as a SHA-256 hash, as API keys are), which can call the kiosk
 * endpoints only. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosks')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('work_center_id', 'text', (c) => c.references('work_centers.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute()
  await db.schema.createIndex('kiosks_tenant').ifNotExists().on('kiosks').columns(['tenant_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kiosks').ifExists().execute()
}
