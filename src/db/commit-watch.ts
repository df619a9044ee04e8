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
 * deletes it only when the last connection to the database closes or the first one opens. The path
 * is resolved as SQLite resolves it (symbolic links followed), so the file read is the one SQLite maps.
 *
 * One descriptor per file and process, shared by every handle on it: closing any descriptor of a
 * file drops all of this process's POSIX locks on it, SQLite's own included, so it is closed only
 * when the last handle lets go.
 */
import { closeSync, openSync, readSync, realpathSync } from 'node:fs'

const HEADER_BYTES = 48

/** The wal-index header as read at some moment; equal marks mean no commit in between. */
export type CommitMark = Buffer

/** The open descriptors, by the `-shm` file's real path, with how many handles use each. */
const watched = new Map<string, { watch: CommitWatch; users: number }>()

export class CommitWatch {
  readonly #scratch = Buffer.alloc(HEADER_BYTES)

  private constructor(
    private readonly fd: number,
    private readonly path: string,
  ) {}

  /**
   * Watches the database file `path`, which a connection of this process has open in WAL mode
   * (and has read, so the `-shm` file exists). Undefined when that file cannot be read. Each call
   * must be matched by one `close()`.
   */
  static open(path: string): CommitWatch | undefined {
    try {
      const shm = `${realpathSync(path)}-shm`
      let entry = watched.get(shm)
      if (!entry) {
        entry = { watch: new CommitWatch(openSync(shm, 'r'), shm), users: 0 }
        watched.set(shm, entry)
      }
      entry.users += 1
      return entry.watch
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

  /** Lets go of the watch: the descriptor closes with the last handle on the file (see above). */
  close(): void {
    const entry = watched.get(this.path)
    if (!entry || --entry.users > 0) return
    watched.delete(this.path)
    closeSync(this.fd)
  }
}
