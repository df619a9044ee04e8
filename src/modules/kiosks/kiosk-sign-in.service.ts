/**
 * Employees at a kiosk (docs/decisions/0013-kiosks.md): they sign in with their kiosk identifier
 * (the digits of their DNI) and PIN, or with the short-lived session an identification gave them,
 * then punch for themselves or change their PIN. Wrong PINs lock the identifier, known or not; a
 * device failing across identifiers is slowed down. Both counts are written in a transaction of
 * their own, before the request's write begins: a refused sign-in must still be counted.
 */
import type { AuthContext, KioskDevice } from '../../auth/context.js'
import type { PreparingScope, RequestScope } from '../../auth/request-scope.js'
import { lockRows } from '../../db/locks.js'
import type { UserRow } from '../../db/schema.js'
import { type Db, type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied, retryLater } from '../../errors.js'
import { hashPassword, newSecret, sha256Hex, verifyPassword } from '../../lib/secrets.js'
import type { PunchType } from '../attendance/index.js'
import {
  decideCorrection,
  getCorrection,
  lastEffectivePunches,
  leftOpenToApi,
  settleLeftOpenSession,
} from '../attendance/index.js'
import { kioskPunch } from '../attendance/index.js'
import { queueCredentialNotice } from '../mail/index.js'
import { requireTenant } from '../tenants/index.js'
import { kioskPinFromPhone } from '../users/index.js'
import { findUserByKioskId, findUserRow, setKioskPin } from '../users/index.js'
import * as logic from './kiosk-sign-in.logic.js'
import type { KioskPunchBodyType } from './kiosk-api.schemas.js'
import * as repo from './kiosks.repository.js'

export interface KioskCredentials {
  session?: string | undefined
  identifier?: string | undefined
  pin?: string | undefined
}

/**
 * Who signed in at a kiosk: the employee as the request's caller (acting through the device), and
 * how. What the employee then does takes the request's scope, whose caller is this `auth`, and this.
 */
export interface KioskSignIn {
  auth: AuthContext
  user: UserRow
  device: KioskDevice
  /** The PIN is still the initial one: nothing but a PIN change is allowed until it is changed. */
  pinChangeRequired: boolean
}

/** Compared against when the identifier is unknown, so that an unknown one takes as long as a wrong PIN. */
let dummyPinHash: Promise<string> | undefined
function unknownIdentifierHash(): Promise<string> {
  dummyPinHash ??= hashPassword('no such identifier')
  return dummyPinHash
}

/** The employee as the caller of the request, acting through the device: its id keys the device's Idempotency-Keys. */
async function signedIn(db: Db, device: KioskDevice, user: UserRow): Promise<KioskSignIn> {
  const tenant = await requireTenant(db, device.tenantId)
  return {
    auth: {
      keyId: device.kioskId,
      kind: 'standard',
      // Identifier and PIN typed by the employee at the device: their own act
      // (docs/decisions/0013-kiosks.md, docs/decisions/0016-accounts-and-sign-in.md).
      credential: 'kiosk',
      personal: true,
      expiresAt: null,
      tenantId: device.tenantId,
      tenant,
      // A kiosk grants no scope: its operations are its own and need none.
      scopes: [],
      actor: {
        id: user.id,
        email: user.email,
        fullName: user.full_name,
        role: user.role,
        departmentId: user.department_id,
        representative: user.representative,
      },
    },
    user,
    device,
    pinChangeRequired: user.kiosk_pin_initial,
  }
}

function disabled(): AppError {
  return new AppError('user_disabled', 'This employee is disabled and cannot use the kiosk')
}

/**
 * Signs in with a session of this device; 401 when it is unknown, of another device, or expired
 * at the unit's moment.
 */
async function withSession(unit: Unit, device: KioskDevice, token: string): Promise<KioskSignIn> {
  const { db } = unit
  const session = await repo.findLiveSession(db, device.kioskId, sha256Hex(token), nowIsoOf(unit))
  const user = session ? await findUserRow(db, device.tenantId, session.user_id) : undefined
  if (!user) throw new AppError('kiosk_session_expired', 'The kiosk session has expired: identify again')
  if (user.status !== 'active') throw disabled()
  return signedIn(db, device, user)
}

/**
 * Signs in with identifier and PIN. The attempt is counted against the device (refused while it
 * must wait) and against the identifier (refused while it is locked) before the PIN is checked;
 * a right PIN forgives both counts.
 */
