/**
 * What waits for the decision of the person signed in, as the service rules it
 * (src/auth/policies.ts, `canDecideAbsence` and `canDecideCorrection`): a member of the company's
 * HR department, or a supervisor anywhere up the requester's manager chain, decides; nobody decides
 * their own. Seeing a request is not enough: administrators see everyone's, HR too, supervisors
 * their team's. Pure and free of the browser, so that the Inbox and its badge ask the same question
 * and a test can ask it without a page.
 */
// Types only, and none of the page's modules: this file is read without a browser too.
import type { components } from '../../sdk/src/schema.js'

type Absence = components['schemas']['Absence']
type Correction = components['schemas']['AttendanceCorrection']

/** Who is signed in, as far as deciding goes (session.ts `Person`). */
export interface Decider {
  id: string
  /** A member of the company's HR department. */
  isHr: boolean
}

/**
 * Each person's manager, by id: the `manager_id` of the directory's full form
 * (`GET /users?detail=full`), which everyone may read; the reduced form does not carry it.
 */
export type Managers = ReadonlyMap<string, string | null>

/** How far up a manager chain is walked: as far as the service walks it (src/db/team.ts). */
export const CHAIN_DEPTH = 1000

/** The managers of a read of the directory's full form. */
export function managersOf(users: readonly { id: string; manager_id?: string | null }[]): Managers {
  return new Map(users.map((u) => [u.id, u.manager_id ?? null]))
}

/**
 * Whether `me` may decide a request of `requesterId`: never their own; always as a member of HR;
 * otherwise only when `me` is the requester's manager, or their manager's, and so on up. `managers`
 * is needed by those who are not HR (null: not read, so nothing is theirs to decide). A chain that
 * comes back on itself, or goes on beyond CHAIN_DEPTH, ends the walk.
 */
export function mayDecideFor(me: Decider, requesterId: string, managers: Managers | null): boolean {
  if (requesterId === me.id) return false
  if (me.isHr) return true
  if (!managers) return false
  const passed = new Set<string>([requesterId])
  let above = managers.get(requesterId) ?? null
  for (let depth = 1; above !== null && depth <= CHAIN_DEPTH; depth++) {
    if (above === me.id) return true
    if (passed.has(above)) return false
    passed.add(above)
    above = managers.get(above) ?? null
  }
  return false
}

/** Absences that wait for my decision: pending, of someone else, and theirs for me to decide. */
export function absencesToDecide(absences: Absence[], me: Decider, managers: Managers | null): Absence[] {
  return absences.filter((a) => a.status === 'pending' && mayDecideFor(me, a.user_id, managers))
}

/**
 * Corrections that wait for my decision: what an employee proposed on their own record (others'
 * proposals wait for the employee), and only of those whose requests I may decide.
 */
export function correctionsToDecide(corrections: Correction[], me: Decider, managers: Managers | null): Correction[] {
  return corrections.filter(
    (c) =>
      c.status === 'pending' &&
      c.user_id !== me.id &&
      c.proposed_by === c.user_id &&
      mayDecideFor(me, c.user_id, managers),
  )
}
