/**
 * Whether anything has been committed to a SQLite database since a given moment, by this process
 * or any other on the machine (the command line writes the same file), for the price of reading
 * 48 bytes: no statement, no lock.
 *
 * In WAL mode SQLite keeps the wal-index in the `-shm` file beside the database, which every
 * connection maps into memory. Its first 48 bytes are the wal-index header
 * (https://www.sqlite.org/walformat.html, "The WAL-Index Header"): a change counter, the last valid
 * frame of the WAL and a checksum of the header. Every commit that changes the database rewrites
 * it, and the counter alone moves on each one; a writer finishes writing it before its commit
 * returns. So if the header reads the same as at an earlier moment, nothing was committed in
 * between, and a value read from the database after that moment still holds. A checkpoint copies
 * the WAL into the database without changing what it holds, and leaves the header as it is.
 *
 * A torn read (a writer is rewriting the header as it is read) only ever reads as "changed". The
 * file stays valid as long as this process keeps its own connection open: SQLite truncates or
 * deletes it only when the last connection to the database closes or the first one opens.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import type { Kysely } from 'kysely'

const HEADER_BYTES = 48

/** The wal-index header as read at some moment; equal marks mean no commit in between. */
export type CommitMark = Buffer

export class CommitWatch {
  readonly #scratch = Buffer.alloc(HEADER_BYTES)

  private constructor(private readonly fd: number) {}

  /**
   * Watches the database file `path`, which a connection of this process has open in WAL mode
   * (and has read, so the `-shm` file exists). Undefined when that file cannot be read.
   */
  static open(path: string): CommitWatch | undefined {
    try {
      return new CommitWatch(openSync(`${path}-shm`, 'r'))
    } catch {
      return undefined
    }
  }

  /**
   * The mark of the database now: `previous` itself when nothing has been committed since it was
   * taken, else a new mark. Undefined when the header cannot be read; the caller must then read the
   * database to know.
   */
  markNow(previous?: CommitMark): CommitMark | undefined {
    try {
      if (readSync(this.fd, this.#scratch, 0, HEADER_BYTES, 0) !== HEADER_BYTES) return undefined
    } catch {
      return undefined
    }
    if (previous && this.#scratch.equals(previous)) return previous
    return Buffer.from(this.#scratch)
  }

  close(): void {
    closeSync(this.fd)
  }
}

const watches = new WeakMap<Kysely<any>, CommitWatch>()

/** Called by openDatabase for a SQLite file in WAL mode. */
export function registerCommitWatch(db: Kysely<any>, watch: CommitWatch): void {
  watches.set(db, watch)
}

/** The commit watch of `db`, or undefined: PostgreSQL, an in-memory database, or no `-shm` file. */
export function commitWatchOf(db: Kysely<any>): CommitWatch | undefined {
  return watches.get(db)
}
