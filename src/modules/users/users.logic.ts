/**
 * Pure rules about users: derived kiosk credentials, the qualifications format, the manager
 * hierarchy and the searchable form of names. Who may change which field is a policy
 * (auth/policies). No I/O here; tested without HTTP.
 */
import type { AuthContext } from '../../auth/context.js'
import { HR_PROFILE_FIELDS, PERSONAL_PROFILE_FIELDS } from '../../auth/policies.js'
import type { UserRow } from '../../db/schema.js'

export const PROFILE_FIELDS = [...PERSONAL_PROFILE_FIELDS, ...HR_PROFILE_FIELDS] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

/** The kiosk clock-in identifier: the digits of the DNI/NIE, or null when it has none. */
export function kioskIdFromDni(dni: string | null | undefined): string | null {
  const digits = (dni ?? '').replace(/\D/g, '')
  return digits.length > 0 ? digits : null
}

export { dniProblem } from '../../lib/spanish-tax-ids.js'

/**
 * The last four digits of a phone; null when it has fewer than four. Data an administrator sets:
 * never a PIN, and refused as one a person chooses
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
 */
export function kioskPinFromPhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 4 ? digits.slice(-4) : null
}

/**
 * Whether a personal act by `auth` on the record of `user` (the acting person themselves) was made
 * with a credential the company issued and the person had not replaced
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): at a kiosk, the PIN's mark; with a
 * session or a personal key, the sign-in's mark (a personal key made with a company-issued sign-in
 * is no more the person's own than the sign-in was). Anything else is not a personal act, or is the
 * person's own: null.
 */
export function credentialOriginOf(
  auth: Pick<AuthContext, 'credential' | 'personal' | 'actor'>,
  user: Pick<UserRow, 'id' | 'credentials_company_issued_at' | 'kiosk_pin_company_issued_at'>,
): 'company_issued' | null {
  if (!auth.personal || auth.actor.id !== user.id) return null
  if (auth.credential === 'kiosk') return user.kiosk_pin_company_issued_at ? 'company_issued' : null
  if (auth.credential === 'session' || auth.credential === 'key')
    return user.credentials_company_issued_at ? 'company_issued' : null
  return null
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
export function createsManagerCycle(
  userId: string,
  managerId: string,
  managerChainOfManager: readonly string[],
): boolean {
  return managerId === userId || managerChainOfManager.includes(userId)
}

/**
 * The form of a name used for search and ordering: lower case without diacritics, so that "ines"
 * finds "Inés" and "Álvaro" sorts with the A's, identically on both engines.
 */
export function searchableText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * A span of employment, both days included; `start` null is "from the hire date", `end` null is
 * "still employed". A user with no recorded periods has been employed since their hire date.
 */
export interface EmploymentPeriod {
  start: string | null
  end: string | null
}

export function parseEmploymentPeriods(json: string): EmploymentPeriod[] {
  return JSON.parse(json) as EmploymentPeriod[]
}

/** Deactivation on `date`: the current period ends that day (the day itself still counts). */
export function endEmployment(periods: readonly EmploymentPeriod[], date: string): EmploymentPeriod[] {
  if (periods.length === 0) return [{ start: null, end: date }]
  const last = periods.at(-1)!
  if (last.end !== null) return [...periods]
  // A period cannot end before it began: deactivated on the day of a reactivation, it lasted that day.
  return [
    ...periods.slice(0, -1),
    { start: last.start, end: last.start !== null && date < last.start ? last.start : date },
  ]
}

/** Reactivation on `date`: a new period begins that day. */
export function resumeEmployment(periods: readonly EmploymentPeriod[], date: string): EmploymentPeriod[] {
  const last = periods.at(-1)
  if (!last || last.end === null) return [...periods]
  return [...periods, { start: date < last.end ? last.end : date, end: null }]
}

/** Whether some day of [from, to] is a day of employment. */
export function isEmployedDuring(
  hireDate: string | null,
  periods: readonly EmploymentPeriod[],
  from: string,
  to: string,
): boolean {
  const start = hireDate !== null && hireDate > from ? hireDate : from
  if (start > to) return false
  if (periods.length === 0) return true
  return periods.some((p) => (p.start === null || p.start <= to) && (p.end === null || p.end >= start))
}

/**
 * How many days of [from, to] (YYYY-MM-DD, both included) are days of employment: on or after the
 * hire date and inside a period (periods do not overlap; none means employed throughout).
 */
export function daysEmployedIn(
  hireDate: string | null,
  periods: readonly EmploymentPeriod[],
  from: string,
  to: string,
): number {
  const dayNumber = (date: string) =>
    Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000
  const latest = (...dates: (string | null)[]) =>
    dates
      .filter((d) => d !== null)
      .sort()
      .at(-1)!
  const earliest = (...dates: (string | null)[]) => dates.filter((d) => d !== null).sort()[0]!
  const spans = periods.length === 0 ? [{ start: null, end: null }] : periods
  let days = 0
  for (const period of spans) {
    const start = latest(from, hireDate, period.start)
    const end = earliest(to, period.end)
    if (start <= end) days += dayNumber(end) - dayNumber(start) + 1
  }
  return days
}

/** Whether `date` is a day of employment: on or after the hire date and inside a period. */
export function isEmployedOn(hireDate: string | null, periods: readonly EmploymentPeriod[], date: string): boolean {
  if (hireDate !== null && date < hireDate) return false
  if (periods.length === 0) return true
  return periods.some((p) => (p.start === null || p.start <= date) && (p.end === null || date <= p.end))
}
