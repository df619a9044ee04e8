/**
 * Authorisation on current data (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): a
 * change of role, HR membership, supervisor or `representative` applies to the next request of
 * every session and key already in use. Kept key and session lookups (modules/keys/key-lookups)
 * stand as long as the authentication epoch (0013) does not move; `representative`, which the
 * lookup reads since 0022, did not move it, so a flag removed kept its reads until the lookup was
 * forgotten. The users' trigger now watches every column a caller's authorisation reads, and
 * `manager_id` (the supervisor chain) too. Frozen: later changes go into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

const BEFORE = ['tenant_id', 'email', 'full_name', 'role', 'status', 'department_id']
const NOW = [...BEFORE, 'representative', 'manager_id']

async function watchUsers(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  // Earlier writes to users leave deferred triggers pending on PostgreSQL (as in 0022).
  if (!sqlite) await sql`set constraints all immediate`.execute(db)
  const trigger = 'users_auth_epoch_update'
  const event = `update of ${columns.join(', ')}`
  if (sqlite) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
    await sql
      .raw(`create trigger ${trigger} after ${event} on users begin update auth_epoch set n = n + 1 where id = 1; end`)
      .execute(db)
  } else {
    await sql.raw(`drop trigger if exists ${trigger} on users`).execute(db)
    await sql
      .raw(
        `create constraint trigger ${trigger} after ${event} on users deferrable initially deferred for each row execute function jornada_bump_auth_epoch()`,
      )
      .execute(db)
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await watchUsers(db, NOW)
}

export async function down(db: Kysely<any>): Promise<void> {
  await watchUsers(db, BEFORE)
}
