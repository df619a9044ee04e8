/**
 * The audit log (docs/decisions/0014-privacy-and-visibility.md): who wrote what, when, through
 * which key, with the names of the fields sent and never their values, so it can be shown to
 * administrators without exposing the sensitive data it is about. Writes through the API are
 * recorded by audit.routes' hook, those of the command line by the CLI itself.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import type { AuditLogRow } from './audit.tables.js'
import { type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { instantWindow } from '../../lib/time.js'
import * as repo from './audit.repository.js'
import type { AuditEntryType, ListAuditQueryType } from './audit.schemas.js'
import { jsonText, parseJsonText } from '../../db/codec.js'

export interface AuditedWrite {
  tenantId: string
  source: 'api' | 'cli'
  keyId: string | null
  userId: string | null
  operation: string
  resourceId: string | null
  /** Names only. At most 100 are kept. */
  fields: readonly string[]
}

/** Appends the entry in the unit of work of the write (so they commit together), at its moment. */
export async function recordWrite(unit: Unit, write: AuditedWrite): Promise<void> {
  await repo.appendAuditEntry(unit.db, {
    id: newId('auditEntry'),
    tenant_id: write.tenantId,
    at: nowIsoOf(unit),
    source: write.source,
    key_id: write.keyId,
    user_id: write.userId,
    operation: write.operation,
    resource_id: write.resourceId,
    fields: jsonText(write.fields.slice(0, 100)),
  })
}

function entryToApi(row: AuditLogRow): AuditEntryType {
  return {
    id: row.id,
    at: row.at,
    source: row.source,
    key_id: row.key_id,
    user_id: row.user_id,
    operation: row.operation,
    resource_id: row.resource_id,
    fields: parseJsonText(row.fields),
  }
}

export async function listAuditLog(scope: RequestScope, query: ListAuditQueryType) {
  const { db, auth } = scope
  const { from, to } = instantWindow(query)
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may read the audit log')
  const window = pageOf(query)
  const filters = {
    from,
    to,
    userId: query.user_id,
    keyId: query.key_id,
    operation: query.operation,
    resourceId: query.resource_id,
  }
  return listBody(window, await repo.listAuditEntries(db, auth.tenantId, filters, window), entryToApi)
}
