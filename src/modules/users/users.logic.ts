/**
 * Pure rules about users: who may change which field, derived kiosk credentials, the
 * qualifications format and the manager hierarchy. No I/O here; tested without HTTP.
 */
import type { Actor } from '../../auth/context.js'
import { canAdministerEmployees, canEditPersonalFields, canManageHrFields } from '../../auth/permissions.js'

/** Profile fields the employee keeps up to date themselves (an admin may too). */
export const PERSONAL_PROFILE_FIELDS = [
  'phone_company',
  'phone_personal',
  'personal_email',
  'birth_date',
  'nationality',
  'dni',
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

/** Profile fields managed by HR: an admin or a member of the tenant's HR department. */
export const HR_PROFILE_FIELDS = ['country', 'company_name', 'company_cif', 'ssn', 'qualifications'] as const

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

export const PROFILE_FIELDS = [...PERSONAL_PROFILE_FIELDS, ...HR_PROFILE_FIELDS] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

const PERSONAL = new Set<string>(PERSONAL_PROFILE_FIELDS)
const HR = new Set<string>(HR_PROFILE_FIELDS)

/**
 * Why `actor` may not change `fields` of user `targetId`, or null when every field is allowed.
 * A field outside the three groups is treated as employment data, the most protected group.
 */
export function updateDenial(
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

/** The kiosk clock-in identifier: the digits of the DNI/NIE, or null when it has none. */
export function kioskIdFromDni(dni: string | null | undefined): string | null {
  const digits = (dni ?? '').replace(/\D/g, '')
  return digits.length > 0 ? digits : null
}

/** The initial kiosk PIN: the last four digits of the phone; null when it has fewer than four. */
export function kioskPinFromPhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 4 ? digits.slice(-4) : null
}

export const MAX_QUALIFICATIONS = 100
export const MAX_QUALIFICATION_LENGTH = 200

/** `qualifications` is written as a string holding a JSON array of strings. */
export function parseQualifications(raw: string): { ok: true; value: string[] } | { ok: false; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { ok: false, message: 'must be a string holding a JSON array of strings, e.g. "[\\"Forklift licence\\"]"' }
  }
  if (!Array.isArray(parsed) || !parsed.every((q) => typeof q === 'string')) {
    return { ok: false, message: 'must be a JSON array of strings' }
  }
  if (parsed.length > MAX_QUALIFICATIONS) return { ok: false, message: `at most ${MAX_QUALIFICATIONS} qualifications` }
  const cleaned = parsed.map((q: string) => q.trim())
  if (cleaned.some((q) => q.length === 0 || q.length > MAX_QUALIFICATION_LENGTH)) {
    return { ok: false, message: `each qualification must have 1 to ${MAX_QUALIFICATION_LENGTH} characters` }
  }
  return { ok: true, value: cleaned }
}

/** IBANs are stored in electronic format: no spaces, upper case. */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase()
}

/**
 * Would making `managerId` the manager of `userId` create a cycle? `managerChainOfManager` is the
 * chain above the proposed manager (their manager, that one's manager, ...).
 */
export function createsManagerCycle(userId: string, managerId: string, managerChainOfManager: readonly string[]): boolean {
  return managerId === userId || managerChainOfManager.includes(userId)
}

/**
 * The form of a name used for search and ordering: lower case without diacritics, so that "ines"
 * finds "Inés" and "Álvaro" sorts with the A's, identically on both engines.
 */
export function searchableText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
