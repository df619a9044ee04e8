/**
 * Kiosk devices (docs/decisions/0013-kiosks.md): administrators set up a shared clock-in device and
 * get its token once; the token authenticates the device on the kiosk endpoints and nowhere else.
 * Revoking a device stops its token at once. Devices are never deleted: punches name the kiosk they
 * came from.
 */
import type { AuthContext, KioskDevice } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import type { PreparingScope, RequestScope } from '../../auth/request-scope.js'
import type { KioskRow } from './kiosks.tables.js'
import { lockRow } from '../../db/locks.js'
import { type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { catalogueItemExists } from '../catalogues/index.js'
import {
  formatKioskToken,
  hashPassword,
  newSecret,
  parseKioskToken,
  secretMatches,
  sha256Hex,
} from '../../lib/secrets.js'
import { randomInt } from 'node:crypto'
import { queueKioskPinMail } from '../mail/index.js'
import { requireTenant } from '../tenants/index.js'
import { findUserRow, setKioskPin } from '../users/index.js'
import { ONE_TIME_PIN_DIGITS, newPinProblem } from './kiosk-sign-in.logic.js'
import * as repo from './kiosks.repository.js'
import type { CreateKioskBodyType, ListKiosksQueryType } from './kiosks.schemas.js'

export function kioskToApi(row: KioskRow) {
  return {
    id: row.id,
    name: row.name,
    work_center_id: row.work_center_id,
    active: row.revoked_at === null,
    created_by: row.created_by,
    created_at: row.created_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
  }
}

function mustAdminister(auth: AuthContext): void {
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may manage kiosks')
}

async function kioskOf(scope: RequestScope, id: string): Promise<KioskRow> {
  mustAdminister(scope.auth)
  const row = await repo.findKiosk(scope.db, scope.auth.tenantId, id)
  if (!row) throw notFound('Kiosk')
  return row
}

export async function createKiosk(scope: RequestScope, body: CreateKioskBodyType) {
  const { db, auth } = scope
  mustAdminister(auth)
  const workCenterId = body.work_center_id ?? null
  if (workCenterId && !(await catalogueItemExists(db, 'work_centers', auth.tenantId, workCenterId)))
    throw notFound('Work center')
  const secret = newSecret()
  const row: KioskRow = {
    id: newId('kiosk'),
    tenant_id: auth.tenantId,
    name: body.name.trim(),
    work_center_id: workCenterId,
    token_hash: sha256Hex(secret),
    created_by: auth.actor.id,
    created_at: nowIsoOf(scope),
    revoked_at: null,
    last_used_at: null,
    failure_window_start: null,
    failures_in_window: 0,
    last_failure_at: null,
  }
  await repo.insertKiosk(db, row)
  return { ...kioskToApi(row), device_token: formatKioskToken(row.id, secret) }
}

export async function listKiosks(scope: RequestScope, query: ListKiosksQueryType) {
  const { db, auth } = scope
  mustAdminister(auth)
  const window = pageOf(query)
  return listBody(window, await repo.listKiosks(db, auth.tenantId, { active: query.active }, window), kioskToApi)
}

/** One device, as the list shows it (never its token), to administrators. */
export async function getKiosk(scope: RequestScope, id: string) {
  return kioskToApi(await kioskOf(scope, id))
}

/** Revokes a device; revoking a revoked one changes nothing and answers it as it is. */
export async function revokeKiosk(scope: RequestScope, id: string) {
  const { db, auth } = scope
  await kioskOf(scope, id)
  await repo.revokeKiosk(db, auth.tenantId, id, nowIsoOf(scope))
  return kioskToApi((await repo.findKiosk(db, auth.tenantId, id))!)
}

/**
 * An administrator resets a forgotten PIN (docs/decisions/0024-only-the-worker-acts-as-the-worker.md):
 * no credential an administrator knows may act as the worker, so the PIN is derived from nothing
 * they can set. With mail set up, the employee is mailed a random one-time PIN, which the kiosk
 * makes them change at first use; without mail, the employee has no PIN until they choose one in
 * the app (Profile). Either way the identifier's lock is lifted and the employee's open kiosk
 * sessions end, so whoever learnt the old PIN is shut out. The PIN is never in the answer.
 */
export async function prepareKioskPinReset(
  scope: PreparingScope,
  userId: string,
  mail: boolean,
): Promise<PreparedPinReset> {
  const { db, auth } = scope
  mustAdminister(auth)
  const user = await findUserRow(db, auth.tenantId, userId)
  if (!user) throw notFound('User')
  if (!user.kiosk_id)
    throw new AppError('kiosk_not_set_up', 'The employee has no DNI on file, so no kiosk identifier: set `dni` first')
  if (!mail) return { userId, kioskId: user.kiosk_id, oneTimePin: null }
  const pin = newOneTimePin()
  // scrypt before the write's transaction (docs/decisions/0025-request-phases-and-module-ownership.md).
  return { userId, kioskId: user.kiosk_id, oneTimePin: { pin, hash: await hashPassword(pin) } }
}

/** A random PIN of six digits that the rules of a chosen PIN would accept (not one digit repeated). */
function newOneTimePin(): string {
  for (;;) {
    const pin = String(randomInt(0, 1_000_000)).padStart(ONE_TIME_PIN_DIGITS, '0')
    if (newPinProblem(pin, null) === null) return pin
  }
}

/** A reset, prepared: the one-time PIN to mail and its hash, or null when there is no mail. */
export interface PreparedPinReset {
  readonly userId: string
  readonly kioskId: string
  readonly oneTimePin: { readonly pin: string; readonly hash: string } | null
}

/**
 * The write of a reset: the PIN is replaced by the one-time PIN, whose mail is queued in the same
 * transaction (sent once it commits), or removed. The notice is the one-time PIN's mail itself.
 */
export async function resetKioskPin(scope: RequestScope, prepared: PreparedPinReset) {
  const { db, auth } = scope
  const { userId, oneTimePin } = prepared
  await lockRow(db, 'users', auth.tenantId, userId)
  const user = await findUserRow(db, auth.tenantId, userId)
  if (!user || user.kiosk_id !== prepared.kioskId)
    throw new AppError('kiosk_not_set_up', 'The employee’s DNI changed meanwhile: reset the PIN again')
  const at = nowIsoOf(scope)
  if (oneTimePin) {
    // Mailed to the person alone: not the company's (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    await setKioskPin(db, auth.tenantId, userId, oneTimePin.hash, true, at, null)
    await queueKioskPinMail(scope, { tenant: auth.tenant, user }, oneTimePin.pin)
  } else await setKioskPin(db, auth.tenantId, userId, null, false, at, null)
  const lockLifted = await repo.liftLockout(db, auth.tenantId, user.kiosk_id, at)
  const sessionsEnded = await repo.endSessionsOf(db, auth.tenantId, userId, at)
  return {
    user_id: userId,
    delivery: oneTimePin ? ('mail' as const) : ('app' as const),
    pin_change_required: oneTimePin !== null,
    lock_lifted: lockLifted,
    sessions_ended: sessionsEnded,
    reset_at: at,
  }
}

/**
 * The device a token belongs to, or null when it must be refused with 401 (unknown, wrong secret,
 * revoked). There is no caller yet, so it takes a unit; its moment is noted as the device's last use.
 */
export async function authenticateKiosk(unit: Unit, token: string): Promise<KioskDevice | null> {
  const parsed = parseKioskToken(token)
  if (!parsed) return null
  const row = await repo.findKioskById(unit.db, parsed.kioskId)
  if (!row || !secretMatches(parsed.secret, row.token_hash) || row.revoked_at !== null) return null
  await repo.recordKioskUse(unit.db, row, new Date(unit.now))
  return { kioskId: row.id, tenantId: row.tenant_id, name: row.name, workCenterId: row.work_center_id }
}

/**
 * What a device sees of itself on GET /kiosk: its name, its company's and the service's clock
 * (the unit's moment), which the page sets its own clock by. A device is no caller, hence a unit.
 */
export async function kioskDevice(unit: Unit, device: KioskDevice) {
  const tenant = await requireTenant(unit.db, device.tenantId)
  return {
    id: device.kioskId,
    name: device.name,
    work_center_id: device.workCenterId,
    company_name: tenant.name,
    server_time: nowIsoOf(unit),
  }
}
