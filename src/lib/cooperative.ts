/**
 * Long computations in slices. A request that computes for hundreds of milliseconds without
 * awaiting anything holds every other request up, health probes included; awaiting this between
 * slices lets the requests that arrived meanwhile run first.
 */

/** Slices waiting for their turn, first come first served. */
const waiting: (() => void)[] = []
let turnScheduled = false

/**
 * Resolves at a later turn of the event loop, after the I/O waiting then (new requests, answers of
 * the database) has been served. One waiting slice resumes per turn: were every waiting slice to
 * resume in the same turn, eight concurrent summaries would run eight slices back to back between
 * two looks at the sockets, and a health probe would wait for all eight.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!turnScheduled) {
      turnScheduled = true
      setImmediate(nextTurn)
    }
  })
}

function nextTurn(): void {
  const resume = waiting.shift()
  if (waiting.length > 0) setImmediate(nextTurn)
  else turnScheduled = false
  resume?.()
}

/** Splits `items` into consecutive slices of at most `size`. */
export function slicesOf<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = []
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size))
  return slices
}