async function withPin(unit: Unit, device: KioskDevice, identifier: string, pin: string): Promise<KioskSignIn> {
  const { db } = unit
  const decision = await countAttempt(unit, device, identifier)
  if ('throttledMs' in decision) {
    throw retryLater(
      'kiosk_throttled',
      `Too many failed sign-ins at this kiosk: wait ${Math.ceil(decision.throttledMs / 1000)} s`,
      decision.throttledMs,
    )
  }
  if (!decision.allowed) {
    throw retryLater(
      'kiosk_locked',
      `Too many wrong PINs for this identifier: try again in ${Math.ceil(decision.retryAfterMs / 60_000)} min`,
      decision.retryAfterMs,
    )
  }

  const user = await findUserByKioskId(db, device.tenantId, identifier)
  const right = await verifyPassword(pin, user?.kiosk_pin_hash ?? (await unknownIdentifierHash()))
  if (user?.kiosk_pin_hash && right) {
    // Forgives this attempt and the wrong ones before it; not those counted since (concurrent guesses).
    await repo.clearLockout(db, device.tenantId, identifier, decision.next.failures)
    await repo.forgiveDeviceFailure(db, device.kioskId)
    if (user.status !== 'active') throw disabled()
    return signedIn(db, device, user)
  }
  const left = decision.attemptsLeft
  throw new AppError(
    'kiosk_credentials_invalid',
    left > 0
      ? `Wrong identifier or PIN (${left} ${left === 1 ? 'attempt' : 'attempts'} left)`
      : 'Wrong identifier or PIN: this identifier is now locked for 15 min',
  )
}

/**
 * Counts an attempt, before its PIN is checked, against the device (refused while it must wait)
 * and against the identifier (refused while it is locked), holding both rows' locks, device
 * first: concurrent attempts cannot get past either limit while the first ones are being checked.
 * A refused attempt counts nowhere; a right PIN is forgiven afterwards.
 */
async function countAttempt(
  unit: Unit,
  device: KioskDevice,
  identifier: string,
): Promise<logic.AttemptDecision | { throttledMs: number }> {
  const { now } = unit
  return inTransaction(unit, async (tx) => {
    const trx = tx.db
    await lockRows(trx, 'kiosks', device.tenantId, [device.kioskId])
    const failures = await repo.findDeviceFailures(trx, device.kioskId)
    const wait = failures ? logic.deviceWaitMs(failures, now) : 0
    if (wait > 0) return { throttledMs: wait }
    const decided = logic.reserveAttempt(await repo.lockedLockout(trx, device.tenantId, identifier, nowIsoOf(tx)), now)
    if (!decided.allowed) return decided
    await repo.saveLockout(trx, device.tenantId, identifier, decided.next)
    if (failures) await repo.saveDeviceFailures(trx, device.kioskId, logic.withFailure(failures, now))
    return decided
  })
}

/**
 * Signs in with whichever credentials the request carries: a session, or identifier and PIN. There
 * is no caller until it succeeds, so it takes a unit: the database outside any write's transaction
 * (a refused attempt must stay counted) and the moment sessions and locks are judged at.
 */
export async function signIn(unit: Unit, device: KioskDevice, credentials: KioskCredentials): Promise<KioskSignIn> {
  const { session, identifier, pin } = credentials
  if (session !== undefined) {
    if (identifier !== undefined || pin !== undefined)
      throw invalidField('session', 'send either a session or an identifier and PIN, not both')
    return withSession(unit, device, session)
  }
  if (identifier === undefined || pin === undefined)
    throw invalidField(identifier === undefined ? 'identifier' : 'pin', 'is required (or send a session)')
  return withPin(unit, device, identifier, pin)
}

/** What the kiosk shows of the employee: their name, where they stand, and what they may punch next. */
export interface KioskEmployeeView {
  name: string
  state: logic.PresenceState
  /** When the state began: the moment of the last effective punch; null before the first. */
  since: string | null
  allowed_punches: PunchType[]
  pin_change_required: boolean
  left_open_session: { started_at: string; correction_id: string | null; proposed_out_at: string | null } | null
}

/**
 * The view of the employee at the scope's moment. Their latest session left open past the
 * company's maximum is settled first (the company proposes its closing correction if nobody has)
 * and named, so that the kiosk tells them and offers the proposal. It blocks nothing: while it is
 * the session under way, the next punch is an `in`, which starts a new one (art. 34.9 ET).
 */
async function employeeView(
  scope: RequestScope,
  signIn: KioskSignIn,
  pinChangeRequired = signIn.pinChangeRequired,
): Promise<KioskEmployeeView> {
  const leftOpen = await settleLeftOpenSession(scope, scope.auth.tenant, signIn.user.id)
  const [last] = await lastEffectivePunches(scope.db, signIn.device.tenantId, [signIn.user.id])
  // A session under way that was left open is no work under way: the person is out of it.
  const lastType = leftOpen?.current ? 'out' : (last?.type ?? null)
  return {
    name: signIn.user.full_name,
    state: logic.presenceOf(lastType),
    since: last?.ts ?? null,
    // Until the initial PIN is changed, the only thing to do is change it.
    allowed_punches: pinChangeRequired ? [] : logic.allowedPunches(lastType),
    pin_change_required: pinChangeRequired,
    left_open_session: leftOpenToApi(leftOpen, signIn.user.id),
  }
}

