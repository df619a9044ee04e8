/**
 * Users: the rules of creating, editing, deactivating and reactivating employees. Services own
 * transactions and locks; every check that only one request may pass (email uniqueness, the last
 * active administrator, manager cycles) runs inside a transaction holding the tenant's row lock.
 */
import type { PreparingScope, RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees, canSeeSensitiveFieldsOf, userUpdateDenial } from '../../auth/policies.js'
import { isUniqueViolation } from '../../db/errors.js'
import { lockRow, lockTenant } from '../../db/locks.js'
import { managerChain } from '../../db/team.js'
import type { NewUserRow, UserUpdate } from '../../db/schema.js'
import { type Db, type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { todayIn } from '../../lib/calendar.js'
import { newId } from '../../lib/ids.js'
import { passwordProblem } from '../../lib/passwords.js'
import { hashPassword } from '../../lib/secrets.js'
import { catalogueItemExists } from '../catalogues/index.js'
import { endSessionsOf, revokeKeysActingAs } from '../keys/index.js'
import { SINCE_ALWAYS } from '../schedules/index.js'
import { recordScheduleAssignment } from '../schedules/index.js'
import { assertNotInSignedMonth } from '../sign-off/index.js'
import { requireTenant } from '../tenants/index.js'
import * as logic from './users.logic.js'
import { userRowToFull, userRowToReduced } from './users.mapper.js'
import * as repo from './users.repository.js'
import type {
  CreateUserBodyType,
  ListUsersQueryType,
  UpdateUserBodyType,
  UserFullType,
  UserReducedType,
} from './users.schemas.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import type { EventType } from '../events/index.js'
import { recordEvent } from '../events/index.js'
import { jsonText, parseJsonText } from '../../db/codec.js'

/**
 * Records a user event in the scope's unit of work, the change's transaction. Events leave the
 * service (webhooks), so they carry the full form with the sensitive fields always null
 * (docs/decisions/0014-privacy-and-visibility.md).
 */
async function announce(scope: RequestScope, type: EventType, userId: string): Promise<void> {
  const row = await repo.findUser(scope.db, scope.auth.tenantId, userId)
  if (row) await recordEvent(scope, type, userRowToFull(row, null, false))
}

export async function getUser(scope: RequestScope, userId: string, includeFolders: boolean): Promise<UserFullType> {
  const { db, auth } = scope
  const row = await repo.findUser(db, auth.tenantId, userId)
  if (!row) throw notFound('User')
  const folders = includeFolders ? await repo.listFolders(db, auth.tenantId, userId) : null
  return userRowToFull(row, folders, canSeeSensitiveFieldsOf(auth, userId))
}

export async function listUsers(
  scope: RequestScope,
  query: ListUsersQueryType,
): Promise<{ data: (UserFullType | UserReducedType)[]; meta: { page: number; page_size: number; total: number } }> {
  const { db, auth } = scope
  const window = pageOf(query)
  const page = await repo.listUsers(
    db,
    auth.tenantId,
    {
      status: query.status,
      role: query.role,
      departmentId: query.department_id,
      workCenterId: query.work_center_id,
      managerId: query.manager_id,
      emailNormalized: query.email?.toLowerCase(),
      q: query.q === undefined ? undefined : logic.searchableText(query.q),
    },
    window,
  )
  const toApi =
    query.detail === 'full'
      ? (r: repo.UserWithRefs) => userRowToFull(r, null, canSeeSensitiveFieldsOf(auth, r.id))
      : userRowToReduced
  return listBody(window, page, toApi)
}

/** Everything needed to insert a user, already validated and permission-checked. */
export interface NewUserInput {
  email: string
  fullName: string
  role: 'member' | 'admin'
  passwordHash: string | null
  kioskPinHash: string | null
  departmentId: string | null
  workCenterId: string | null
  managerId: string | null
  hireDate: string | null
  vacationDays: number | null
  worksHolidays: boolean
  remoteWorkAllowed: boolean
  dni: string | null
  phonePersonal: string | null
  /** null: the company's default schedule. */
  scheduleId: string | null
}

/** A new user's input with the defaults of users.create for everything not given. */
export function newUserInput(fields: Pick<NewUserInput, 'email' | 'fullName'> & Partial<NewUserInput>): NewUserInput {
  return {
    role: 'member',
    passwordHash: null,
    kioskPinHash: null,
    departmentId: null,
    workCenterId: null,
    managerId: null,
    hireDate: null,
    vacationDays: null,
    worksHolidays: false,
    remoteWorkAllowed: false,
    dni: null,
    phonePersonal: null,
    scheduleId: null,
    ...fields,
  }
}

/**
 * Inserts a user with the tenant's default folders. The caller holds the tenant lock inside the
 * unit's transaction and has checked references and permissions; this checks the uniqueness rules.
 */
export async function insertUserRecord(unit: Unit, tenantId: string, input: NewUserInput): Promise<string> {
  const trx = unit.db
  const tenant = await requireTenant(trx, tenantId)
  const emailNormalized = input.email.toLowerCase()
  if (await repo.emailInUse(trx, tenantId, emailNormalized)) {
    throw new AppError('email_taken', `The email ${input.email} is already used by another user`)
  }
  const kioskId = logic.kioskIdFromDni(input.dni)
  if (kioskId && (await repo.kioskIdInUse(trx, tenantId, kioskId))) {
    throw new AppError('kiosk_id_taken', 'Another user has a DNI with the same digits (kiosk identifier)')
  }
  const id = newId('user')
  const now = nowIsoOf(unit)
  const row: NewUserRow = {
    id,
    tenant_id: tenantId,
    email: input.email,
    email_normalized: emailNormalized,
    full_name: input.fullName,
    full_name_normalized: logic.searchableText(input.fullName),
    role: input.role,
    status: 'active',
    hire_date: input.hireDate,
    vacation_days: input.vacationDays,
    works_holidays: input.worksHolidays,
    remote_work_allowed: input.remoteWorkAllowed,
    overtime_compensation: null,
    overtime_comp_expiry: null,
    night_worker: false,
    complementary_pact_percent: 0,
    complementary_voluntary_percent: 0,
    representative: false,
    has_photo: false,
    department_id: input.departmentId,
    work_center_id: input.workCenterId,
    manager_id: input.managerId,
    password_hash: input.passwordHash,
    kiosk_id: kioskId,
    kiosk_pin_hash: input.kioskPinHash,
    // The API gives none (prepareNewUser); a PIN a caller gives at creation is one the company
    // knows: changed at the first kiosk use (docs/decisions/0013-kiosks.md) and marked as the
    // company's (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    kiosk_pin_initial: input.kioskPinHash !== null,
    kiosk_pin_company_issued_at: input.kioskPinHash !== null ? now : null,
    // A password given at creation is one the administrator knows: the company's until the
    // person replaces it (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    credentials_company_issued_at: input.passwordHash !== null ? now : null,
    schedule_id: input.scheduleId,
    employment_periods: jsonText([]),
    ...emptyProfile(),
    dni: input.dni,
    phone_personal: input.phonePersonal,
    created_at: now,
    updated_at: now,
  }
  await repo.insertUser(trx, row)
  // A new employee's own schedule applies from the start of their record.
  if (input.scheduleId !== null) await recordScheduleAssignment(trx, tenantId, id, SINCE_ALWAYS, input.scheduleId, now)
  const folderNames = parseJsonText(tenant.default_folders)
  await repo.insertFolders(
    trx,
    folderNames.map((name, position) => ({
      id: newId('folder'),
      tenant_id: tenantId,
      user_id: id,
      name,
      position,
      document_count: 0,
      created_at: now,
    })),
  )
  return id
}

function emptyProfile() {
  const profile = Object.fromEntries(logic.PROFILE_FIELDS.map((f) => [f, null])) as Record<
    logic.ProfileField,
    string | null
  >
  return { ...profile, qualifications: jsonText<string[]>([]) }
}

async function assertReferencesExist(
  trx: Db,
  tenantId: string,
  refs: {
    departmentId?: string | null
    workCenterId?: string | null
    managerId?: string | null
    scheduleId?: string | null
  },
): Promise<void> {
  if (refs.departmentId && !(await catalogueItemExists(trx, 'departments', tenantId, refs.departmentId))) {
    throw notFound('Department')
  }
  if (refs.workCenterId && !(await catalogueItemExists(trx, 'work_centers', tenantId, refs.workCenterId))) {
    throw notFound('Work center')
  }
  if (refs.scheduleId && !(await catalogueItemExists(trx, 'schedules', tenantId, refs.scheduleId)))
    throw notFound('Schedule')
  if (refs.managerId && !(await repo.findUserRow(trx, tenantId, refs.managerId))) throw notFound('Manager')
}

/** Unique indexes back up the in-transaction checks; this turns a violation into the right 409. */
async function explainUniqueViolation(
  db: Db,
  tenantId: string,
  email: string | undefined,
  error: unknown,
): Promise<never> {
  if (isUniqueViolation(error)) {
    if (email && (await repo.emailInUse(db, tenantId, email.toLowerCase()))) {
      throw new AppError('email_taken', `The email ${email} is already used by another user`)
    }
    throw new AppError('kiosk_id_taken', 'Another user has a DNI with the same digits (kiosk identifier)')
  }
  throw error
}

/**
 * A new user's body, checked, with its secrets hashed: what `createUser` writes. Made by
 * `prepareNewUser` before the write's transaction begins.
 */
export interface PreparedUser {
  readonly body: CreateUserBodyType
  readonly passwordHash: string | null
  readonly kioskPinHash: string | null
}

/**
 * The first phase of creating a user (docs/decisions/0025-request-phases-and-module-ownership.md):
 * the permission, the fields, and the password hashed. scrypt is deliberately
 * slow (about 100 ms and 128 MiB each), so it runs before the write holds any lock.
 */
export async function prepareNewUser(scope: PreparingScope, body: CreateUserBodyType): Promise<PreparedUser> {
  const { db, auth } = scope
  if (!canAdministerEmployees(auth.actor)) {
    // Refused before any hashing: scrypt's cost is for administrators' requests only.
    await assertReferencesExist(db, auth.tenantId, referencesOf(body))
    throw permissionDenied('Only an administrator may create users')
  }
  const weakPassword =
    body.password !== undefined
      ? await passwordProblem(body.password, { email: body.email, companyName: auth.tenant.name })
      : null
  if (weakPassword) throw invalidField('password', weakPassword)
  const wrongDni = body.dni ? logic.dniProblem(body.dni) : null
  if (wrongDni) throw invalidField('dni', wrongDni)
  // No kiosk PIN: one derived from what an administrator gives (the phone) would let them act as
  // the worker (docs/decisions/0024-only-the-worker-acts-as-the-worker.md). The worker chooses
  // theirs in the app, or an administrator's reset mails them a one-time PIN.
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : null
  return { body, passwordHash, kioskPinHash: null }
}

function referencesOf(body: CreateUserBodyType) {
  return {
    departmentId: body.department_id,
    workCenterId: body.work_center_id,
    managerId: body.manager_id,
    scheduleId: body.schedule_id,
  }
}

/** The second phase: writes the user `prepareNewUser` checked, under the company's lock. */
export async function createUser(scope: RequestScope, prepared: PreparedUser): Promise<UserFullType> {
  const { db, auth } = scope
  const { body, passwordHash, kioskPinHash } = prepared
  let id: string
  try {
    id = await inTransaction(scope, async (tx) => {
      await lockTenant(tx.db, auth.tenantId)
      await assertReferencesExist(tx.db, auth.tenantId, referencesOf(body))
      const created = await insertUserRecord(tx, auth.tenantId, {
        email: body.email,
        fullName: body.full_name.trim(),
        role: body.role ?? 'member',
        passwordHash,
        kioskPinHash,
        departmentId: body.department_id ?? null,
        workCenterId: body.work_center_id ?? null,
        managerId: body.manager_id ?? null,
        hireDate: body.hire_date ?? null,
        vacationDays: body.vacation_days ?? null,
        worksHolidays: body.works_holidays ?? false,
        remoteWorkAllowed: body.remote_work_allowed ?? false,
        dni: body.dni ?? null,
        phonePersonal: body.phone ?? null,
        scheduleId: body.schedule_id ?? null,
      })
      await announce(tx, 'user.created', created)
      return created
    })
  } catch (error) {
    return explainUniqueViolation(db, auth.tenantId, body.email, error)
  }
  return getUser(scope, id, false)
}

/** The fields of an update other than when a new schedule applies from. */
type UserChanges = Omit<UpdateUserBodyType, 'schedule_effective_from'>

/**
 * Maps an update body to column values; validates what the schema cannot (qualifications). Fields
 * whose column takes the value as it is are copied; the others are normalised here.
 */
function patchFromBody(changes: UserChanges): UserUpdate {
  const { full_name, qualifications, iban, swift, dni, ...asTheyAre } = changes
  const patch: UserUpdate = {}
  for (const [field, value] of Object.entries(asTheyAre)) {
    if (value !== undefined) (patch as Record<string, unknown>)[field] = value
  }
  if (full_name !== undefined) {
    patch.full_name = full_name.trim()
    patch.full_name_normalized = logic.searchableText(full_name.trim())
  }
  if (qualifications === null) patch.qualifications = jsonText([])
  else if (qualifications !== undefined) {
    const parsed = logic.parseQualifications(
      typeof qualifications === 'string' ? qualifications : JSON.stringify(qualifications),
    )
    if (!parsed.ok) throw invalidField('qualifications', parsed.message)
    patch.qualifications = jsonText(parsed.value)
  }
  if (iban !== undefined) patch.iban = iban === null ? null : logic.normaliseIban(iban)
  if (swift !== undefined) patch.swift = swift === null ? null : swift.toUpperCase()
  if (dni !== undefined) {
    const problem = dni === null ? null : logic.dniProblem(dni)
    if (problem) throw invalidField('dni', problem)
    patch.dni = dni
    patch.kiosk_id = logic.kioskIdFromDni(dni)
  }
  return patch
}

export async function updateUser(scope: RequestScope, userId: string, body: UpdateUserBodyType): Promise<UserFullType> {
  const { db, auth } = scope
  const { schedule_effective_from: scheduleFrom, ...changes } = body
  if (scheduleFrom !== undefined && changes.schedule_id === undefined)
    throw invalidField('schedule_effective_from', 'is only accepted with schedule_id')
  const fields = Object.entries(changes).flatMap(([field, value]) => (value === undefined ? [] : [field]))
  const patch = patchFromBody(changes)
  try {
    await inTransaction(scope, async (tx) => {
      const trx = tx.db
      await lockTenant(trx, auth.tenantId)
      const current = await repo.findUserRow(trx, auth.tenantId, userId)
      if (!current) throw notFound('User')
      await assertReferencesExist(trx, auth.tenantId, {
        departmentId: body.department_id,
        workCenterId: body.work_center_id,
        managerId: body.manager_id,
        scheduleId: body.schedule_id,
      })
      const denial = userUpdateDenial(auth.actor, auth.tenant.hr_department_id, userId, fields)
      if (denial) throw permissionDenied(denial)
      if (fields.length === 0) return

      if (current.role === 'admin' && patch.role === 'member' && current.status === 'active') {
        if ((await repo.countActiveAdmins(trx, auth.tenantId)) <= 1) {
          throw new AppError('last_admin', 'This user is the last active administrator; promote another user first')
        }
      }
      if (typeof patch.manager_id === 'string') {
        const chain = await managerChain(trx, auth.tenantId, patch.manager_id)
        if (logic.createsManagerCycle(userId, patch.manager_id, chain)) {
          throw new AppError('manager_cycle', 'A user cannot be managed by themselves or by someone they manage')
        }
      }
      if (typeof patch.kiosk_id === 'string' && (await repo.kioskIdInUse(trx, auth.tenantId, patch.kiosk_id, userId))) {
        throw new AppError('kiosk_id_taken', 'Another user has a DNI with the same digits (kiosk identifier)')
      }
      await repo.updateUser(trx, auth.tenantId, userId, { ...patch, updated_at: nowIsoOf(tx) })
      if (changes.schedule_id !== undefined) {
        // The new schedule applies from its date on; earlier days keep the schedule they had.
        const from = scheduleFrom ?? todayIn(auth.tenant.timezone, new Date(tx.now))
        await assertNotInSignedMonth(trx, auth.tenantId, userId, from, 'schedule_effective_from')
        await recordScheduleAssignment(trx, auth.tenantId, userId, from, changes.schedule_id, nowIsoOf(tx))
      }
      await announce(tx, 'user.updated', userId)
    })
  } catch (error) {
    return explainUniqueViolation(db, auth.tenantId, undefined, error)
  }
  return getUser(scope, userId, false)
}

/**
 * Deactivation ends the employee's current employment period on the day it happens (in the
 * company's zone): that day still counts, nothing is expected after it.
 */
export async function deactivateUser(scope: RequestScope, userId: string): Promise<UserFullType> {
  const { auth } = scope
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockTenant(trx, auth.tenantId)
    await lockRow(trx, 'users', auth.tenantId, userId) // the lock a new key for this user takes
    const current = await repo.findUserRow(trx, auth.tenantId, userId)
    if (!current) throw notFound('User')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may deactivate users')
    if (current.status === 'disabled') return // already: nothing changes, nothing to announce
    if (current.role === 'admin' && (await repo.countActiveAdmins(trx, auth.tenantId)) <= 1) {
      throw new AppError('last_admin', 'This user is the last active administrator and cannot be deactivated')
    }
    const periods = logic.endEmployment(
      logic.parseEmploymentPeriods(current.employment_periods),
      todayIn(auth.tenant.timezone, new Date(tx.now)),
    )
    await repo.updateUser(trx, auth.tenantId, userId, {
      status: 'disabled',
      employment_periods: jsonText(periods),
      updated_at: nowIsoOf(tx),
    })
    // Keys acting as this user and their sessions stop with the commit, on every instance (both
    // move the authentication epoch), and for good: a reactivation gives none of them back.
    await revokeKeysActingAs(trx, auth.tenantId, userId, nowIsoOf(tx))
    await endSessionsOf(tx, auth.tenantId, userId, 'deactivated')
    await announce(tx, 'user.deactivated', userId)
  })
  return getUser(scope, userId, false)
}

/** Reactivation begins a new employment period on the day it happens. */
export async function reactivateUser(scope: RequestScope, userId: string): Promise<UserFullType> {
  const { auth } = scope
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'users', auth.tenantId, userId)
    const current = await repo.findUserRow(trx, auth.tenantId, userId)
    if (!current) throw notFound('User')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may reactivate users')
    if (current.status === 'active') return // already: nothing changes, nothing to announce
    const periods = logic.resumeEmployment(
      logic.parseEmploymentPeriods(current.employment_periods),
      todayIn(auth.tenant.timezone, new Date(tx.now)),
    )
    await repo.updateUser(trx, auth.tenantId, userId, {
      status: 'active',
      employment_periods: jsonText(periods),
      updated_at: nowIsoOf(tx),
    })
    await announce(tx, 'user.reactivated', userId)
  })
  return getUser(scope, userId, false)
}
