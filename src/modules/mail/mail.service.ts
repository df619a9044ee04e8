/**
 * The mail outbox (docs/decisions/0025-request-phases-and-module-ownership.md): a message is queued
 * in the transaction of the write that makes it, so a rolled-back write mails nothing and a
 * committed one always mails; the dispatcher (mail.dispatcher) sends it after the commit. What an
 * administrator sees of it is when each message went, or why not: never its body, whose link is a
 * secret.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import type { MailKind } from './mail.tables.js'
import { type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { MAIL_RETRY_POLICY, giveUpAt } from './mail.logic.js'
import * as repo from './mail.repository.js'
import type { ListMailMessagesQueryType } from './mail.schemas.js'
import type { MailMessage } from './mailer.js'

export interface QueuedMail {
  tenantId: string
  /** The person it is for. */
  userId: string | null
  kind: MailKind
  message: MailMessage
  /** When the link in it stops working: a message still unsent then is given up. */
  linkExpiresAt: string | null
}

/**
 * Queues a message in the unit's transaction (a write's, so that it commits or rolls back with
 * it), due at once; answers its id. Nothing is sent here.
 */
export async function queueMail(unit: Unit, mail: QueuedMail): Promise<string> {
  const id = newId('mailMessage')
  const createdAt = nowIsoOf(unit)
  const linkExpiresAt = mail.linkExpiresAt === null ? null : Date.parse(mail.linkExpiresAt)
  await repo.insertMessage(unit.db, {
    id,
    tenant_id: mail.tenantId,
    user_id: mail.userId,
    kind: mail.kind,
    recipient: mail.message.to,
    subject: mail.message.subject,
    body_text: mail.message.text,
    body_html: mail.message.html,
    status: 'pending',
    attempts: 0,
    next_attempt_at: createdAt,
    last_error: null,
    created_at: createdAt,
    expires_at: new Date(giveUpAt(unit.now, linkExpiresAt, MAIL_RETRY_POLICY)).toISOString(),
    sent_at: null,
    finished_at: null,
    headers: mail.message.headers ? JSON.stringify(mail.message.headers) : null,
  })
  return id
}

function messageToApi(row: repo.ListedMessage) {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  }
}

/** The company's messages, newest first (administrators). */
export async function listMailMessages(scope: RequestScope, query: ListMailMessagesQueryType) {
  const { db, auth } = scope
  if (!canAdministerEmployees(auth.actor))
    throw permissionDenied('Only an administrator may see the mail the service sends')
  const window = pageOf(query)
  return listBody(window, await repo.listMessages(db, auth.tenantId, { status: query.status }, window), messageToApi)
}

/** Messages that finished (sent or given up) more than 30 days ago are removed; pending ones stay. */
export const KEEP_MAIL_MESSAGES_MS = 30 * 86_400_000

/** Removes the messages finished more than 30 days before the unit's moment (housekeeping). */
export function purgeMailMessages(unit: Unit): Promise<number> {
  return repo.deleteFinishedBefore(unit.db, new Date(unit.now - KEEP_MAIL_MESSAGES_MS).toISOString())
}

/**
 * What the metrics show of the outbox: how many messages wait, and for how long the oldest has
 * (seconds) at the unit's moment.
 */
export async function mailBacklog(unit: Unit): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const { pending, oldestCreatedAt } = await repo.messageBacklog(unit.db)
  return {
    pending,
    oldestAgeSeconds: oldestCreatedAt ? Math.max(0, (unit.now - Date.parse(oldestCreatedAt)) / 1000) : 0,
  }
}
