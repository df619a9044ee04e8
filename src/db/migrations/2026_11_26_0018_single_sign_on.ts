/**
 * Single sign-on (docs/decisions/0016-accounts-and-sign-in.md): a company's OpenID Connect client
 * (its client secret sealed with a key kept outside the database, lib/secret-box.ts), and the
 * sign-ins under way at a provider, each used once within minutes. Frozen: later changes go into
 * new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenant_sso')
    .ifNotExists()
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('oidc_issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    // JSON array of lowercase domains, or null: any domain.
    .addColumn('allowed_domains', 'text')
    .addColumn('sso_only', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('oidc_sign_ins')
    .ifNotExists()
    // SHA-256 of the `state` sent to the provider: the row is found by what comes back.
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('oidc_sign_ins_expiry').ifNotExists().on('oidc_sign_ins').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_sign_ins').ifExists().execute()
  await db.schema.dropTable('tenant_sso').ifExists().execute()
}
