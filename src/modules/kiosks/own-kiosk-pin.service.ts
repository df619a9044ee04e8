/**
 * A person chooses their own kiosk PIN in the app
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): the one way to a PIN that nobody
 * else has known. It is a personal credential, so only the person's own session or a key they
 * created themselves may set it, never a key made for them. The new PIN ends the person's open
 * kiosk sessions and lifts their identifier's lock, and the person is mailed a notice.
 */
import type { PreparingScope, RequestScope } from '../../auth/request-scope.js'
import { assertPersonalCredential } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import { nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField } from '../../errors.js'
import { hashPassword, verifyPassword } from '../../lib/secrets.js'
import { queueCredentialNotice } from '../mail/index.js'
import { credentialOriginOf, findUserRow, setKioskPin } from '../users/index.js'
import { newPinProblem } from './kiosk-sign-in.logic.js'
import * as repo from './kiosks.repository.js'
import type { OwnKioskPinBodyType } from './kiosks.schemas.js'

function notSetUp(): AppError {
  return new AppError(
    'kiosk_not_set_up',
    'You have no kiosk identifier: your company has not recorded your DNI/NIE. Ask them to, then choose your PIN',
  )
}

/** My kiosk identifier and whether I have a PIN; never the PIN. */
export async function ownKioskPin(scope: RequestScope) {
  const { db, auth } = scope
  const user = await findUserRow(db, auth.tenantId, auth.actor.id)
  return {
    identifier: user?.kiosk_id ?? null,
    pin_set: Boolean(user?.kiosk_pin_hash),
    pin_change_required: Boolean(user?.kiosk_pin_hash) && Boolean(user?.kiosk_pin_initial),
  }
}

/** A chosen PIN, checked and hashed before the write's transaction, for the identifier it was chosen for. */
export interface PreparedOwnPin {
  readonly kioskId: string
  readonly hash: string
}

/**
 * The first phase (docs/decisions/0025-request-phases-and-module-ownership.md): the credential
 * must be the person's own; the PIN has 4 to 8 digits (the schema), is not one digit repeated and
 * not the current one; scrypt runs here, outside any transaction.
 */
export async function prepareOwnKioskPin(scope: PreparingScope, body: OwnKioskPinBodyType): Promise<PreparedOwnPin> {
  const { db, auth } = scope
  assertPersonalCredential(auth, 'Choosing one’s kiosk PIN')
  const user = await findUserRow(db, auth.tenantId, auth.actor.id)
  if (!user?.kiosk_id) throw notSetUp()
  const problem = newPinProblem(body.pin, null)
  if (problem) throw invalidField('pin', problem)
  if (user.kiosk_pin_hash && (await verifyPassword(body.pin, user.kiosk_pin_hash)))
    throw invalidField('pin', 'must differ from the current PIN')
  return { kioskId: user.kiosk_id, hash: await hashPassword(body.pin) }
}

/**
 * The second phase: the PIN is kept (no change needed at first use), the identifier's lock is
 * lifted, the person's open kiosk sessions end, and with mail set up the person is told.
 */
export async function setOwnKioskPin(scope: RequestScope, prepared: PreparedOwnPin, mail: boolean) {
  const { db, auth } = scope
  await lockRow(db, 'users', auth.tenantId, auth.actor.id)
  const user = await findUserRow(db, auth.tenantId, auth.actor.id)
  if (!user?.kiosk_id || user.kiosk_id !== prepared.kioskId) throw notSetUp()
  const at = nowIsoOf(scope)
  // Chosen with a sign-in the company issued, the PIN is the company's too: whoever held that
  // sign-in could choose it (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
  const companyIssued = credentialOriginOf(auth, user) === 'company_issued'
  await setKioskPin(db, auth.tenantId, user.id, prepared.hash, false, at, companyIssued ? at : null)
  await repo.liftLockout(db, auth.tenantId, user.kiosk_id, at)
  const sessionsEnded = await repo.endSessionsOf(db, auth.tenantId, user.id, at)
  if (mail) await queueCredentialNotice(scope, { tenant: auth.tenant, user }, 'kiosk_pin_changed')
  return { identifier: user.kiosk_id, pin_set: true, pin_change_required: false, sessions_ended: sessionsEnded }
}
