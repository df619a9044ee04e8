/**
 * The access-log module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Generated, Insertable, Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'

/**
 * One request made with an inspector key; append-only. `seq`: the order of writing, from the
 * database (migration 0039), which orders entries of one millisecond. `subjects`: the user ids.
 */
export interface AccessLogTable {
  seq: Generated<number>
  id: string
  tenant_id: string
  at: string
  key_id: string
  user_id: string
  method: string
  route: string
  status: number
  subjects: JsonText<string[]>
}

export type AccessLogRow = Selectable<AccessLogTable>
export type NewAccessLogRow = Insertable<AccessLogTable>

declare module '../../db/schema.js' {
  interface Database {
    access_log: AccessLogTable
  }
}
