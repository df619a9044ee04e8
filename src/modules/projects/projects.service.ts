/** The projects catalogue: time is allocated to its active projects. Administrators manage it. */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { isUniqueViolation } from '../../db/errors.js'
import type { ProjectRow } from './projects.tables.js'
import { inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import * as repo from './projects.repository.js'
import type {
  CreateProjectBodyType,
  ListProjectsQueryType,
  ProjectType,
  UpdateProjectBodyType,
} from './projects.schemas.js'
import { listBody, pageOf } from '../../lib/pagination.js'

export function projectToApi(row: ProjectRow): ProjectType {
  return { id: row.id, code: row.code, name: row.name, active: row.active, created_at: row.created_at }
}

function codeTaken(code: string): AppError {
  return new AppError('code_taken', `A project with code "${code}" already exists`)
}

export async function listProjects(scope: RequestScope, query: ListProjectsQueryType) {
  const { db, auth } = scope
  const window = pageOf(query)
  return listBody(window, await repo.listProjects(db, auth.tenantId, { active: query.active }, window), projectToApi)
}

/** One project, to every key that may list projects; another company's or an unknown id is 404. */
export async function getProject(scope: RequestScope, id: string): Promise<ProjectType> {
  const { db, auth } = scope
  const row = await repo.findProject(db, auth.tenantId, id)
  if (!row) throw notFound('Project')
  return projectToApi(row)
}

export async function createProject(scope: RequestScope, body: CreateProjectBodyType): Promise<ProjectType> {
  const { auth } = scope
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may create projects')
  const row: ProjectRow = {
    id: newId('project'),
    tenant_id: auth.tenantId,
    code: body.code,
    name: body.name.trim(),
    active: body.active ?? true,
    created_at: nowIsoOf(scope),
  }
  try {
    await inTransaction(scope, async (tx) => {
      const trx = tx.db
      if (await repo.codeInUse(trx, auth.tenantId, row.code)) throw codeTaken(row.code)
      await repo.insertProject(trx, row)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(row.code)
    throw error
  }
  return projectToApi(row)
}

export async function updateProject(
  scope: RequestScope,
  id: string,
  body: UpdateProjectBodyType,
): Promise<ProjectType> {
  const { db, auth } = scope
  try {
    await inTransaction(scope, async (tx) => {
      const trx = tx.db
      if (!(await repo.findProject(trx, auth.tenantId, id))) throw notFound('Project')
      if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may change projects')
      if (body.code !== undefined && (await repo.codeInUse(trx, auth.tenantId, body.code, id)))
        throw codeTaken(body.code)
      const patch: Partial<ProjectRow> = {}
      if (body.code !== undefined) patch.code = body.code
      if (body.name !== undefined) patch.name = body.name.trim()
      if (body.active !== undefined) patch.active = body.active
      if (Object.keys(patch).length > 0) await repo.updateProject(trx, auth.tenantId, id, patch)
    })
  } catch (error) {
    if (isUniqueViolation(error) && body.code !== undefined) throw codeTaken(body.code)
    throw error
  }
  return projectToApi((await repo.findProject(db, auth.tenantId, id))!)
}
