import type { Kysely } from 'kysely'
import { hasDueRows, leaseDueRows } from '../../db/outbox-lease.js'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type { MailMessageRow, MailMessagesTable, MailStatus } from './mail.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

export async function insertMessage(db: Db, row: MailMessagesTable): Promise<void> {
  await db.insertInto('mail_messages').values(row).execute()
}

/** A company's messages, newest first; the bodies are never read for a list. */
export async function listMessages(
  db: Db,
  tenantId: string,
  filter: { status?: MailStatus | undefined },
  window: { limit: number; offset: number },
): Promise<Page<ListedMessage>> {
  let q = db.selectFrom('mail_messages').where('tenant_id', '=', tenantId)
  if (filter.status) q = q.where('status', '=', filter.status)
  return paginate(q, window, (f) =>
    f
      .select([
        'id',
        'kind',
        'recipient',
        'status',
        'attempts',
        'last_error',
        'created_at',
        'sent_at',
        'next_attempt_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  )
}

export type ListedMessage = Pick<
  MailMessageRow,
  'id' | 'kind' | 'recipient' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at' | 'next_attempt_at'
>

/** Whether any message is due: a cheap look before taking the write lock a claim needs. */
export const hasDueMessages = (db: Db, now: string): Promise<boolean> => hasDueRows(db, 'mail_messages', now)

export type ClaimedMessage = Pick<
  MailMessageRow,
  | 'id'
  | 'tenant_id'
  | 'kind'
  | 'recipient'
  | 'subject'
  | 'body_text'
  | 'body_html'
  | 'attempts'
  | 'last_error'
  | 'created_at'
  | 'expires_at'
  | 'headers'
>

/**
 * Takes up to `limit` due messages (only those of `ids` when given) and leases them until
 * `leaseUntil`, counting an attempt begun: no other instance sends them before then (PostgreSQL:
 * FOR UPDATE SKIP LOCKED, so instances claiming at once take different rows; SQLite runs one write
 * transaction at a time). An instance that dies mid-attempt leaves the lease to expire, and the
 * message is sent by whichever instance claims it next. The rows come back with `attempts` as the
 * claim left it, which the outcome is written against.
 */
export async function claimDueMessages(
  db: Db,
  now: string,
  leaseUntil: string,
  limit: number,
  ids?: readonly string[],
): Promise<ClaimedMessage[]> {
  if (ids?.length === 0) return []
  return db.transaction().execute(async (trx) => {
    const claimed = await leaseDueRows(trx, 'mail_messages', { now, until: leaseUntil, limit, ids, countAttempt: true })
    if (claimed.length === 0) return []
    return trx
      .selectFrom('mail_messages')
      .select([
        'id',
        'tenant_id',
        'kind',
        'recipient',
        'subject',
        'body_text',
        'body_html',
        'attempts',
        'last_error',
        'created_at',
        'expires_at',
        'headers',
      ])
      .where('id', 'in', claimed)
      .execute()
  })
}

/**
 * Writes the outcome of the attempt that claimed the message as its `attempts`-th: a later claim
 * (the lease expired and another instance took the message) has moved `attempts` on, and this
 * outcome is then dropped rather than written over that one's. The bodies are erased once the
 * message is sent or given up: the link in them is a secret the database need not keep.
 */
export async function recordOutcome(
  db: Db,
  id: string,
  attempts: number,
  outcome:
    | { status: 'sent'; at: string }
    | { status: 'failed'; at: string; error: string }
    | { status: 'pending'; nextAttemptAt: string; error: string },
): Promise<boolean> {
  const changes: Partial<MailMessagesTable> =
    outcome.status === 'pending'
      ? { next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error }
      : {
          status: outcome.status,
          next_attempt_at: null,
          finished_at: outcome.at,
          body_text: null,
          body_html: null,
          ...(outcome.status === 'sent' ? { sent_at: outcome.at } : { last_error: outcome.error }),
        }
  const result = await db
    .updateTable('mail_messages')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempts)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The messages waiting to be sent (due or retrying later) and when the oldest was queued. */
export async function messageBacklog(db: Db): Promise<{ pending: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('mail_messages')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), oldestCreatedAt: (row.oldest as string | null) ?? null }
}

export async function deleteFinishedBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('mail_messages').where('finished_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
