import { type ExpressionBuilder, type Kysely, SqliteAdapter, sql } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { IdempotencyKeyRow } from './idempotency.tables.js'

type Db = Kysely<Database>

export interface KeyRef {
  tenantId: string
  apiKeyId: string
  key: string
}

/** The condition naming one key of one API key of one tenant. */
function isRef(ref: KeyRef) {
  return (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
    eb.and([eb('tenant_id', '=', ref.tenantId), eb('api_key_id', '=', ref.apiKeyId), eb('key', '=', ref.key)])
}

/**
 * The life of the database server a statement runs in: PostgreSQL's start time, which a restart
 * or a promoted standby changes (docs/decisions/0021-failover-and-read-replicas.md); null on
 * SQLite, whose file has no server.
 */
function serverLife(db: Db) {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<string | null>`null`
    : sql<string | null>`(select pg_postmaster_start_time()::text)`
}

/** Marks the key as running under `claim`; false when the key is already there. */
export async function insertClaim(
  db: Db,
  ref: KeyRef,
  fingerprint: string,
  claim: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      tenant_id: ref.tenantId,
      api_key_id: ref.apiKeyId,
      key: ref.key,
      fingerprint,
      state: 'running',
      claim,
      claimed_at: now,
      claimed_on_server: serverLife(db),
      status: null,
      body: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'api_key_id', 'key']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
}

/** The key, and the server's life now: a running claim from another life belongs to a request that died. */
export async function findKey(
  db: Db,
  ref: KeyRef,
): Promise<(IdempotencyKeyRow & { server_now: string | null }) | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .select(serverLife(db).as('server_now'))
    .where(isRef(ref))
    .executeTakeFirst()
}

/** Takes over a running key whose claim is still `previous`; false when another request was faster. */
export async function takeOver(db: Db, ref: KeyRef, previous: string, claim: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ claim, claimed_at: now, claimed_on_server: serverLife(db) })
    .where(isRef(ref))
    .where('state', '=', 'running')
    .where('claim', '=', previous)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Keeps the answer, if the key is still held under `claim`; false when it is not. */
export async function keepAnswer(db: Db, ref: KeyRef, claim: string, status: number, body: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status, body })
    .where(isRef(ref))
    .where('state', '=', 'running')
    .where('claim', '=', claim)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Lets the key go (its request kept no answer), if it is still held under `claim`. */
export async function releaseClaim(db: Db, ref: KeyRef, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where(isRef(ref))
    .where('state', '=', 'running')
    .where('claim', '=', claim)
    .execute()
}

/** Removes the keys created before `before`; returns how many went. */
export async function purgeKeysBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
