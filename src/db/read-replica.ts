/**
 * The heavy reads on a replica (docs/decisions/0021-failover-and-read-replicas.md,
 * `DATABASE_READ_URL`): summaries, monthly reports, the company export and totals, the overtime
 * report and the record export run there when it is current enough for the company asking, and on
 * the primary otherwise. Current enough means both:
 *
 * - it has replayed every write of the company this service committed (read your writes): after
 *   each write the primary's WAL position is noted for the company, and a read of that company
 *   goes to the primary until the replica has replayed past it;
 * - it is at most `maxLagSeconds` behind: it has replayed at least what the primary had written
 *   that long ago. The service samples the primary's position every second and keeps the samples
 *   of the last `maxLagSeconds`, so the bound holds however the replica fell behind (replay
 *   paused, a broken stream that receives nothing) and covers writes made elsewhere (another
 *   instance without a shared mark store, the command line, housekeeping).
 *
 * A company's mark is therefore needed only for `maxLagSeconds` and one sampling interval: by then
 * a sample taken after the write holds the replica to it. A replica that does not answer within a
 * second is left alone for a few seconds and the primary serves. One that is no longer in recovery
 * (promoted, or a primary named by mistake) no longer follows the primary: it is passed over.
 */
import type { Redis } from 'ioredis'
import { type Kysely, sql } from 'kysely'
import type { Database } from './schema.js'

/** Where a company's heavy read went, and why not to the replica (the metric `jornada_replica_reads_total`). */
export const REPLICA_OUTCOMES = ['replica', 'own_writes', 'lagging', 'unavailable', 'not_in_recovery'] as const
export type ReplicaOutcome = (typeof REPLICA_OUTCOMES)[number]

/**
 * The WAL position of each company's last write, shared by instances through Redis or kept in
 * memory. A position of null means a write whose position the primary could not give: the
 * company then reads the primary for the mark's life, and a later write does not extend it.
 */
export interface WriteMarks {
  /** Keeps `position` for `tenantId` for `ttlMs`, unless a later position is kept already. */
  note(tenantId: string, position: number | null, ttlMs: number): Promise<void>
  /** The position kept for `tenantId` (Infinity for an unknown one), or null. */
  positionOf(tenantId: string): Promise<number | null>
}

/** Marks kept in this process: what one instance knows of the writes it made. */
export class MemoryWriteMarks implements WriteMarks {
  private readonly marks = new Map<string, { position: number; until: number; unknownUntil: number }>()

  constructor(private readonly clock: () => number = Date.now) {}

  async note(tenantId: string, position: number | null, ttlMs: number): Promise<void> {
    const now = this.clock()
    if (this.marks.size >= SWEEP_ABOVE) this.sweep(now)
    const kept = this.marks.get(tenantId)
    this.marks.set(tenantId, {
      position: Math.max(position ?? 0, kept && kept.until > now ? kept.position : 0),
      until: now + ttlMs,
      unknownUntil: position === null ? now + ttlMs : (kept?.unknownUntil ?? 0),
    })
  }

  async positionOf(tenantId: string): Promise<number | null> {
    const kept = this.marks.get(tenantId)
    const now = this.clock()
    if (!kept || kept.until <= now) return null
    return kept.unknownUntil > now ? Number.POSITIVE_INFINITY : kept.position
  }

  /** Companies that stopped writing are forgotten once their marks expire. */
  private sweep(now: number): void {
    for (const [tenantId, mark] of this.marks) if (mark.until <= now) this.marks.delete(tenantId)
  }
}

/** Marks held at once before the expired ones are swept out. */
const SWEEP_ABOVE = 10_000

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

  async note(tenantId: string, position: number | null, ttlMs: number): Promise<void> {
    const ttl = Math.ceil(ttlMs)
    if (position === null) {
      await this.redis.set(`${this.prefix}${tenantId}:unknown`, '1', 'PX', ttl)
      return
    }
    const run = (this.redis as unknown as Record<string, (...args: unknown[]) => Promise<number>>).jornadaNoteWrite!
    await run.call(this.redis, this.prefix + tenantId, position, ttl)
  }

  async positionOf(tenantId: string): Promise<number | null> {
    const [kept, unknown] = await this.redis.mget(this.prefix + tenantId, `${this.prefix}${tenantId}:unknown`)
    if (unknown !== null) return Number.POSITIVE_INFINITY
    return kept === null || kept === undefined ? null : Number(kept)
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
  /** The replica is passed over while it is more than this behind the primary. */
  maxLagSeconds: number
  /** Shared marks (Redis); every instance also keeps its own, which a Redis outage does not lose. */
  marks?: WriteMarks
  /** Told where each read went (the metrics). */
  onRead?: (outcome: ReplicaOutcome) => void
  /** How long a replica that did not answer is left alone. */
  restMs?: number
  clock?: () => number
}

