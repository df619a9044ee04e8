/**
 * Who is signed in, and what they may see: read from the public API once the session cookie
 * answers (`me`, their own user, the company's settings, whether anyone reports to them). The
 * screens a person is offered follow from it; what they may do is still the service's decision.
 */
import { signal } from '@preact/signals'
import { get, Offline, query, type Schemas } from './api.js'
import { forgetAbsenceTypes } from './labels.js'

export interface Person {
  id: string
  name: string
  email: string
  role: 'member' | 'admin'
  /** A member of the company's HR department. */
  isHr: boolean
  /** Someone reports to them. */
  isSupervisor: boolean
  /** A workers' representative: reads the company's totals and overtime report. */
  representative: boolean
  remoteWorkAllowed: boolean
  tenantId: string
  companyName: string
  timeZone: string
  companyLanguage: 'es' | 'en'
  sso: boolean
}

/** undefined while it is being found out; null when nobody is signed in. */
export const person = signal<Person | null | undefined>(undefined)

export const seesTeam = (p: Person) => p.role === 'admin' || p.isHr || p.isSupervisor
/**
 * Who reads the company-wide reports (docs/decisions/0019-representatives-and-record-export.md).
 */
export const seesCompany = (p: Person) => p.representative || p.role === 'admin' || p.isHr

/** What the sign-in screen remembers of the last company, to offer its single sign-on. */
export interface RememberedCompany {
  id: string
  name: string
  sso: boolean
}
const COMPANY_KEY = 'jornada-app-company'

export function rememberedCompany(): RememberedCompany | null {
  try {
    const kept = JSON.parse(localStorage.getItem(COMPANY_KEY) ?? 'null')
    return kept && typeof kept.id === 'string' ? kept : null
  } catch {
    return null
  }
}

export function rememberCompany(company: RememberedCompany): void {
  localStorage.setItem(COMPANY_KEY, JSON.stringify(company))
}

interface Me {
  tenant: { id: string; name: string }
  acts_as_user: { id: string; email: string; name: string }
  credential: 'key' | 'session'
}

/**
 * Who was signed in on this phone last, kept so that the app opens offline on Today and a punch
 * can wait for the connection: names and settings only, nothing the record holds.
 */
const PERSON_KEY = 'jornada-app-person'

export function forgetPerson(): void {
  // The next person may be of another company, with other absence types.
  forgetAbsenceTypes()
  localStorage.removeItem(PERSON_KEY)
  localStorage.removeItem('jornada-app-today')
  person.value = null
}

function keptPerson(): Person | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PERSON_KEY) ?? 'null')
    return kept && typeof kept.id === 'string' ? kept : null
  } catch {
    return null
  }
}

/** Whether this browser holds a session of this origin: the readable `jornada_csrf` cookie says so. */
function hasSessionCookies(): boolean {
  return /(?:^|;\s*)jornada_csrf=[^;]+/.test(document.cookie)
}

/**
 * Finds out who the session is; null when there is none (the API answered 401). Offline, the
 * person last signed in here (the session cookie, if it has ended, will say so once back).
 */
export async function loadPerson(): Promise<Person | null> {
  // No session cookie without its CSRF cookie: the service sets and clears both together, with the
  // same lifetime. Without it there is no session to ask about, and asking would only log a 401 in
  // the console of someone who is simply signed out. Offline, the person last signed in here (their
  // waiting punches wait for them).
  if (!hasSessionCookies()) {
    if (!navigator.onLine) {
      person.value = keptPerson()
      return person.value
    }
    forgetPerson()
    return null
  }
  let me: Me
  try {
    me = (await get<{ data: Me }>('/me')).data
  } catch (error) {
    if (error instanceof Offline) {
      person.value = keptPerson()
      return person.value
    }
    if ((error as { status?: number }).status === 401) {
      forgetPerson()
      return null
    }
    throw error
  }
  const id = me.acts_as_user.id
  const read = Promise.all([
    get<{ data: Schemas['UserFull'] }>(`/users/${id}`),
    get<{ data: Schemas['Tenant'] }>('/tenant'),
    get<{ data: unknown[] }>(`/users${query({ manager_id: id, status: 'active', page_size: 1 })}`),
  ])
  let user: { data: Schemas['UserFull'] }
  let tenant: { data: Schemas['Tenant'] }
  let reports: { data: unknown[] }
  try {
    ;[user, tenant, reports] = await read
  } catch (error) {
    // Signed in, but the rest could not be read now: the person as last known here, if it is them.
    const kept = keptPerson()
    if (error instanceof Offline && kept?.id === id) {
      person.value = kept
      return kept
    }
    throw error
  }
  const found: Person = {
    id,
    name: user.data.full_name,
    email: user.data.email,
    role: user.data.role,
    isHr: tenant.data.hr_department_id !== null && user.data.department?.id === tenant.data.hr_department_id,
    isSupervisor: reports.data.length > 0,
    representative: user.data.representative,
    remoteWorkAllowed: user.data.remote_work_allowed,
    tenantId: me.tenant.id,
    companyName: me.tenant.name,
    timeZone: tenant.data.timezone,
    companyLanguage: tenant.data.language,
    sso: tenant.data.sso !== null,
  }
  rememberCompany({ id: found.tenantId, name: found.companyName, sso: found.sso })
  localStorage.setItem(PERSON_KEY, JSON.stringify(found))
  person.value = found
  return found
}
