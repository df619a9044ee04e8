/**
 * The event outbox (docs/decisions/0012-integrations.md). A service records an event where its
 * change is made; inside a write request that is the request's transaction, so the event commits
 * with the change or not at all. Integrations read the stream with GET /events, and webhooks
 * deliver it.
 */
import type { AuthContext } from '../../auth/context.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import type { EventRow } from './events.tables.js'
import type { Db } from '../../db/unit-of-work.js'
import { AppError, invalidField, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { type EventActor, type EventType, KEEP_EVENTS_MS, parseTypeFilter } from './events.logic.js'
import * as repo from './events.repository.js'
import type { ListEventsQueryType } from './events.schemas.js'
import { jsonText } from '../../db/codec.js'

/** The command line, and the company acting by its policy, act as no user and with no key. */
function actorOf(auth: AuthContext): EventActor {
  return auth.credential === 'command-line' || auth.credential === 'company'
    ? { user_id: null, key_id: null }
    : { user_id: auth.actor.id, key_id: auth.keyId }
}

/**
 * Records that `data` (the resource as the API returns it) changed in the way `type` says, in the
 * scope's unit of work (the change's own transaction) and at its moment.
 */
export function recordEvent(scope: RequestScope, type: EventType, data: unknown): Promise<void> {
  return recordEvents(scope, [{ type, data }])
}

/** Records the event and hands its data back: `return announced(tx, 'absence.created', absence)`. */
export async function announced<T>(scope: RequestScope, type: EventType, data: T): Promise<T> {
  await recordEvent(scope, type, data)
  return data
}

export async function recordEvents(
  scope: RequestScope,
  events: readonly { type: EventType; data: unknown }[],
): Promise<void> {
  const { db, auth } = scope
  const actor = actorOf(auth)
  const occurredAt = new Date(scope.now).toISOString()
  await repo.insertEvents(
    db,
    events.map((e) => ({
      id: newId('event'),
      tenant_id: auth.tenantId,
      type: e.type,
      occurred_at: occurredAt,
      actor_user_id: actor.user_id,
      actor_key_id: actor.key_id,
      data: jsonText(e.data),
    })),
  )
}

/**
 * The envelope as JSON text, written around the stored data rather than parsing and serialising
 * it again: the envelope of the API with the stored data as it is, for a fraction of the work.
 */
export function eventJson(row: EventRow): string {
  const actor = `{"user_id":${JSON.stringify(row.actor_user_id)},"key_id":${JSON.stringify(row.actor_key_id)}}`
  return `{"id":${JSON.stringify(row.id)},"type":${JSON.stringify(row.type)},"occurred_at":${JSON.stringify(row.occurred_at)},"tenant_id":${JSON.stringify(row.tenant_id)},"actor":${actor},"data":${row.data}}`
}

/** A page of the event stream, as the JSON text of its answer. */
export async function listEvents(scope: RequestScope, query: ListEventsQueryType): Promise<string> {
  const { db, auth } = scope
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may read the event stream')
  const types = parseTypeFilter(query.type)
  if (types && types.length === 0)
    throw invalidField('type', 'must be event types separated by commas, e.g. absence.approved,absence.rejected')
  let after = null
  if (query.after !== undefined) {
    after = (await repo.positionOf(db, auth.tenantId, query.after)) ?? null
    if (!after)
      throw new AppError(
        'not_found',
        'No event with this id in the last 30 days: read again without `after` to start at the oldest kept',
      )
  }
  const pageSize = query.page_size ?? 100
  const rows = await repo.eventsAfter(db, auth.tenantId, after, types, pageSize + 1)
  const page = rows.slice(0, pageSize)
  const meta = {
    page_size: pageSize,
    next_after: page.at(-1)?.id ?? query.after ?? null,
    has_more: rows.length > pageSize,
  }
  // Written around the stored data, as webhooks are: an event's schema is one of 23 (a union told
  // apart by `type`), which a serializer of the response schema would pick by trying each.
  return `{"data":[${page.map(eventJson).join(',')}],"meta":${JSON.stringify(meta)}}`
}

/** Removes the events older than 30 days. */
export async function purgeEvents(db: Db, now: number): Promise<number> {
  return repo.purgeEventsBefore(db, new Date(now - KEEP_EVENTS_MS).toISOString())
}
