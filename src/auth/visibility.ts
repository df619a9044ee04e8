/**
 * Need-to-know for employees' records, decided once: administrators and HR see everyone's; anyone
 * else sees their own and their team's (db/team). For others' records a service answers 404 and
 * lists leave them out, exactly as for a record that does not exist.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { isInTeamOf } from '../db/team.js'
import type { AuthContext } from './context.js'
import { recordsLimitedToTeamOf } from './policies.js'

export async function canSeeRecordsOf(db: Kysely<Database>, auth: AuthContext, employeeId: string): Promise<boolean> {
  const supervisorId = recordsLimitedToTeamOf(auth)
  return supervisorId === null || isInTeamOf(db, auth.tenantId, supervisorId, employeeId)
}
