/**
 * People sign in (docs/decisions/0016-accounts-and-sign-in.md): server-side sessions kept as
 * hashes, single-use tokens for invitations and password resets (hashes too), and who created each
 * API key, which tells a personal key (made by the person it acts as) from an integration's. Ending
 * a session moves the authentication epoch (migration 0013), so a session signed out or ended on
 * one instance stops working on every other at its next request. Frozen: later changes go into new
 * migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('csrf_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute()
  await db.schema.createIndex('sessions_user').ifNotExists().on('sessions').columns(['tenant_id', 'user_id']).execute()
  await db.schema.createIndex('sessions_expiry').ifNotExists().on('sessions').column('expires_at').execute()

  await db.schema
    .createTable('account_tokens')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_by_user_id', 'text')
    .execute()
  await db.schema
    .createIndex('account_tokens_user')
    .ifNotExists()
    .on('account_tokens')
    .columns(['tenant_id', 'user_id'])
    .execute()

  await db.schema.alterTable('api_keys').addColumn('created_by_user_id', 'text').execute()
  // Sign-in looks an email up across companies.
  await db.schema.createIndex('users_email').ifNotExists().on('users').column('email_normalized').execute()

  // Ending a session moves the epoch, like revoking a key (see 0013; the function exists there).
  for (const [event, name] of [
    ['update of ended_at, user_id, tenant_id, secret_hash, expires_at', 'update'],
    ['delete', 'delete'],
  ] as const) {
    const trigger = `sessions_auth_epoch_${name}`
    await (sqlite
      ? sql.raw(
          `create trigger if not exists ${trigger} after ${event} on sessions begin update auth_epoch set n = n + 1 where id = 1; end`,
        )
      : sql.raw(
          `create constraint trigger ${trigger} after ${event} on sessions deferrable initially deferred for each row execute function jornada_bump_auth_epoch()`,
        )
    ).execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  for (const name of ['update', 'delete']) {
    const trigger = `sessions_auth_epoch_${name}`
    await sql
      .raw(sqlite ? `drop trigger if exists ${trigger}` : `drop trigger if exists ${trigger} on sessions`)
      .execute(db)
  }
  await db.schema.dropIndex('users_email').ifExists().execute()
  await db.schema.alterTable('api_keys').dropColumn('created_by_user_id').execute()
  await db.schema.dropTable('account_tokens').ifExists().execute()
  await db.schema.dropTable('sessions').ifExists().execute()
}
