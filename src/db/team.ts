/**
 * A supervisor's team: the supervisor and everyone below them in the `manager_id` chain, however
 * deep. Records of employees (attendance, absences, expenses, allocations) are visible to their
 * team's supervisors, so list queries filter by `teamOf` and single reads ask `isInTeamOf`; the
 * chain upwards (`managerChain`) also decides who may approve an absence and forbids cycles.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from './schema.js'

/**
 * The ids of the team as a subquery, for `.where(column, 'in', teamOf(...))`. `union` (not
 * `union all`) stops at an id already reached, so even a corrupted cycle ends. Each step reads the
 * `users_tenant_manager` index.
 */
export function teamOf(tenantId: string, supervisorId: string): RawBuilder<string> {
  return sql<string>`(
    with recursive team(id) as (
      select cast(${supervisorId} as text)
      union
      select u.id from users u join team t on u.manager_id = t.id where u.tenant_id = ${tenantId}
    )
    select id from team)`
}

/** The supervisors above a user, nearest first (manager, manager's manager, ...). */
export async function managerChain(db: Kysely<Database>, tenantId: string, userId: string): Promise<string[]> {
  const result = await sql<{ id: string; depth: number }>`
    with recursive chain(id, depth) as (
      select manager_id, 1 from users where tenant_id = ${tenantId} and id = ${userId} and manager_id is not null
      union all
      select u.manager_id, c.depth + 1 from users u join chain c on u.id = c.id
      where u.tenant_id = ${tenantId} and u.manager_id is not null and c.depth < 1000
    )
    select id, depth from chain order by depth`.execute(db)
  return result.rows.map((r) => r.id)
}

/** Whether `employeeId` is `supervisorId` or anywhere below them: a walk up the employee's chain. */
export async function isInTeamOf(
  db: Kysely<Database>,
  tenantId: string,
  supervisorId: string,
  employeeId: string,
): Promise<boolean> {
  return employeeId === supervisorId || (await managerChain(db, tenantId, employeeId)).includes(supervisorId)
}
