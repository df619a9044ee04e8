/** Sums of figures: the totals of a report's rows, field by field. */

/** `zero` with each of its fields increased by that field of every row (rows may carry more fields). */
export function summed<T extends { [K in keyof T]: number }>(zero: T, rows: Iterable<T>): T {
  const total = { ...zero }
  const keys = Object.keys(zero) as (keyof T)[]
  for (const row of rows) for (const key of keys) (total[key] as number) += row[key]
  return total
}
