import type { Kysely } from 'kysely'
import type { Database, ProjectRow } from '../../db/schema.js'

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
  page: { limit: number; offset: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  let base = db.selectFrom('projects').where('tenant_id', '=', tenantId)
  if (filters.active !== undefined) base = base.where('active', '=', filters.active)
  const rows = await base.selectAll().orderBy('code').orderBy('id').limit(page.limit).offset(page.offset).execute()
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

export async function insertProject(db: Db, row: ProjectRow): Promise<void> {
  await db.insertInto('projects').values(row).execute()
}

export async function updateProject(db: Db, tenantId: string, id: string, patch: Partial<ProjectRow>): Promise<void> {
  await db.updateTable('projects').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}
