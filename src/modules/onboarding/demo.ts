/**
 * A demo tenant with a few employees, so a first start has something to look at. Used by
 * `jornada demo` and by the first start of an empty database.
 */
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import type { AuthContext } from '../../auth/context.js'
import type { Database } from '../../db/schema.js'
import { createAbsence } from '../absences/absences.service.js'
import { createPunch } from '../attendance/punch-recording.service.js'
import { DEPARTMENTS, WORK_CENTERS, createCatalogueItem } from '../catalogues/catalogues.service.js'
import { requireTenant } from '../tenants/tenants.repository.js'
import { updateTenantSettings } from '../tenants/tenants.service.js'
import { createUser, updateUser } from '../users/users.service.js'
import { type CreatedTenant, createTenant } from './onboarding.service.js'

export async function createDemoTenant(db: Kysely<Database>): Promise<CreatedTenant> {
  const created = await createTenant(db, {
    name: 'Demo Company',
    admin_email: 'admin@demo.example',
    admin_name: 'Ana Admin',
    timezone: 'Europe/Madrid',
    country: 'ES',
    region: 'MD',
  })
  const auth: AuthContext = {
    keyId: created.key.id,
    tenantId: created.tenant.id,
    tenant: await requireTenant(db, created.tenant.id),
    scopes: created.key.scopes,
    actor: { id: created.admin_user.id, email: created.admin_user.email, fullName: created.admin_user.full_name, role: 'admin', departmentId: null },
  }
  const hr = await createCatalogueItem(db, auth, DEPARTMENTS, { name: 'People & HR' })
  const engineering = await createCatalogueItem(db, auth, DEPARTMENTS, { name: 'Engineering' })
  const madrid = await createCatalogueItem(db, auth, WORK_CENTERS, { name: 'Madrid HQ', country: 'ES', region: 'MD' })
  const barcelona = await createCatalogueItem(db, auth, WORK_CENTERS, { name: 'Barcelona Office', country: 'ES', region: 'CT' })
  const tenant = await updateTenantSettings(db, auth, { hr_department_id: hr.id })
  auth.tenant = await requireTenant(db, created.tenant.id)
  await updateUser(db, auth, created.admin_user.id, { department_id: hr.id, work_center_id: madrid.id })

  const lucia = await createUser(db, auth, {
    email: 'lucia.hr@demo.example',
    full_name: 'Lucía Recursos',
    department_id: hr.id,
    work_center_id: madrid.id,
    hire_date: '2021-02-01',
    dni: '12345678Z',
    phone: '+34 600 100 200',
  })
  const marco = await createUser(db, auth, {
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
    const employee = await createUser(db, auth, {
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
  await punchLastWeek(db, auth, employees.map((e) => e.id), tenant.timezone)
  await requestSomeAbsences(db, auth, employees.map((e) => e.id), tenant.timezone)
  return { ...created, tenant }
}

/** A few absences ahead: a pending vacation, an approved sick day, a pending hourly appointment. */
async function requestSomeAbsences(db: Kysely<Database>, auth: AuthContext, [lucia, marco, sara]: string[], zone: string): Promise<void> {
  const today = DateTime.now().setZone(zone).startOf('day')
  const nextMonday = today.plus({ days: 8 - today.weekday })
  const date = (d: DateTime) => d.toISODate()!
  await createAbsence(db, auth, { user_id: sara!, type: 'vacation', start_date: date(nextMonday.plus({ weeks: 2 })), end_date: date(nextMonday.plus({ weeks: 2, days: 4 })) })
  await createAbsence(db, auth, { user_id: lucia!, type: 'sick', start_date: date(today), end_date: date(today) })
  await createAbsence(db, auth, { user_id: marco!, type: 'personal', start_date: date(nextMonday), end_date: date(nextMonday), start_time: '09:00', end_time: '11:00' })
}

/**
 * The past seven days of punches, Monday to Friday: in around 09:00, a lunch break, out around
 * 17:30; Marco (second) works remotely on Fridays.
 */
async function punchLastWeek(db: Kysely<Database>, auth: AuthContext, userIds: string[], zone: string): Promise<void> {
  const today = DateTime.now().setZone(zone).startOf('day')
  for (let back = 7; back >= 1; back--) {
    const day = today.minus({ days: back })
    if (day.weekday > 5) continue
    for (const [index, userId] of userIds.entries()) {
      const at = (hour: number, minute: number) => day.set({ hour, minute: minute + index * 3 }).toUTC().toISO()!
      const remote = index === 1 && day.weekday === 5
      await createPunch(db, auth, { user_id: userId, type: 'in', ts: at(9, 0), ...(remote ? { modality: 'remote' as const } : {}) })
      await createPunch(db, auth, { user_id: userId, type: 'break_start', ts: at(14, 0) })
      await createPunch(db, auth, { user_id: userId, type: 'break_end', ts: at(14, 30) })
      await createPunch(db, auth, { user_id: userId, type: 'out', ts: at(17, 30) })
    }
  }
}
