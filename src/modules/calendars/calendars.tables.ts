/**
 * The calendars module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'
import type { DbBoolean } from '../../db/schema.js'

/**
 * A person's calendar feed (docs/decisions/0020-calendars-and-presence.md): only the hash of its
 * URL's secret is kept.
 */
export interface CalendarFeedsTable {
  id: string
  tenant_id: string
  /** Whose need-to-know the feed reads with. */
  user_id: string
  scope: 'me' | 'team' | 'company'
  show_types: DbBoolean
  secret_hash: string
  created_at: string
  revoked_at: string | null
}
export type CalendarFeedRow = Selectable<CalendarFeedsTable>

declare module '../../db/schema.js' {
  interface Database {
    calendar_feeds: CalendarFeedsTable
  }
}
