/**
 * Long computations in slices. A request that computes for hundreds of milliseconds without
 * awaiting anything holds every other request up, health probes included; awaiting this between
 * slices lets the requests that arrived meanwhile run first.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Resolves once the event loop has served the I/O that is waiting (a turn of the loop). */
export function yieldToEventLoop(): Promise<void> {
  return nextTurn()
}

/** Splits `items` into consecutive slices of at most `size`. */
export function slicesOf<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = []
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size))
  return slices
}
