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
