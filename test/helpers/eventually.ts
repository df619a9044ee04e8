/**
 * Waiting for what happens after an answer: a webhook delivery, or an event
 * that the stream shows once every write transaction begun before it has ended (on PostgreSQL,
 * another test's transaction on the same server can hold it back for a moment), or a child
 * process's exit.
 */
import type { ChildProcess } from 'node:child_process'

/** Reads until `done` holds (a read that throws counts as not yet), or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read().catch(() => undefined)
    if (value !== undefined && done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Resolves with a child process's exit code (null when a signal ended it) once it has exited, at once if it already has. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

/** What a GET /events read needs: a client of the tenant's administrator. */
interface EventsReader {
  get(url: string): Promise<{ status: number; body: any }>
}

/**
 * The stream's events of one type once at least `count` show: on PostgreSQL an event shows once
 * every write transaction begun before it has ended, and other test files write on the same server.
 */
export async function settledEventsOfType(admin: EventsReader, type: string, count = 1): Promise<any[]> {
  const page = await eventually(
    `${count} ${type} events`,
    () => admin.get(`/api/v1/events?type=${type}&page_size=500`),
    (res) => res.status === 200 && res.body.data.length >= count,
  )
  return page.body.data
}
