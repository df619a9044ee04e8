/**
 * The authentication epoch (0013) announced as it moves: on PostgreSQL the function its triggers
 * run also notifies channel `jornada_auth_epoch`, with the schema as the payload, so every
 * instance that listens (db/auth-epoch-watch) may keep the epoch in memory instead of reading it on
 * every request. A notification is sent only if its transaction commits, and one per transaction
 * however many rows it changed (PostgreSQL folds identical notifications). SQLite has nothing to
 * change: its instances share one file and see its commits directly. Frozen: later changes go into
 * new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`
    create or replace function jornada_bump_auth_epoch() returns trigger language plpgsql as $$
    begin
      update auth_epoch set n = n + 1 where id = 1;
      perform pg_notify('jornada_auth_epoch', current_schema());
      return null;
    end $$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`
    create or replace function jornada_bump_auth_epoch() returns trigger language plpgsql as $$
    begin
      update auth_epoch set n = n + 1 where id = 1;
      return null;
    end $$`.execute(db)
}
