/**
 * A person changes their own password (docs/decisions/0016-accounts-and-sign-in.md): they prove the
 * current one (throttled like a sign-in, so a stolen session cannot guess it), the new one must
 * pass the password rules, and every other session of theirs ends at once: whoever else was signed
 * in as them is signed out.
 */
import type { PreparingScope, RequestScope } from '../../auth/request-scope.js'
import { type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField } from '../../errors.js'
import { assertPersonalCredential } from '../../auth/policies.js'
import { passwordProblem } from '../../lib/passwords.js'
import { hashPassword, verifyPassword } from '../../lib/secrets.js'
import { endSessionsOf } from '../keys/index.js'
import { markCredentialsCompanyIssued } from '../users/index.js'
import { voidTokensOf } from './account-tokens.repository.js'
import { passwordHashOf, setPasswordHash } from './accounts.repository.js'
import type { ChangePasswordBodyType } from './accounts.schemas.js'
import type { LoginThrottle } from './login-throttle.js'
import { normalizedEmail, waitOut } from './sign-in.service.js'

/** A new password, its hash made and the current one proven: what `changeOwnPassword` writes. */
export interface PreparedPassword {
  readonly hash: string
}

/**
 * The first phase (docs/decisions/0025-request-phases-and-module-ownership.md): the rules, the
 * current password proven, the new one hashed. Both scrypt runs happen here, before the write's
 * transaction begins: nothing is locked while they take their 100 ms and more.
 */
export async function prepareOwnPassword(
  scope: PreparingScope,
  body: ChangePasswordBodyType,
  address: string,
  throttle: LoginThrottle,
): Promise<PreparedPassword> {
  const { auth } = scope
  assertPersonalCredential(auth, 'Changing one’s password')
  const problem = await passwordProblem(body.password, { email: auth.actor.email, companyName: auth.tenant.name })
  if (problem) throw invalidField('password', problem)
  const email = normalizedEmail(auth.actor.email)
  const attempt = await throttle.begin(email, address, scope.now)
  await waitOut(attempt)
  const stored = await passwordHashOf(scope.db, auth.tenantId, auth.actor.id)
  if (!stored?.password_hash || !(await verifyPassword(body.current_password, stored.password_hash))) {
    throw new AppError(
      'invalid_credentials',
      'The current password is not right. If you forgot it, sign out and use "Forgot your password?"',
    )
  }
  await throttle.forgive(attempt)
  return { hash: await hashPassword(body.password) }
}

/**
 * The second phase, in the request's transaction: the new hash is kept, every reset link still
 * outstanding stops working and every other session of the person ends (their keys stay). The
 * request's audit step records it (`me.password`), like any write.
 */
export async function changeOwnPassword(
  scope: RequestScope,
  prepared: PreparedPassword,
): Promise<{ other_sessions_ended: number }> {
  const { auth } = scope
  await setPasswordHash(scope.db, auth.tenantId, auth.actor.id, prepared.hash, nowIsoOf(scope))
  // A company-issued sign-in stays marked through a change of password: whoever received the
  // issued password can change it as well as the worker, and the service cannot tell them apart.
  // Only a reset link mailed to the person clears the mark (account-links.service.ts;
  // docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
  // A reset link asked for before the change (perhaps by whoever knew the old password) no longer
  // works (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
  await voidTokensOf(scope.db, auth.tenantId, auth.actor.id, nowIsoOf(scope))
  const current = auth.credential === 'session' ? auth.keyId : null
  const ended = await endSessionsOf(scope, auth.tenantId, auth.actor.id, 'password_changed', current)
  return { other_sessions_ended: ended }
}

/** Sets a user's password outright (the demo's people, the command line): the rules apply, sessions stay; it is the company's. */
export async function setPassword(unit: Unit, tenantId: string, userId: string, password: string): Promise<void> {
  await setOnePasswordForAll(unit, tenantId, [userId], password)
}

/**
 * One password for several people of a company, hashed once (the demo company: its password,
 * printed once, opens every demo account; hashing it five times was most of the demo's start).
 */
export async function setOnePasswordForAll(
  unit: Unit,
  tenantId: string,
  userIds: readonly string[],
  password: string,
): Promise<void> {
  const problem = await passwordProblem(password)
  if (problem) throw invalidField('password', problem)
  const hash = await hashPassword(password)
  for (const userId of userIds) {
    await setPasswordHash(unit.db, tenantId, userId, hash, nowIsoOf(unit))
    // Whoever set it knows it: the person's acts with it say so until they replace it
    // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    await markCredentialsCompanyIssued(unit.db, tenantId, userId, nowIsoOf(unit))
  }
}
