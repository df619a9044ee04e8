/**
 * Passkeys (docs/decisions/0016-accounts-and-sign-in.md): a person's WebAuthn credentials, each
 * with its public key and the signature counter a cloned authenticator would betray, and the
 * challenges of ceremonies under way, each used once. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // The authenticator's credential id (base64url): how a sign-in names the passkey it used.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'boolean', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute()
  await db.schema.createIndex('passkeys_user').ifNotExists().on('passkeys').columns(['tenant_id', 'user_id']).execute()

  await db.schema
    .createTable('webauthn_challenges')
    .ifNotExists()
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // Registration belongs to a signed-in person; a sign-in's challenge to nobody yet.
    .addColumn('tenant_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('webauthn_challenges_expiry')
    .ifNotExists()
    .on('webauthn_challenges')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').ifExists().execute()
  await db.schema.dropTable('passkeys').ifExists().execute()
}
