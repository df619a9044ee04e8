/**
 * The events module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Generated, Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'

/** One change of state, written in the transaction of the change (the outbox), kept 30 days. */
export interface EventsTable {
  seq: Generated<number>
  tx: Generated<number>
  id: string
  tenant_id: string
  type: string
  occurred_at: string
  actor_user_id: string | null
  actor_key_id: string | null
  data: JsonText<unknown>
}

export type EventRow = Selectable<EventsTable>

declare module '../../db/schema.js' {
  interface Database {
    events: EventsTable
  }
}
