import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { teamOf } from '../../db/team.js'
import type { Database } from '../../db/schema.js'
import type { AllocationRow } from './allocations.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

/** An allocation with its project's code and name. */
export interface AllocationWithProject extends AllocationRow {
  project_code: string | null
  project_name: string | null
}

export interface AllocationFilters {
  id?: string
  userId?: string
  projectId?: string
  from?: string
  to?: string
  /** Only the allocations of this supervisor's team (need-to-know); undefined: everyone's. */
  teamOf?: string
}

function filtered(db: Db, tenantId: string, f: AllocationFilters) {
  let q = db.selectFrom('allocations as a').where('a.tenant_id', '=', tenantId)
  if (f.id) q = q.where('a.id', '=', f.id)
  if (f.userId) q = q.where('a.user_id', '=', f.userId)
  if (f.projectId) q = q.where('a.project_id', '=', f.projectId)
  if (f.from) q = q.where('a.date', '>=', f.from)
  if (f.to) q = q.where('a.date', '<=', f.to)
  if (f.teamOf) q = q.where('a.user_id', 'in', teamOf(tenantId, f.teamOf))
  return q
}

function withProject(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('projects as p', (j) => j.onRef('p.id', '=', 'a.project_id').onRef('p.tenant_id', '=', 'a.tenant_id'))
    .selectAll('a')
    .select(['p.code as project_code', 'p.name as project_name'])
}

export async function findAllocation(db: Db, tenantId: string, id: string): Promise<AllocationWithProject | undefined> {
  return withProject(filtered(db, tenantId, { id })).executeTakeFirst()
}

/** The employee's allocations overlapping [startIso, endIso). */
export async function overlapping(
  db: Db,
  tenantId: string,
  userId: string,
  startIso: string,
  endIso: string,
): Promise<AllocationRow[]> {
  return db
    .selectFrom('allocations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('start', '<', endIso)
    .where('end', '>', startIso)
    .execute()
}

/** A page of allocations, by start then id. */
export async function listAllocations(
  db: Db,
  tenantId: string,
  filters: AllocationFilters,
  window: { limit: number; offset: number },
): Promise<Page<AllocationWithProject>> {
  return paginate(filtered(db, tenantId, filters), window, (q) => withProject(q).orderBy('a.start').orderBy('a.id'))
}

export async function insertAllocation(db: Db, row: AllocationRow): Promise<void> {
  await db.insertInto('allocations').values(row).execute()
}

export async function deleteAllocation(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('allocations').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}
