/**
 * Who may do what: every permission rule of the acting user, as a pure predicate named after what
 * it allows, with the facts it needs passed in (the HR department, the manager chain). Services
 * ask them the same way everywhere, `if (!canX(auth.actor, ...)) throw permissionDenied(...)`,
 * after the 404 checks and before the 409 ones; a failed one is 403 `permission_denied`, distinct
 * from a missing scope. Tested without HTTP or a database.
 */
import { AppError } from '../errors.js'
import type { Actor, AuthContext } from './context.js'
import type { Scope } from './scopes.js'

/** "Administer employees": create, deactivate and edit other users, push punches, manage catalogues and company settings. */
export function canAdministerEmployees(actor: Actor): boolean {
  return actor.role === 'admin'
}

export function isHrMember(actor: Actor, hrDepartmentId: string | null): boolean {
  return hrDepartmentId !== null && actor.departmentId === hrDepartmentId
}

/** The rule behind most self-service: the employee acting for themselves, or an administrator. */
function isSelfOrAdministrator(actor: Actor, employeeId: string): boolean {
  return actor.id === employeeId || canAdministerEmployees(actor)
}

// ---------------------------------------------------------------------------------------------
// Users' fields

/** Profile fields the employee keeps up to date themselves (an admin may too). */
export const PERSONAL_PROFILE_FIELDS = [
  'phone_company',
  'phone_personal',
  'personal_email',
  'birth_date',
  'nationality',
  'dni_expiry',
  'address',
  'city',
  'postal_code',
  'passport_number',
  'passport_issue',
  'passport_expiry',
  'health_insurance',
  'iban',
  'swift',
] as const

/**
 * Profile fields managed by HR: an admin or a member of the tenant's HR department. The DNI is
 * among them because its digits are the employee's kiosk identity.
 */
export const HR_PROFILE_FIELDS = ['country', 'company_name', 'company_cif', 'ssn', 'dni', 'qualifications'] as const

/**
 * Personal data a colleague has no need to know (bank account, national ids, health insurance,
 * home, private contact): `null` in every answer unless canSeeSensitiveFieldsOf allows it.
 */
export const SENSITIVE_PROFILE_FIELDS = [
  'iban',
  'swift',
  'ssn',
  'dni',
  'dni_expiry',
  'passport_number',
  'passport_issue',
  'passport_expiry',
  'health_insurance',
  'birth_date',
  'address',
  'postal_code',
  'phone_personal',
  'personal_email',
  'nationality',
] as const

/** Fields of the employment relationship: administrators only. */
export const EMPLOYMENT_FIELDS = [
  'full_name',
  'role',
  'department_id',
  'work_center_id',
  'manager_id',
  'schedule_id',
  'hire_date',
  'vacation_days',
  'works_holidays',
  'remote_work_allowed',
] as const

/** HR-managed profile fields (country, company, SSN, qualifications): an admin or an HR member. */
export function canManageHrFields(actor: Actor, hrDepartmentId: string | null): boolean {
  return canAdministerEmployees(actor) || isHrMember(actor, hrDepartmentId)
}

/** Personal profile fields: the user themselves or an admin. */
export function canEditPersonalFields(actor: Actor, targetUserId: string): boolean {
  return isSelfOrAdministrator(actor, targetUserId)
}

/**
 * The sensitive fields of a user are shown only to that user, an administrator or an HR member,
 * and only through a key that holds `users.sensitive` (so a key given to an integration or an
 * inspector can be kept away from them whoever it acts as).
 */
export function canSeeSensitiveFieldsOf(auth: AuthContext, subjectId: string): boolean {
  if (auth.kind === 'inspector' || !auth.scopes.includes('users.sensitive')) return false
  return auth.actor.id === subjectId || seesEveryonesRecords(auth)
}

/** Administrators and HR see every employee's records and personal data. */
export function seesEveryonesRecords(auth: AuthContext): boolean {
  return canManageHrFields(auth.actor, auth.tenant.hr_department_id)
}

/**
 * Whose records (attendance, punches, absences, expenses, allocations, reports) a key may see:
 * `null` for everyone's (administrators, HR and inspector keys, whose scopes reach the time
 * record only), otherwise the acting user's id, meaning that user and everyone below them in the
 * manager chain. Others' records behave as if they did not exist.
 */
export function recordsLimitedToTeamOf(auth: AuthContext): string | null {
  return auth.kind === 'inspector' || seesEveryonesRecords(auth) ? null : auth.actor.id
}

/**
 * Whose rows the company-wide reports (the monthly totals and the overtime report,
 * docs/decisions/0019-representatives-and-record-export.md) show: everyone's to a workers'
 * representative, as to administrators, HR and inspector keys; to anyone else, like every other
 * record, theirs and their team's (`null`: everyone's).
 */
export function companyReportsLimitedToTeamOf(auth: AuthContext): string | null {
  return auth.actor.representative ? null : recordsLimitedToTeamOf(auth)
}

/**
 * The record export for the Inspectorate
 * (docs/decisions/0019-representatives-and-record-export.md): the whole company's record with
 * national ids, so administrators and inspector keys only.
 */
export function canExportTheRecord(auth: AuthContext): boolean {
  return auth.kind === 'inspector' || canAdministerEmployees(auth.actor)
}

// ---------------------------------------------------------------------------------------------
// Personal acts