/** Starts a session of about a minute, from the scope's moment, for the employee who identified. */
export async function identify(scope: RequestScope, signIn: KioskSignIn) {
  const { db, now } = scope
  const token = newSecret()
  const expiresAt = new Date(now + logic.SESSION_MS).toISOString()
  await repo.insertSession(db, {
    token_hash: sha256Hex(token),
    tenant_id: signIn.device.tenantId,
    kiosk_id: signIn.device.kioskId,
    user_id: signIn.user.id,
    created_at: nowIsoOf(scope),
    expires_at: expiresAt,
  })
  return { session: token, expires_at: expiresAt, employee: await employeeView(scope, signIn) }
}

function pinChangeFirst(): AppError {
  return new AppError('kiosk_pin_change_required', 'The initial PIN must be changed before the first punch')
}

/** The signed-in employee punches at the kiosk; not before they have changed their initial PIN. */
export async function punch(scope: RequestScope, signIn: KioskSignIn, body: KioskPunchBodyType) {
  if (signIn.pinChangeRequired) throw pinChangeFirst()
  const row = await kioskPunch(scope, signIn.device.kioskId, body)
  return {
    id: row.id,
    type: row.type,
    ts: row.ts,
    modality: row.modality,
    kiosk_id: signIn.device.kioskId,
    employee: await employeeView(scope, signIn),
  }
}

/**
 * The signed-in employee accepts a correction of their record proposed by someone else (the
 * company's closing of a session left open, or HR's): their consent, given at the kiosk.
 */
export async function acceptCorrection(scope: RequestScope, signIn: KioskSignIn, correctionId: string) {
  if (signIn.pinChangeRequired) throw pinChangeFirst()
  // The kiosk gives a worker's consent to their own record only: never a decision HR or a
  // supervisor could make about a colleague's, nor about their own proposal.
  const correction = await getCorrection(scope, correctionId)
  if (correction.user_id !== signIn.user.id) throw notFound('Correction')
  if (correction.proposed_by === signIn.user.id)
    throw permissionDenied('A correction you proposed is decided by HR or your supervisor, not by you')
  const decided = await decideCorrection(scope, correctionId, { decision: 'approved' })
  return { correction_id: decided.id, status: 'approved' as const, employee: await employeeView(scope, signIn) }
}

/**
 * The first phase of a new PIN (docs/decisions/0025-request-phases-and-module-ownership.md): 4 to 8
 * digits, not one digit repeated, not the initial one nor the current one, and hashed before the
 * write's transaction begins.
 */
export async function preparePin(_scope: PreparingScope, signIn: KioskSignIn, newPin: string): Promise<PreparedPin> {
  const problem = logic.newPinProblem(
    newPin,
    signIn.user.phone_personal ? kioskPinFromPhone(signIn.user.phone_personal) : null,
  )
  if (problem) throw invalidField('new_pin', problem)
  if (signIn.user.kiosk_pin_hash && (await verifyPassword(newPin, signIn.user.kiosk_pin_hash)))
    throw invalidField('new_pin', 'must differ from the current PIN')
  return { hash: await hashPassword(newPin) }
}

/** A new kiosk PIN, checked and hashed. */
export interface PreparedPin {
  readonly hash: string
}

/** The second phase: the new PIN is kept, and no longer needs changing. */
export async function changePin(scope: RequestScope, signIn: KioskSignIn, prepared: PreparedPin, mail = false) {
  // A PIN chosen by whoever knew a PIN the company issued is no more the person's own than that
  // one was: it keeps its mark (docs/decisions/0024-only-the-worker-acts-as-the-worker.md). A
  // mailed one-time PIN reached the person alone, and the PIN that replaces it is theirs.
  await setKioskPin(
    scope.db,
    signIn.device.tenantId,
    signIn.user.id,
    prepared.hash,
    false,
    nowIsoOf(scope),
    signIn.user.kiosk_pin_company_issued_at,
  )
  // Every credential change is told to its owner (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
  if (mail) await queueCredentialNotice(scope, { tenant: scope.auth.tenant, user: signIn.user }, 'kiosk_pin_changed')
  return { employee: await employeeView(scope, signIn, false) }
}

/** Removes expired sessions, and lockouts that hold nothing back and saw no attempt for a day. */
export async function purgeKioskSignIns(db: Db, now: number): Promise<number> {
  return repo.purgeSignInState(db, new Date(now).toISOString(), new Date(now - 86_400_000).toISOString())
}
