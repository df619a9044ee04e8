/**
 * Time allocations: a management layer over the attendance record that says what a span of an
 * employee's time was spent on (a project, or free-text other tasks). Punches are never touched.
 * Allocations of one employee never overlap; the employee's row lock serialises the check.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAllocateFor, recordsLimitedToTeamOf } from '../../auth/policies.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { lockRow } from '../../db/locks.js'
import type { AllocationRow } from './allocations.tables.js'
import { inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { findProject } from '../projects/index.js'
import { requireTenant } from '../tenants/index.js'
import { findUserRow } from '../users/index.js'
import * as logic from './allocations.logic.js'
import { announced, recordEvent } from '../events/index.js'
import * as repo from './allocations.repository.js'
import type { AllocationType, CreateAllocationBodyType, ListAllocationsQueryType } from './allocations.schemas.js'
import { listBody, pageOf } from '../../lib/pagination.js'

export function allocationToApi(row: repo.AllocationWithProject): AllocationType {
  return {
    id: row.id,
    user_id: row.user_id,
    date: row.date,
    start: row.start,
    end: row.end,
    minutes: row.minutes,
    project:
      row.project_id !== null
        ? { id: row.project_id, code: row.project_code ?? '', name: row.project_name ?? '' }
        : null,
    note: row.note,
    comment: row.comment,
    source: row.source,
    created_at: row.created_at,
  }
}

export async function createAllocation(scope: RequestScope, body: CreateAllocationBodyType): Promise<AllocationType> {
  const { auth } = scope
  const projectId = body.project_id ?? null
  const note = body.note?.trim() ?? null
  if ((projectId === null) === (note === null)) {
    const message = 'give exactly one of project_id and note'
    throw new AppError('invalid_request', `Invalid allocation: ${message}`, [
      { field: 'project_id', message },
      { field: 'note', message },
    ])
  }
  const span = { startMs: Date.parse(body.start), endMs: Date.parse(body.end) }
  const problem = logic.spanProblem(span)
  if (problem) throw new AppError('invalid_request', `Invalid ${problem.field}: ${problem.message}`, [problem])
  const start = new Date(span.startMs).toISOString()
  const end = new Date(span.endMs).toISOString()

  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'users', auth.tenantId, body.user_id)
    const tenant = await requireTenant(trx, auth.tenantId)
    const user = await findUserRow(trx, auth.tenantId, body.user_id)
    const project = projectId ? await findProject(trx, auth.tenantId, projectId) : null
    if (!user) throw notFound('User')
    if (projectId && !project) throw notFound('Project')
    if (!canAllocateFor(auth.actor, user.id))
      throw permissionDenied('Only an administrator or the employee may allocate this time')
    if (project && !project.active) throw new AppError('project_inactive', `Project ${project.code} is inactive`)
    if ((await repo.overlapping(trx, auth.tenantId, user.id, start, end)).length > 0) {
      throw new AppError('allocation_overlap', 'This span overlaps another allocation of the employee')
    }
    const row: AllocationRow = {
      id: newId('allocation'),
      tenant_id: auth.tenantId,
      user_id: user.id,
      project_id: projectId,
      note,
      comment: body.comment ?? null,
      date: logic.localDateOf(span.startMs, body.tz ?? tenant.timezone),
      start,
      end,
      minutes: logic.minutesOf(span),
      source: 'manual',
      created_at: nowIsoOf(tx),
    }
    await repo.insertAllocation(trx, row)
    return announced(
      tx,
      'allocation.created',
      allocationToApi((await repo.findAllocation(trx, auth.tenantId, row.id))!),
    )
  })
}

export async function getAllocation(scope: RequestScope, id: string): Promise<AllocationType> {
  const { db, auth } = scope
  const row = await repo.findAllocation(db, auth.tenantId, id)
  if (!row || !(await canSeeRecordsOf(db, auth, row.user_id))) throw notFound('Allocation')
  return allocationToApi(row)
}

export async function listAllocations(scope: RequestScope, query: ListAllocationsQueryType) {
  const { db, auth } = scope
  if (query.from && query.to && query.to < query.from) {
    throw new AppError('invalid_request', 'Invalid to: must be on or after from', [
      { field: 'to', message: 'must be on or after from' },
    ])
  }
  const window = pageOf(query)
  const filters = {
    userId: query.user_id,
    projectId: query.project_id,
    from: query.from,
    to: query.to,
    teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
  }
  return listBody(window, await repo.listAllocations(db, auth.tenantId, filters, window), allocationToApi)
}

export async function deleteAllocation(scope: RequestScope, id: string): Promise<void> {
  const { auth } = scope
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    const row = await repo.findAllocation(trx, auth.tenantId, id)
    if (!row || !(await canSeeRecordsOf(trx, auth, row.user_id))) throw notFound('Allocation')
    if (!canAllocateFor(auth.actor, row.user_id))
      throw permissionDenied('Only an administrator or the employee may remove this allocation')
    await repo.deleteAllocation(trx, auth.tenantId, id)
    await recordEvent(tx, 'allocation.deleted', allocationToApi(row))
  })
}
