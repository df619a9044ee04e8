/**
 * Memoised answers to questions that repeat (day boundaries, holiday calendars, the days of a
 * range), with a bound: past `capacity` entries the oldest is forgotten, so unusual traffic (many
 * zones or ranges) cannot grow memory without limit. Values must not be changed by their users.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(private readonly capacity: number) {}

  /** The value for `key`, computed by `compute` the first time it is asked for. */
  get(key: K, compute: () => V): V {
    let value = this.#entries.get(key)
    if (value === undefined) {
      value = compute()
      if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value as K)
      this.#entries.set(key, value)
    }
    return value
  }
}
