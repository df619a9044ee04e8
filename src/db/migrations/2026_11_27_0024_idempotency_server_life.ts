/**
 * Which life of the database server a running Idempotency-Key's request began in
 * (docs/decisions/0021-failover-and-read-replicas.md): PostgreSQL's `pg_postmaster_start_time()` at
 * the claim, null on SQLite. A claim from a server that has since restarted or been replaced by a
 * promoted standby belongs to a request that died with it, so a retry takes it over at once instead
 * of waiting for the minute of abandonment. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claimed_on_server', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('claimed_on_server').execute()
}
