/**
 * The access log (docs/decisions/0011-reports-sign-off-and-inspector-keys.md): every request made
 * with an inspector key, with whose records it read, so a company can show who looked at its
 * workers' time record and when. Append-only; administrators read it.
 */
import type { AccessLogEntry } from '../../auth/context.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import type { AccessLogRow } from './access-log.tables.js'
import type { Unit } from '../../db/unit-of-work.js'
import { permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { instantWindow } from '../../lib/time.js'
import type { AccessEntryType, ListAccessQueryType } from './access-log.schemas.js'
import * as repo from './access-log.repository.js'
import { jsonText, parseJsonText } from '../../db/codec.js'

/**
 * Appends one request's entry. The read pipeline (http/read-pipeline.ts) calls it before the answer
 * leaves, and answers 503 instead when it fails: no record is given out unlogged.
 */

export async function recordAccess(unit: Unit, access: AccessLogEntry): Promise<void> {
  await repo.appendAccessEntry(unit.db, {
    id: newId('accessEntry'),
    tenant_id: access.auth.tenantId,
    at: access.at,
    key_id: access.auth.keyId,
    user_id: access.auth.actor.id,
    method: access.method,
    route: access.route,
    status: access.status,
    // Refused requests read nothing, whatever a service noted before refusing.
    subjects: jsonText(access.status < 400 ? [...access.userIds].sort() : []),
  })
}

function entryToApi(row: AccessLogRow): AccessEntryType {
  return {
    id: row.id,
    at: row.at,
    key_id: row.key_id,
    user_id: row.user_id,
    method: row.method,
    route: row.route,
    status: row.status,
    user_ids: parseJsonText(row.subjects),
  }
}

export async function listAccessLog(scope: RequestScope, query: ListAccessQueryType) {
  const { db, auth } = scope
  const { from, to } = instantWindow(query)
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may read the access log')
  const window = pageOf(query)
  return listBody(
    window,
    await repo.listAccessEntries(db, auth.tenantId, { from, to, keyId: query.key_id }, window),
    entryToApi,
  )
}