/** How often the primary's position is sampled. */
export const SAMPLE_INTERVAL_MS = 1_000
/** How long the replica may take to say where it is before it counts as not answering. */
const CHECK_TIMEOUT_MS = 1_000
/** Marks outlive the bound and a sampling interval by this much, for the clocks of the instances. */
const MARK_MARGIN_MS = 5_000

export class ReadReplica implements ReplicaReads {
  private restingUntil = 0
  private readonly clock: () => number
  private readonly local: MemoryWriteMarks
  /**
   * The primary's WAL position over time, oldest first: the first is the newest sample at least
   * `maxLagSeconds` old (or the oldest there is), the position the replica must have replayed.
   */
  private readonly samples: { at: number; position: number }[] = []
  private sampler: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly replica: Kysely<Database>,
    private readonly primary: Kysely<Database>,
    private readonly options: ReadReplicaOptions,
  ) {
    this.clock = options.clock ?? Date.now
    this.local = new MemoryWriteMarks(this.clock)
  }

  /** Starts sampling the primary's position; `stop` ends it. */
  start(): void {
    if (this.sampler) return
    void this.sample()
    this.sampler = setInterval(() => void this.sample(), SAMPLE_INTERVAL_MS)
    this.sampler.unref()
  }

  stop(): void {
    if (this.sampler) clearInterval(this.sampler)
    this.sampler = null
  }

  /** Reads the primary's position now; a primary that does not answer leaves the samples as they are. */
  async sample(): Promise<void> {
    const position = await this.primaryPosition()
    if (position === null) return
    const now = this.clock()
    this.samples.push({ at: now, position })
    const cutoff = now - this.options.maxLagSeconds * 1000
    while (this.samples.length >= 2 && this.samples[1]!.at <= cutoff) this.samples.shift()
  }

  async databaseFor(tenantId: string): Promise<Kysely<Database> | null> {
    const outcome = await this.judge(tenantId)
    this.options.onRead?.(outcome)
    return outcome === 'replica' ? this.replica : null
  }

  private async judge(tenantId: string): Promise<ReplicaOutcome> {
    if (this.clock() < this.restingUntil) return 'unavailable'
    const state = await this.replicaState()
    if (!state) {
      this.restingUntil = this.clock() + (this.options.restMs ?? 5_000)
      return 'unavailable'
    }
    if (!state.recovering || state.replayed === null) return 'not_in_recovery'
    // Without a sample yet (the primary has not answered since the start), the bound cannot be judged.
    const required = this.samples[0]?.position
    if (required === undefined || state.replayed < required) return 'lagging'
    const written = Math.max(
      (await this.local.positionOf(tenantId)) ?? 0,
      (await this.options.marks?.positionOf(tenantId).catch(() => Number.POSITIVE_INFINITY)) ?? 0,
    )
    return state.replayed < written ? 'own_writes' : 'replica'
  }

  /** Whether the replica is in recovery and how far it has replayed; null when it does not answer in time. */
  private async replicaState(): Promise<{ recovering: boolean; replayed: number | null } | null> {
    const query = sql<{ recovering: boolean; replayed: number | null }>`
      select pg_is_in_recovery() as recovering,
             (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::float8 as replayed`.execute(this.replica)
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS)
    })
    try {
      // A check that answers after its time is of no use; the race has handled its failure too.
      return await Promise.race([query.then(({ rows }) => rows[0] ?? null), late])
    } catch {
      return null
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * The primary's current WAL insert position, in bytes. Read after a write's commit, it is at or
   * past the commit's record. (It may point past a page header, which a replica reaches only with
   * the next record: a company is then read from the primary a little longer, never wrongly.)
   */
  private async primaryPosition(): Promise<number | null> {
    try {
      const { rows } = await sql<{ position: number }>`
        select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::float8 as position`.execute(this.primary)
      return rows[0]?.position ?? null
    } catch {
      return null
    }
  }

  async noteWrite(tenantId: string): Promise<void> {
    const position = await this.primaryPosition()
    const ttlMs = this.options.maxLagSeconds * 1000 + SAMPLE_INTERVAL_MS + MARK_MARGIN_MS
    await this.local.note(tenantId, position, ttlMs)
    // A mark Redis did not take is still this instance's; others read within the bound.
    await this.options.marks?.note(tenantId, position, ttlMs).catch(() => undefined)
  }
}
