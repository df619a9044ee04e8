/**
 * The heavy reads on a replica (decisions 21, `DATABASE_READ_URL`): summaries, monthly reports,
 * the company export and totals, the overtime report and the record export run there when it is
 * current enough for the company asking, and on the primary otherwise. Current enough means both:
 *
 * - it has replayed every write of the company this service committed (read your writes): after
 *   each write the primary's WAL position is noted per company, and a read of that company waits
 *   for the replica to pass it by reading the primary instead;
 * - it lags less than `maxLagSeconds` behind the primary, as PostgreSQL measures it on the standby
 *   (the age of the last replayed commit while WAL received is still unreplayed), so writes made
 *   elsewhere (another instance without a shared mark store, the command line, housekeeping) are
 *   seen within that bound.
 *
 * A company's mark is needed only for `maxLagSeconds`: after that, a replica that has not replayed
 * the write lags by more than the bound and is passed over for that reason. A replica that does
 * not answer is left alone for a few seconds and the primary serves. A replica that is no longer in
 * recovery (promoted, or the URL names a primary) is read as it is.
 */
import type { Redis } from 'ioredis'
import { type Kysely, sql } from 'kysely'
import type { Database } from './schema.js'

/** Where a company's heavy reads went, and why (the metric `jornada_replica_reads_total`). */
export type ReplicaOutcome = 'replica' | 'own_writes' | 'lagging' | 'unavailable'

/** The WAL position of each company's last write, shared by instances through Redis or kept in memory. */
export interface WriteMarks {
  /** Keeps `position` for `tenantId` for `ttlMs`, unless a later position is kept already. */
  note(tenantId: string, position: number, ttlMs: number): Promise<void>
  /** The position kept for `tenantId`, or null. */
  positionOf(tenantId: string): Promise<number | null>
}

export class MemoryWriteMarks implements WriteMarks {
  private readonly marks = new Map<string, { position: number; until: number }>()

  constructor(private readonly clock: () => number = Date.now) {}

  async note(tenantId: string, position: number, ttlMs: number): Promise<void> {
    const kept = this.marks.get(tenantId)
    const until = this.clock() + ttlMs
    this.marks.set(tenantId, { position: Math.max(position, kept?.position ?? 0), until })
  }

  async positionOf(tenantId: string): Promise<number | null> {
    const kept = this.marks.get(tenantId)
    if (!kept) return null
    if (kept.until <= this.clock()) {
      this.marks.delete(tenantId)
      return null
    }
    return kept.position
  }
}

/** Keeps the later of two positions, atomically, and the mark's life from now. */
const NOTE_SCRIPT = `
local kept = tonumber(redis.call('GET', KEYS[1]) or '0')
local position = tonumber(ARGV[1])
if position > kept then kept = position end
redis.call('SET', KEYS[1], string.format('%.0f', kept), 'PX', ARGV[2])
return 1
`

/** Marks every instance sees: an instance reads a company's writes that another instance made. */
export class RedisWriteMarks implements WriteMarks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'jornada:written:',
  ) {
    redis.defineCommand('jornadaNoteWrite', { numberOfKeys: 1, lua: NOTE_SCRIPT })
  }

  async note(tenantId: string, position: number, ttlMs: number): Promise<void> {
    const run = (this.redis as unknown as Record<string, (...args: unknown[]) => Promise<number>>).jornadaNoteWrite!
    await run.call(this.redis, this.prefix + tenantId, position, Math.ceil(ttlMs))
  }

  async positionOf(tenantId: string): Promise<number | null> {
    const kept = await this.redis.get(this.prefix + tenantId)
    return kept === null ? null : Number(kept)
  }

  /** A connection already lost is dropped, so shutting down never fails on it. */
  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}

/** What a read request is given to reach the replica (auth/request-scope's `replica`). */
export interface ReplicaReads {
  /** The replica, when it is current enough for `tenantId`; null: read the primary. */
  databaseFor(tenantId: string): Promise<Kysely<Database> | null>
  /** `tenantId`'s data changed on the primary just now: its reads wait for the replica to replay it. */
  noteWrite(tenantId: string): Promise<void>
}

export interface ReadReplicaOptions {
  /** The replica is passed over while it lags more than this behind the primary. */
  maxLagSeconds: number
  marks: WriteMarks
  /** Told where each read went (the metrics). */
  onRead?: (outcome: ReplicaOutcome) => void
  /** How long a replica that did not answer is left alone. */
  restMs?: number
  clock?: () => number
}

/** A position far beyond any real one: what is noted when the primary could not say its own. */
const UNKNOWN_POSITION = Number.MAX_SAFE_INTEGER

export class ReadReplica implements ReplicaReads {
  private restingUntil = 0
  private readonly clock: () => number

  constructor(
    private readonly replica: Kysely<Database>,
    private readonly primary: Kysely<Database>,
    private readonly options: ReadReplicaOptions,
  ) {
    this.clock = options.clock ?? Date.now
  }

  async databaseFor(tenantId: string): Promise<Kysely<Database> | null> {
    const outcome = await this.judge(tenantId)
    this.options.onRead?.(outcome)
    return outcome === 'replica' ? this.replica : null
  }

  private async judge(tenantId: string): Promise<ReplicaOutcome> {
    if (this.clock() < this.restingUntil) return 'unavailable'
    let state: { recovering: boolean; replayed: number | null; lag_seconds: number | null } | undefined
    try {
      ;({
        rows: [state],
      } = await sql<{ recovering: boolean; replayed: number | null; lag_seconds: number | null }>`
        select pg_is_in_recovery() as recovering,
               (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::float8 as replayed,
               case when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
                    else extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8
               end as lag_seconds`.execute(this.replica))
    } catch {
      this.restingUntil = this.clock() + (this.options.restMs ?? 5_000)
      return 'unavailable'
    }
    if (!state) return 'unavailable'
    // Promoted, or a primary named as the replica: it has everything it will ever have.
    if (!state.recovering) return 'replica'
    if (state.lag_seconds === null || state.lag_seconds > this.options.maxLagSeconds) return 'lagging'
    const written = await this.options.marks.positionOf(tenantId).catch(() => UNKNOWN_POSITION)
    if (written !== null && (state.replayed === null || state.replayed < written)) return 'own_writes'
    return 'replica'
  }

  async noteWrite(tenantId: string): Promise<void> {
    let position = UNKNOWN_POSITION
    try {
      // After the commit, so the position is at or past the commit's own record.
      const { rows } = await sql<{ position: number }>`
        select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::float8 as position`.execute(this.primary)
      position = rows[0]?.position ?? UNKNOWN_POSITION
    } catch {
      // The primary could not say: the company's reads go to the primary for the mark's life.
    }
    await this.options.marks
      .note(tenantId, position, this.options.maxLagSeconds * 1000 + MARK_MARGIN_MS)
      .catch(() => undefined)
  }
}

/** Marks outlive the lag bound by this much, for the clocks of the instances and the standby. */
const MARK_MARGIN_MS = 5_000
