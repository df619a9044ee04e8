/**
 * A demo tenant with a few employees, so a first start has something to look at. Used by
 * `jornada demo` and by the first start of an empty database. The company is Spanish (its
 * documents in Spanish), so what its people wrote (reasons, notes, names of places) is in Spanish too.
 */
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import type { AuthContext } from '../../auth/context.js'
import { type RequestScope, preparing } from '../../auth/request-scope.js'
import type { Unit } from '../../db/unit-of-work.js'
import { publicHolidaysBetween } from '../../lib/public-holidays.js'
import { createAbsence } from '../absences/index.js'
import { setOnePasswordForAll } from '../accounts/index.js'
import { DEFAULT_SESSION_POLICY, endOneSession, startSession } from '../keys/index.js'
import { decideCorrection, proposeCorrection } from '../attendance/index.js'
import { listPunchLog } from '../attendance/index.js'
import { createPunch } from '../attendance/index.js'
import { DEPARTMENTS, WORK_CENTERS, createCatalogueItem } from '../catalogues/index.js'
import { requireTenant } from '../tenants/index.js'
import { updateTenantSettings } from '../tenants/index.js'
import { createUser, prepareNewUser, updateUser } from '../users/index.js'
import { type CreatedTenant, createTenant } from './onboarding.service.js'

/** The demo company, and how its people sign in: one password, made for this demo, opens every account. */
export interface CreatedDemo extends CreatedTenant {
  sign_in: { worker_email: string; admin_email: string; password: string }
}

/** The demo company as of the unit's moment: its punches run from the first of last month to the day before. */
export async function createDemoTenant(unit: Unit): Promise<CreatedDemo> {
  const { db } = unit
  // Random, not a fixed demo password: a demo left reachable from a network must not open to a guess.
  const password = `demo-${randomBytes(9).toString('base64url')}`
  const created = await createTenant(unit, {
    name: 'Demo Company',
    admin_email: 'admin@demo.example',
    admin_name: 'Ana Admin',
    timezone: 'Europe/Madrid',
    country: 'ES',
    region: 'MD',
  })
  const auth: AuthContext = {
    keyId: created.key.id,
    kind: 'standard',
    credential: 'key',
    personal: false,
    tenantId: created.tenant.id,
    tenant: await requireTenant(db, created.tenant.id),
    scopes: created.key.scopes,
    actor: {
      id: created.admin_user.id,
      email: created.admin_user.email,
      fullName: created.admin_user.full_name,
      role: 'admin',
      departmentId: null,
      representative: false,
    },
  }
  const scope: RequestScope = { db, auth, now: unit.now }
  /** The demo runs outside any transaction: each person is prepared (hashed), then written. */
  const newUser = async (body: Parameters<typeof prepareNewUser>[1]) =>
    createUser(scope, await prepareNewUser(preparing(scope), body))
  const hr = await createCatalogueItem(scope, DEPARTMENTS, { name: 'Personas y RR. HH.' })
  const engineering = await createCatalogueItem(scope, DEPARTMENTS, { name: 'Ingeniería' })
  const madrid = await createCatalogueItem(scope, WORK_CENTERS, { name: 'Sede de Madrid', country: 'ES', region: 'MD' })
  const barcelona = await createCatalogueItem(scope, WORK_CENTERS, {
    name: 'Oficina de Barcelona',
    country: 'ES',
    region: 'CT',
  })
  const tenant = await updateTenantSettings(scope, {
    hr_department_id: hr.id,
    legal_name: 'Demo Company S.L.',
    cif: 'B12345674',
  })
  auth.tenant = await requireTenant(db, created.tenant.id)
  await updateUser(scope, created.admin_user.id, { department_id: hr.id, work_center_id: madrid.id })

  const lucia = await newUser({
    email: 'lucia.hr@demo.example',
    full_name: 'Lucía Recursos',
    department_id: hr.id,
    work_center_id: madrid.id,
    hire_date: '2021-02-01',
    dni: '12345678Z',
    phone: '+34 600 100 200',
  })
  const marco = await newUser({
    email: 'marco.lead@demo.example',
    full_name: 'Marco Lead',
    department_id: engineering.id,
    work_center_id: madrid.id,
    hire_date: '2020-09-15',
    remote_work_allowed: true,
  })
  const employees = [lucia, marco]
  for (const [email, name, center] of [
    ['sara.dev@demo.example', 'Sara Developer', madrid.id],
    ['jordi.dev@demo.example', 'Jordi Developer', barcelona.id],
  ] as const) {
    const employee = await newUser({
      email,
      full_name: name,
      department_id: engineering.id,
      work_center_id: center,
      manager_id: marco.id,
      hire_date: '2023-01-09',
      remote_work_allowed: true,
    })
    employees.push(employee)
  }
  await punchRecentWorkdays(
    scope,
    employees.map((e) => ({ id: e.id, region: e.id === employees[3]!.id ? 'CT' : 'MD' })),
    tenant.timezone,
  )
  await correctSomePunches(scope, employees, tenant.timezone)
  await requestSomeAbsences(
    scope,
    employees.map((e) => e.id),
    tenant.timezone,
  )
  await setOnePasswordForAll(unit, created.tenant.id, [created.admin_user.id, ...employees.map((e) => e.id)], password)
  return {
    ...created,
    tenant,
    sign_in: { worker_email: 'sara.dev@demo.example', admin_email: created.admin_user.email, password },
  }
}

/**
 * The trail of corrections: the administrator proposed moving Sara's last `out` to 18:15 (she
 * stayed for a release) and she approved it from a session of her own; Jordi proposed an earlier
 * `in` from his, pending his manager's decision. Their sessions end once the demo is made.
 */
