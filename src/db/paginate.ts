/**
 * The one shape of every list read: a filtered query gives one page of rows and the number of
 * rows it matches across all pages (the contract's `meta.total`).
 */
import type { SelectQueryBuilder } from 'kysely'
import type { Page } from '../lib/pagination.js'

/**
 * `filtered` holds the tables and the conditions; `rowsOf` adds what the rows need and the
 * list's order (joins only the rows need are left out of the count). Both run in the caller's
 * connection or transaction.
 */
export async function paginate<DB, TB extends keyof DB, RowsDB, RowsTB extends keyof RowsDB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  window: { limit: number; offset: number },
  rowsOf: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RowsDB, RowsTB, O>,
): Promise<Page<O>> {
  const rows = (await rowsOf(filtered).limit(window.limit).offset(window.offset).execute()) as O[]
  // The count's row type cannot be resolved for a generic table list; it is one number.
  const { total } = (await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()) as {
    total: number | string
  }
  return { rows, total: Number(total) }
}
