/**
 * Whose requests the app's Inbox and its badge offer to decide (app-page/src/deciding.ts), without
 * a browser: the service's rule (auth/policies canDecideAbsence, canDecideCorrection) for HR, an
 * administrator outside HR, a supervisor and an administrator in HR, read from the directory's
 * `manager_id`; a chain that loops or runs on does not hang the walk.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import {
  absencesToDecide,
  CHAIN_DEPTH,
  correctionsToDecide,
  type Decider,
  managersOf,
  mayDecideFor,
} from '../../app-page/src/deciding.js'
import type { Actor } from '../../src/auth/context.js'
import { canDecideAbsence, canDecideCorrection } from '../../src/auth/policies.js'

const HR = 'dep_hr'
/**
 * The company: Bea (an administrator, no report) and Olga (an administrator in HR) above nobody;
 * Marta supervises Pablo, who supervises Lucía; Hana is in HR; Tomás, outside every chain.
 */
const directory = [
  { id: 'bea', manager_id: null, role: 'admin', department: null },
  { id: 'olga', manager_id: null, role: 'admin', department: HR },
  { id: 'carmen', manager_id: null, role: 'admin', department: null },
  { id: 'marta', manager_id: 'carmen', role: 'member', department: null },
  { id: 'pablo', manager_id: 'marta', role: 'member', department: null },
  { id: 'lucia', manager_id: 'pablo', role: 'member', department: null },
  { id: 'hana', manager_id: null, role: 'member', department: HR },
  { id: 'tomas', manager_id: null, role: 'member', department: null },
] as const
const managers = managersOf(directory)
const decider = (id: string): Decider => ({ id, isHr: directory.find((u) => u.id === id)?.department === HR })
const actor = (id: string): Actor => {
  const u = directory.find((d) => d.id === id)!
  return { id, email: `${id}@x.com`, fullName: id, role: u.role, departmentId: u.department, representative: false }
}
/** The service's chain for a requester, nearest first. */
function chainOf(id: string): string[] {
  const chain: string[] = []
  for (let m = managers.get(id) ?? null; m !== null; m = managers.get(m) ?? null) chain.push(m)
  return chain
}

it('agrees with the service for HR, an administrator outside HR, supervisors and an administrator in HR', () => {
  for (const me of directory) {
    for (const requester of directory) {
      const service = canDecideAbsence(actor(me.id), requester.id, HR, chainOf(requester.id))
      assert.equal(mayDecideFor(decider(me.id), requester.id, managers), service, `${me.id} for ${requester.id}`)
      const ownProposal = { employeeId: requester.id, proposedBy: requester.id }
      assert.equal(canDecideCorrection(actor(me.id), ownProposal, HR, chainOf(requester.id)), service)
    }
  }
  // Spelled out: HR (an administrator or not) decides everyone's but their own; an administrator
  // outside HR only those below them; a supervisor those below them, however deep.
  assert.equal(mayDecideFor(decider('hana'), 'tomas', managers), true)
  assert.equal(mayDecideFor(decider('olga'), 'lucia', managers), true)
  assert.equal(mayDecideFor(decider('olga'), 'olga', managers), false)
  assert.equal(mayDecideFor(decider('bea'), 'pablo', managers), false, 'an administrator who supervises nobody')
  assert.equal(mayDecideFor(decider('carmen'), 'lucia', managers), true, 'an administrator three levels up')
  assert.equal(mayDecideFor(decider('carmen'), 'tomas', managers), false)
  assert.equal(mayDecideFor(decider('marta'), 'lucia', managers), true)
  assert.equal(mayDecideFor(decider('pablo'), 'marta', managers), false, 'not upwards')
  assert.equal(mayDecideFor(decider('lucia'), 'lucia', managers), false)
})

it('without the directory only HR decides, and someone the directory does not hold is nobody’s', () => {
  assert.equal(mayDecideFor(decider('hana'), 'pablo', null), true)
  assert.equal(mayDecideFor(decider('marta'), 'pablo', null), false)
  assert.equal(mayDecideFor(decider('marta'), 'usr_gone', managers), false)
})

it('ends a chain that loops or runs on beyond the service’s depth', () => {
  const loop = managersOf([
    { id: 'a', manager_id: 'b' },
    { id: 'b', manager_id: 'c' },
    { id: 'c', manager_id: 'a' },
  ])
  assert.equal(mayDecideFor({ id: 'x', isHr: false }, 'a', loop), false)
  assert.equal(mayDecideFor({ id: 'c', isHr: false }, 'a', loop), true)
  // A requester under their own loop, and one who is their own manager.
  assert.equal(mayDecideFor({ id: 'x', isHr: false }, 'a', managersOf([{ id: 'a', manager_id: 'a' }])), false)
  // A straight chain: found at the service's depth, not one step beyond it.
  const long = managersOf(Array.from({ length: CHAIN_DEPTH + 2 }, (_, i) => ({ id: `u${i}`, manager_id: `u${i + 1}` })))
  assert.equal(mayDecideFor({ id: `u${CHAIN_DEPTH}`, isHr: false }, 'u0', long), true)
  assert.equal(mayDecideFor({ id: `u${CHAIN_DEPTH + 1}`, isHr: false }, 'u0', long), false)
})

it('lists the pending absences and the own-record corrections that are mine to decide', () => {
  const absence = (id: string, user_id: string, status = 'pending') => ({ id, user_id, status }) as any
  const absences = [
    absence('a1', 'pablo'),
    absence('a2', 'tomas'),
    absence('a3', 'marta'),
    absence('a4', 'lucia', 'approved'),
  ]
  assert.deepEqual(
    absencesToDecide(absences, decider('marta'), managers).map((a) => a.id),
    ['a1'],
  )
  assert.deepEqual(
    absencesToDecide(absences, decider('hana'), null).map((a) => a.id),
    ['a1', 'a2', 'a3'],
  )
  const correction = (id: string, user_id: string, proposed_by: string) =>
    ({ id, user_id, proposed_by, status: 'pending' }) as any
  const corrections = [
    correction('c1', 'lucia', 'lucia'),
    correction('c2', 'lucia', 'bea'),
    correction('c3', 'tomas', 'tomas'),
  ]
  assert.deepEqual(
    correctionsToDecide(corrections, decider('marta'), managers).map((c) => c.id),
    ['c1'],
    'proposed by someone else, it waits for the employee',
  )
  assert.deepEqual(correctionsToDecide(corrections, decider('bea'), managers), [])
  assert.deepEqual(
    correctionsToDecide(corrections, decider('hana'), null).map((c) => c.id),
    ['c1', 'c3'],
  )
})