async function correctSomePunches(
  scope: RequestScope,
  employees: { id: string; email: string; full_name: string }[],
  zone: string,
): Promise<void> {
  const [, , sara, jordi] = employees
  // The employees' own acts (a consent, a proposal) are theirs: each signs in, acts, and signs out.
  const sessions: string[] = []
  const as = async (e: { id: string; email: string; full_name: string }): Promise<RequestScope> => {
    const session = await startSession(
      scope,
      { tenantId: scope.auth.tenantId, userId: e.id, method: 'password', userAgent: 'Demo data', ipAddress: null },
      DEFAULT_SESSION_POLICY,
    )
    sessions.push(session.id)
    return {
      ...scope,
      auth: {
        ...scope.auth,
        keyId: session.id,
        credential: 'session',
        personal: true,
        actor: {
          id: e.id,
          email: e.email,
          fullName: e.full_name,
          role: 'member',
          departmentId: null,
          representative: false,
        },
      },
    }
  }
  const today = DateTime.fromMillis(scope.now, { zone })
  const lastWeek = {
    from: today.minus({ days: 7 }).toISODate()!,
    to: today.minus({ days: 1 }).toISODate()!,
    page_size: 100,
  }
  const punchesOf = async (userId: string) => (await listPunchLog(scope, { user_id: userId, ...lastWeek })).data
  const saraOut = (await punchesOf(sara!.id)).filter((p) => p.type === 'out').at(-1)
  const jordiIn = (await punchesOf(jordi!.id)).filter((p) => p.type === 'in').at(-1)
  if (!saraOut || !jordiIn) return
  const localTime = (ts: string, hour: number, minute: number) =>
    DateTime.fromISO(ts, { zone }).set({ hour, minute, second: 0, millisecond: 0 }).toUTC().toISO()!
  const pushedAt = DateTime.fromISO(saraOut.ts, { zone }).toFormat('HH:mm')
  const moved = await proposeCorrection(scope, {
    user_id: sara!.id,
    reason: `Me quedé hasta las 18:15 por la entrega; la salida se fichó a las ${pushedAt} por error`,
    changes: [{ action: 'move', punch_id: saraOut.id, ts: localTime(saraOut.ts, 18, 15) }],
  })
  await decideCorrection(await as(sara!), moved.id, { decision: 'approved', note: 'Correcto, gracias' })
  await proposeCorrection(await as(jordi!), {
    user_id: jordi!.id,
    reason: 'El lector de la puerta no leyó mi tarjeta; entré a las 08:40',
    changes: [{ action: 'move', punch_id: jordiIn.id, ts: localTime(jordiIn.ts, 8, 40) }],
  })
  for (const id of sessions) await endOneSession(scope, scope.auth.tenantId, id, 'logout')
}

/** A few absences ahead: a pending vacation, an approved sick day, a pending hourly appointment. */
async function requestSomeAbsences(scope: RequestScope, [lucia, marco, sara]: string[], zone: string): Promise<void> {
  const today = DateTime.fromMillis(scope.now, { zone }).startOf('day')
  const nextMonday = today.plus({ days: 8 - today.weekday })
  const date = (d: DateTime) => d.toISODate()!
  await createAbsence(scope, {
    user_id: sara!,
    type: 'vacation',
    start_date: date(nextMonday.plus({ weeks: 2 })),
    end_date: date(nextMonday.plus({ weeks: 2, days: 4 })),
  })
  await createAbsence(scope, {
    user_id: lucia!,
    type: 'sick',
    start_date: date(today),
    end_date: date(today),
  })
  await createAbsence(scope, {
    user_id: marco!,
    type: 'personal',
    start_date: date(nextMonday),
    end_date: date(nextMonday),
    start_time: '09:00',
    end_time: '11:00',
  })
}

/**
 * A month a person can audit: every workday from the first of last month to yesterday, Monday to
 * Friday except the public holidays of each one's place (Madrid, or Catalonia for Jordi): in
 * around 09:00, a lunch break, out around 17:30; Marco (second) works remotely on Fridays.
 */
async function punchRecentWorkdays(
  scope: RequestScope,
  people: { id: string; region: string }[],
  zone: string,
): Promise<void> {
  const today = DateTime.fromMillis(scope.now, { zone }).startOf('day')
  const first = today.minus({ months: 1 }).startOf('month')
  const holidays = new Map(
    ['MD', 'CT'].map((region) => [
      region,
      new Set(publicHolidaysBetween('ES', region, first.toISODate()!, today.toISODate()!).map((h) => h.date)),
    ]),
  )
  for (let day = first; day < today; day = day.plus({ days: 1 })) {
    if (day.weekday > 5) continue
    for (const [index, { id: userId, region }] of people.entries()) {
      if (holidays.get(region)!.has(day.toISODate()!)) continue
      const at = (hour: number, minute: number) =>
        day
          .set({ hour, minute: minute + index * 3 })
          .toUTC()
          .toISO()!
      const remote = index === 1 && day.weekday === 5
      await createPunch(scope, {
        user_id: userId,
        type: 'in',
        ts: at(9, 0),
        ...(remote ? { modality: 'remote' as const } : {}),
      })
      await createPunch(scope, { user_id: userId, type: 'break_start', ts: at(14, 0) })
      await createPunch(scope, { user_id: userId, type: 'break_end', ts: at(14, 30) })
      await createPunch(scope, { user_id: userId, type: 'out', ts: at(17, 30) })
    }
  }
}
