/** Every permission rule of auth/policies, as pure predicates: who may do what. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Actor, AuthContext } from '../../src/auth/context.js'
import {
  canAdministerEmployees,
  canReconcileExpenses,
  canSeeSensitiveFieldsOf,
  recordsLimitedToTeamOf,
  canAllocateFor,
  canEditPersonalFields,
  canImportExpenseFor,
  canManageHrFields,
  canRegisterAbsenceFor,
  isHrMember,
} from '../../src/auth/policies.js'

const HR = 'dep_hr'
const member = (over: Partial<Actor> = {}): Actor => ({
  id: 'usr_me',
  email: 'me@x.com',
  fullName: 'Me',
  role: 'member',
  departmentId: null,
  representative: false,
  ...over,
})
const admin = member({ id: 'usr_admin', role: 'admin' })
const hrMember = member({ id: 'usr_hr', departmentId: HR })

describe('policies', () => {
  it('administering employees is for administrators only', () => {
    assert.equal(canAdministerEmployees(admin), true)
    assert.equal(canAdministerEmployees(member()), false)
    assert.equal(canAdministerEmployees(hrMember), false)
  })

  it('HR membership needs a named HR department and the actor in it', () => {
    assert.equal(isHrMember(hrMember, HR), true)
    assert.equal(isHrMember(hrMember, null), false)
    assert.equal(isHrMember(member({ departmentId: 'dep_other' }), HR), false)
  })

  it('HR fields: administrators and HR members; personal fields: the user themselves and administrators', () => {
    assert.equal(canManageHrFields(admin, null), true)
    assert.equal(canManageHrFields(hrMember, HR), true)
    assert.equal(canManageHrFields(member(), HR), false)
    assert.equal(canEditPersonalFields(member(), 'usr_me'), true)
    assert.equal(canEditPersonalFields(member(), 'usr_other'), false)
    assert.equal(canEditPersonalFields(admin, 'usr_other'), true)
    assert.equal(canEditPersonalFields(hrMember, 'usr_other'), false)
  })

  it('absences for oneself or, as an administrator, for anyone', () => {
    assert.equal(canRegisterAbsenceFor(member(), 'usr_me'), true)
    assert.equal(canRegisterAbsenceFor(member(), 'usr_other'), false)
    assert.equal(canRegisterAbsenceFor(hrMember, 'usr_other'), false)
    assert.equal(canRegisterAbsenceFor(admin, 'usr_other'), true)
  })

  it('allocations and expense imports: the employee themselves or an administrator', () => {
    for (const can of [canAllocateFor, canImportExpenseFor]) {
      assert.equal(can(member(), 'usr_me'), true)
      assert.equal(can(member(), 'usr_other'), false)
      assert.equal(can(hrMember, 'usr_other'), false)
      assert.equal(can(admin, 'usr_other'), true)
    }
  })

  const keyOf = (actor: Actor, scopes: string[] = ['users.get', 'users.sensitive']): AuthContext =>
    ({
      keyId: 'key_1',
      kind: 'standard',
      credential: 'key',
      personal: true,
      tenantId: 'ten_1',
      tenant: { hr_department_id: HR } as AuthContext['tenant'],
      scopes,
      actor,
    }) as AuthContext

  it('sensitive fields: the user, an administrator or HR, and only through a key holding users.sensitive', () => {
    assert.equal(canSeeSensitiveFieldsOf(keyOf(member()), 'usr_me'), true)
    assert.equal(canSeeSensitiveFieldsOf(keyOf(member()), 'usr_other'), false)
    assert.equal(canSeeSensitiveFieldsOf(keyOf(admin), 'usr_other'), true)
    assert.equal(canSeeSensitiveFieldsOf(keyOf(hrMember), 'usr_other'), true)
    assert.equal(canSeeSensitiveFieldsOf(keyOf(admin, ['users.get']), 'usr_other'), false)
    assert.equal(canSeeSensitiveFieldsOf(keyOf(member(), ['users.get']), 'usr_me'), false)
  })

  it('records: administrators and HR see everyone’s; anyone else their own team’s', () => {
    assert.equal(recordsLimitedToTeamOf(keyOf(admin)), null)
    assert.equal(recordsLimitedToTeamOf(keyOf(hrMember)), null)
    assert.equal(recordsLimitedToTeamOf(keyOf(member())), 'usr_me')
  })

  it('reconciling expenses: administrators and HR', () => {
    assert.equal(canReconcileExpenses(admin, null), true)
    assert.equal(canReconcileExpenses(hrMember, HR), true)
    assert.equal(canReconcileExpenses(member(), HR), false)
  })
})
