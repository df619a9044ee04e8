/**
 * Record keys (docs/decisions/0019-representatives-and-record-export.md): each company's Ed25519
 * keys that sign its record exports. The private half is stored sealed with the service's
 * SECRETS_KEY (lib/secret-box), so a copy of the database alone cannot sign in the company's name.
 * A rotated key stays, with the end of its validity, so exports it signed can still be checked.
 * Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text')
    .execute()
  await db.schema.createIndex('record_keys_tenant').on('record_keys').columns(['tenant_id', 'valid_from']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_keys').execute()
}
