/** The page a list request asks for: `page` from 1, `page_size` 1 to 100 (default 25). */
export interface PageWindow {
  page: number
  pageSize: number
  limit: number
  offset: number
}

export function pageOf(query: { page?: number; page_size?: number }): PageWindow {
  const page = query.page ?? 1
  const pageSize = query.page_size ?? 25
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize }
}

/** One page of rows and how many match across all pages, as a repository returns it. */
export interface Page<Row> {
  rows: Row[]
  total: number
}

/** The contract's list body: the page's items as the API shows them, and `meta`. */
export function listBody<Row, Item>(window: PageWindow, page: Page<Row>, toApi: (row: Row) => Item) {
  return { data: page.rows.map(toApi), meta: { page: window.page, page_size: window.pageSize, total: page.total } }
}
