/**
 * API-key and session lookups kept in memory, so that most requests authenticate without reading
 * the key (or session), its acting user and its company again.
 *
 * A kept lookup is used only while the authentication epoch (migration 0013) is the one it was
 * read at. Every committed change to what a lookup reads moves the epoch, through triggers: a key
 * revoked or re-scoped, its user disabled, their role, department, supervisor or representative flag
 * changed (migration 0029), its company changed, from this instance, another one,
 * or the command line. Each request checks the epoch without a statement when it can tell nothing
 * moved it: on SQLite by the file's commit mark (the epoch's row is read only after a commit or a
 * second); on PostgreSQL by db/auth-epoch-watch (the epoch's row is read after this process wrote
 * to a watched table, after another instance's change was notified, at least once a second, and on
 * every request while the notifications' connection is not listening). A change made by this
 * process, or on SQLite by any, takes effect at the next request; one made elsewhere on
 * PostgreSQL, once its notification has arrived (docs/decisions/0015-operations-under-load.md).
 * The secret is still checked on every request, and expiry against the request's time.
 */
import type { TenantRow } from '../../db/schema.js'
import type { CommitMark, ServiceDatabase } from '../../db/service-database.js'
import * as repo from './keys.repository.js'
import * as sessionsRepo from './sessions.repository.js'
import { parseJsonText } from '../../db/codec.js'

/** A key as read, with what every request derives from it worked out once. */
export interface KnownKey {
  found: repo.KeyWithActor
  tenant: Readonly<TenantRow>
  scopes: readonly string[]
}

/** A session as read, with its company worked out once; `lastSeenMs` moves as requests use it. */
export interface KnownSession {
  found: sessionsRepo.SessionWithActor
  tenant: Readonly<TenantRow>
  lastSeenMs: number
}

/** Keys and sessions kept at most: beyond it the oldest is forgotten (and read again when next used). */
const CAPACITY = 10_000

/** How long an unchanged commit mark (or, on PostgreSQL, silence) stands for the epoch before it is read anyway. */
const MARK_TRUSTED_MS = 1000

export class KeyLookups {
  /** The epoch the kept lookups were read at; -1 before the first read. */
  #epoch = -1
  /** SQLite: the database's commit mark taken just before `#epoch` was read (db/commit-watch), and when. */
  #markOfEpoch: CommitMark | undefined
  #markTakenAt = 0
  /** PostgreSQL: the watch's token taken just before `#epoch` was read; undefined: read it again. */
  #tokenOfEpoch: number | undefined
  readonly #known = new Map<string, KnownKey | KnownSession>()

  constructor(private readonly db: ServiceDatabase) {}

  /** The lookups kept for `db`, one set per database. */
  static of(db: ServiceDatabase): KeyLookups {
    return db.kept(KeyLookups, () => new KeyLookups(db))
  }

  /**
   * The key `keyId` with its acting user and company, or undefined when there is no such key.
   * `nowMs` is the request's moment, which decides whether an unchanged commit mark is still trusted.
   */
  find(keyId: string, nowMs: number): Promise<KnownKey | undefined> {
    return this.#kept(keyId, nowMs, async () => {
      const found = await repo.findKeyWithActor(this.db, keyId)
      if (!found) return undefined
      return {
        found,
        tenant: Object.freeze(repo.tenantOfKey(found)),
        scopes: Object.freeze(parseJsonText(found.scopes)),
      }
    })
  }

  /**
   * The sign-in session `sessionId` with its user and company, kept like a key: ending it, or
   * disabling its user, moves the epoch. `lastSeenMs` is the kept copy's, moved as requests touch it.
   */
  findSession(sessionId: string, nowMs: number): Promise<KnownSession | undefined> {
    return this.#kept(sessionId, nowMs, () => this.readSession(sessionId))
  }

  /** The session as stored now, bypassing what is kept (another instance may have touched it since). */
  async readSession(sessionId: string): Promise<KnownSession | undefined> {
    const found = await sessionsRepo.findSessionWithActor(this.db, sessionId)
    if (!found) return undefined
    return { found, tenant: Object.freeze(repo.tenantOfKey(found)), lastSeenMs: Date.parse(found.last_seen_at) }
  }

  /** What is kept under `id` at the current epoch, or what `load` reads (kept if the epoch did not move). */
  async #kept<V extends KnownKey | KnownSession>(
    id: string,
    nowMs: number,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> {
    const epoch = await this.#epochNow(nowMs)
    const kept = epoch === this.#epoch ? (this.#known.get(id) as V | undefined) : undefined
    if (kept) return kept

    // Read after the epoch: a change committed in between moved the epoch past the one this
    // lookup is kept under, so it is read again at the next request rather than kept stale.
    const known = await load()
    if (!known) return undefined
    // An answer to an older epoch (a slower query on another pooled connection) is used, not kept.
    if (epoch === this.#epoch) {
      if (this.#known.size >= CAPACITY) this.#known.delete(this.#known.keys().next().value!)
      this.#known.set(id, known)
    }
    return known
  }

  /**
   * The authentication epoch now. On a SQLite file, when nothing at all has been committed since
   * the epoch was last read (its commit mark reads the same), that reading still holds and the
   * database is not asked: a 48-byte read instead of a statement on most requests.
   */
  async #epochNow(now: number): Promise<number> {
    // Taken before the epoch is read: a commit (or a notification) in between moves the mark (the
    // token), so the pair can only err towards reading the epoch again.
    const mark = this.db.commitMark(this.#markOfEpoch)
    const watch = this.db.authEpochWatch
    // At least once a second the epoch is read all the same: should the header ever stop telling
    // (a file system that does not show another process's shared memory to read()), or a
    // notification be lost with its connection unnoticed, a change would still apply within a
    // second rather than never.
    if (now - this.#markTakenAt < MARK_TRUSTED_MS) {
      if (mark !== undefined && mark === this.#markOfEpoch) return this.#epoch
      if (watch?.unchangedSince(this.#tokenOfEpoch)) return this.#epoch
    }
    const token = watch?.token()
    return this.#advance(await repo.currentAuthEpoch(this.db), mark, token, now)
  }

  /**
   * Notes an epoch read after `mark` (or `token`) was taken. The epoch and its mark change
   * together, with no await in between, so a request never pairs a new mark with an old epoch.
   */
  #advance(epoch: number, mark: CommitMark | undefined, token: number | undefined, takenAt: number): number {
    if (epoch > this.#epoch) {
      this.#known.clear()
      this.#epoch = epoch
    }
    if (epoch === this.#epoch) {
      this.#markOfEpoch = mark
      this.#tokenOfEpoch = token
      this.#markTakenAt = takenAt
    }
    return epoch
  }
}