/**
 * A personal act (clocking in, signing one's month, consenting as the employee to a correction)
 * needs a credential of that person (docs/decisions/0016-accounts-and-sign-in.md): their session, a
 * key they created themselves, or their identifier and PIN at a kiosk. A key an administrator or a
 * program made acting as them may push punches on their behalf (`source: api`) but may not act as
 * them personally: the record must show what the worker did themselves.
 */
export function assertPersonalCredential(auth: AuthContext, act: string): void {
  if (auth.personal) return
  throw new AppError(
    'personal_credential_required',
    `${act} is a personal act: sign in as ${auth.actor.fullName} (or use a key they created themselves), not a key made for them by someone else`,
  )
}

// ---------------------------------------------------------------------------------------------
// Keys

/**
 * What an inspector key (Labour Inspectorate, workers' representatives) may hold: the read
 * operations of the time record, nothing else; it never writes and never sees personal data.
 */
export const INSPECTOR_SCOPES = [
  'attendance.list',
  'attendance.summary',
  'attendance.punches',
  'attendance-corrections.list',
  'attendance-reports.get',
  'attendance-reports.export',
  'attendance-reports.company',
  'attendance-reports.record-export',
  'overtime-reports.monthly',
  'tenant.record-key',
] as const satisfies readonly Scope[]

/** An inspector key is for one inspection: it must expire, within this many days. */
export const INSPECTOR_MAX_DAYS = 90

/**
 * Terms of an employee's overtime (docs/decisions/0018-overtime.md) and of a part-timer's
 * complementary hours (art. 12.5 ET): set by administrators or HR, like the HR profile fields.
 */
export const HR_EMPLOYMENT_FIELDS = [
  'overtime_compensation',
  'overtime_comp_expiry',
  'night_worker',
  'complementary_pact_percent',
  'complementary_voluntary_percent',
] as const

const PERSONAL = new Set<string>(PERSONAL_PROFILE_FIELDS)
const HR = new Set<string>([...HR_PROFILE_FIELDS, ...HR_EMPLOYMENT_FIELDS])

/**
 * Why `actor` may not change `fields` of user `targetId`, or null when every field is allowed.
 * A field outside the three groups is treated as employment data, the most protected group.
 */
export function userUpdateDenial(
  actor: Actor,
  hrDepartmentId: string | null,
  targetId: string,
  fields: readonly string[],
): string | null {
  const personal = fields.filter((f) => PERSONAL.has(f))
  const hr = fields.filter((f) => HR.has(f))
  const employment = fields.filter((f) => !PERSONAL.has(f) && !HR.has(f))
  if (employment.length > 0 && !canAdministerEmployees(actor)) {
    return `Only an administrator may change ${employment.join(', ')}`
  }
  if (personal.length > 0 && !canEditPersonalFields(actor, targetId)) {
    return `Only the employee or an administrator may change ${personal.join(', ')}`
  }
  if (hr.length > 0 && !canManageHrFields(actor, hrDepartmentId)) {
    return `Only an administrator or a member of the HR department may change ${hr.join(', ')}`
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Absences, allocations, expenses

/** Registering an absence: for oneself, or for anyone as an administrator. */
export function canRegisterAbsenceFor(actor: Actor, employeeId: string): boolean {
  return isSelfOrAdministrator(actor, employeeId)
}

/**
 * Deciding an absence: a member of the HR department, or a supervisor of the requester anywhere
 * up the manager chain, and never the requester.
 */
export function canDecideAbsence(
  actor: Actor,
  requesterId: string,
  hrDepartmentId: string | null,
  managerChain: readonly string[],
): boolean {
  if (actor.id === requesterId) return false
  return isHrMember(actor, hrDepartmentId) || managerChain.includes(actor.id)
}

/** Cancelling an absence: the requester, or HR. */
export function canCancelAbsence(actor: Actor, requesterId: string, hrDepartmentId: string | null): boolean {
  return actor.id === requesterId || isHrMember(actor, hrDepartmentId)
}

/** Allocating (or removing an allocation of) an employee's time: an administrator, or the employee. */
export function canAllocateFor(actor: Actor, employeeId: string): boolean {
  return isSelfOrAdministrator(actor, employeeId)
}

/** Importing an expense: an administrator, or the employee whose expense it is. */
export function canImportExpenseFor(actor: Actor, employeeId: string): boolean {
  return isSelfOrAdministrator(actor, employeeId)
}

/** Marking an expense reconciled (checked against the books): an administrator or HR. */
export function canReconcileExpenses(actor: Actor, hrDepartmentId: string | null): boolean {
  return canManageHrFields(actor, hrDepartmentId)
}

// ---------------------------------------------------------------------------------------------
// Corrections of the working-time record

/**
 * Deciding a correction needs the other side's consent, and nobody approves their own proposal:
 * when the employee proposed it, a member of HR or a supervisor up the employee's manager chain;
 * when anyone else proposed it, the employee.
 */
export function canDecideCorrection(
  actor: Actor,
  correction: { employeeId: string; proposedBy: string },
  hrDepartmentId: string | null,
  managerChain: readonly string[],
): boolean {
  if (actor.id === correction.proposedBy) return false
  if (correction.proposedBy === correction.employeeId)
    return isHrMember(actor, hrDepartmentId) || managerChain.includes(actor.id)
  return actor.id === correction.employeeId
}

/** Withdrawing a pending correction: whoever proposed it. */
export function canCancelCorrection(actor: Actor, proposedBy: string): boolean {
  return actor.id === proposedBy
}
