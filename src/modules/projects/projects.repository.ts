import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type { ProjectRow } from './projects.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

export async function findProject(db: Db, tenantId: string, id: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

export async function codeInUse(db: Db, tenantId: string, code: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('projects').select('id').where('tenant_id', '=', tenantId).where('code', '=', code)
  if (exceptId) q = q.where('id', '!=', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

/** Projects in code order, then id. */
export async function listProjects(
  db: Db,
  tenantId: string,
  filters: { active?: boolean },
  window: { limit: number; offset: number },
): Promise<Page<ProjectRow>> {
  let base = db.selectFrom('projects').where('tenant_id', '=', tenantId)
  if (filters.active !== undefined) base = base.where('active', '=', filters.active)
  return paginate(base, window, (q) => q.selectAll().orderBy('code').orderBy('id'))
}

export async function insertProject(db: Db, row: ProjectRow): Promise<void> {
  await db.insertInto('projects').values(row).execute()
}

export async function updateProject(db: Db, tenantId: string, id: string, patch: Partial<ProjectRow>): Promise<void> {
  await db.updateTable('projects').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}
