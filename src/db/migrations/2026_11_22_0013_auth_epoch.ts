/**
 * The authentication epoch: one counter that every change able to alter what a key may do moves
 * forward (a key revoked, expiring, re-scoped; its acting user disabled, renamed, moved; its
 * company changed). An instance may keep key lookups in memory as long as the epoch it read them
 * at is still the current one, so a revocation takes effect on every instance at the next request,
 * whichever instance or command made it (see modules/keys/key-lookups).
 *
 * Triggers move it, so no code path can forget to. On PostgreSQL they are deferred constraint
 * triggers: the counter's row is locked only at commit, after every other lock the transaction
 * takes, so two transactions can never wait on each other through it. Frozen: later changes go
 * into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

/** What the lookup of a key reads, by table: a change to any of it moves the epoch. */
const WATCHED: Record<string, string[] | 'all'> = {
  api_keys: ['secret_hash', 'scopes', 'acts_as_user_id', 'tenant_id', 'expires_at', 'revoked_at', 'kind'],
  users: ['tenant_id', 'email', 'full_name', 'role', 'status', 'department_id'],
  tenants: 'all',
}

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('auth_epoch')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute()
  await sql`insert into auth_epoch (id, n) values (1, 0)`.execute(db)

  if (!sqlite) {
    await sql`
      create or replace function jornada_bump_auth_epoch() returns trigger language plpgsql as $$
      begin
        update auth_epoch set n = n + 1 where id = 1;
        return null;
      end $$`.execute(db)
  }
  for (const [table, columns] of Object.entries(WATCHED)) {
    const update = columns === 'all' ? 'update' : `update of ${columns.join(', ')}`
    for (const [event, name] of [
      [update, 'update'],
      ['delete', 'delete'],
    ] as const) {
      const trigger = `${table}_auth_epoch_${name}`
      await (sqlite
        ? sql.raw(
            `create trigger if not exists ${trigger} after ${event} on ${table} begin update auth_epoch set n = n + 1 where id = 1; end`,
          )
        : sql.raw(
            `create constraint trigger ${trigger} after ${event} on ${table} deferrable initially deferred for each row execute function jornada_bump_auth_epoch()`,
          )
      ).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  for (const table of Object.keys(WATCHED)) {
    for (const name of ['update', 'delete']) {
      const trigger = `${table}_auth_epoch_${name}`
      await sql
        .raw(sqlite ? `drop trigger if exists ${trigger}` : `drop trigger if exists ${trigger} on ${table}`)
        .execute(db)
    }
  }
  if (!sqlite) await sql`drop function if exists jornada_bump_auth_epoch()`.execute(db)
  await db.schema.dropTable('auth_epoch').ifExists().execute()
}
