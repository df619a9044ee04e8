/**
 * Waiting for what happens after an answer: a webhook delivery, an access-log entry, or an event
 * that the stream shows once every write transaction begun before it has ended (on PostgreSQL,
 * another test's transaction on the same server can hold it back for a moment).
 */

/** Reads until `done` holds (a read that throws counts as not yet), or fails after `timeoutMs`. */
export async function eventually<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read().catch(() => undefined)
    if (value !== undefined && done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
