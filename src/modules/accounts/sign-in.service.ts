/**
 * Signing in and out with a password (docs/decisions/0016-accounts-and-sign-in.md). What an
 * attacker could learn from a refusal is kept to nothing: an unknown email, a wrong password and a
 * disabled user get the same 401 in the same time (a dummy hash is checked when there is no real
 * one), and failures are throttled per email and per address before any password is checked.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { assertPersonalCredential } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import { type Unit, inTransaction } from '../../db/unit-of-work.js'
import { AppError, notFound } from '../../errors.js'
import { hashPassword, verifyPassword } from '../../lib/secrets.js'
import { recordWrite } from '../audit/index.js'
import {
  type SessionPolicy,
  type SignInMethod,
  type StartedSession,
  endOneSession,
  ownSession,
  sessionLifetime,
  sessionsOf,
  startSession,
} from '../keys/index.js'
import { isSsoOnly, requireTenant } from '../tenants/index.js'
import { findUser, userRowToReduced } from '../users/index.js'
import { type Account, accountsByEmail, passwordHashOf } from './accounts.repository.js'
import type { LoginAttempt, LoginThrottle } from './login-throttle.js'

/** Where a sign-in comes from: the address throttles count against, and the browser to show in the list of sessions. */
export interface ClientInfo {
  address: string
  userAgent: string | null
}

export interface SignInInput {
  email: string
  password: string
  tenant_id?: string | undefined
  /** "Remember this device": a longer session, when the company allows it. */
  remember?: boolean | undefined
}

/** The hash checked when an email has no account with a password: a refusal then costs what a wrong password does. */
let dummyHash: Promise<string> | undefined
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('no account has this password')
  return dummyHash
}

/**
 * Waits the delay a throttled email's attempts take (an email failing from many addresses): only
 * slowed down, never refused, so its owner signing in from a clean address still gets in.
 */
export async function waitOut(attempt: LoginAttempt): Promise<void> {
  if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs))
}

export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Whether `password` opens `account`; checks the dummy hash when the account has none, to take the same time. */
async function opens(account: Account | undefined, password: string): Promise<boolean> {
  if (!account?.password_hash) {
    await verifyPassword(password, await dummyPasswordHash())
    return false
  }
  return verifyPassword(password, account.password_hash)
}

/** What `auth.*` entries of the audit log record: names and ids, never a password. */
function audit(unit: Unit, account: Pick<Account, 'tenant_id' | 'user_id'>, operation: string, keyId: string | null) {
  return recordWrite(unit, {
    tenantId: account.tenant_id,
    source: 'api',
    keyId,
    userId: account.user_id,
    operation,
    resourceId: account.user_id,
    fields: [],
  })
}

/**
 * Whether the company's own credentials (a password, a passkey, a link that sets a password) may
 * sign this person in. With single sign-on only, the identity provider alone decides who comes
 * in, so leaving the company there cuts access here; administrators keep their own credentials
 * as a break-glass way in for when the provider is down or misconfigured, audited as such.
 */
export async function ownCredentialsAdmit(
  db: Unit['db'],
  account: Pick<Account, 'tenant_id' | 'role'>,
): Promise<'admitted' | 'break_glass'> {
  if (!(await isSsoOnly(db, account.tenant_id))) return 'admitted'
  if (account.role === 'admin') return 'break_glass'
  throw new AppError(
    'sso_required',
    'Your company signs in with its identity provider: choose “Sign in with your company” on the sign-in page',
    // Said only to someone whose credential was right: where their company's sign-in starts.
    [{ field: 'tenant_id', message: 'Sign in at /auth/oidc/start?tenant_id= this company', value: account.tenant_id }],
  )
}

/** Whether only the company's identity provider may sign this person in (SSO-only, not an administrator). */
export async function signsInOnlyAtProvider(
  db: Unit['db'],
  account: Pick<Account, 'tenant_id' | 'role'>,
): Promise<boolean> {
  return account.role !== 'admin' && (await isSsoOnly(db, account.tenant_id))
}

/**
 * Starts a session for an account that has proved who it is, with its audit entry; the caller's
 * unit of work. With `remember` the session lasts the company's `remember_device_hours` when the
 * company allows it, an ordinary session's time otherwise.
 */
export async function openSession(
  unit: Unit,
  account: Pick<Account, 'tenant_id' | 'user_id'>,
  method: SignInMethod,
  client: ClientInfo,
  policy: SessionPolicy,
  operation: string,
  remember = false,
): Promise<StartedSession> {
  const rememberHours = remember ? (await requireTenant(unit.db, account.tenant_id)).remember_device_hours : 0
  const session = await startSession(
    unit,
    {
      tenantId: account.tenant_id,
      userId: account.user_id,
      method,
      userAgent: client.userAgent,
      ipAddress: client.address,
    },
    policy,
    sessionLifetime(policy, rememberHours, remember),
  )
  await audit(unit, account, operation, session.id)
  return session
}

export interface SignedIn {
  session: StartedSession
  tenantId: string
  userId: string
}

/**
 * Signs in with an email and a password: the session of the one active account they open. An
 * email with accounts in several companies whose password opens more than one must say which
 * (`tenant_id`): 409 naming only those companies.
 */
export async function signIn(
  unit: Unit,
  input: SignInInput,
  client: ClientInfo,
  throttle: LoginThrottle,
  policy: SessionPolicy,
): Promise<SignedIn> {
  const email = normalizedEmail(input.email)
  const attempt = await throttle.begin(email, client.address, unit.now)
  await waitOut(attempt)
  const accounts = await accountsByEmail(unit.db, email, input.tenant_id)
  const opened: Account[] = []
  if (accounts.length === 0) await opens(undefined, input.password)
  // One after another: each check holds 128 MiB of scrypt memory.
  for (const account of accounts)
    if ((await opens(account, input.password)) && account.status === 'active') opened.push(account)

  if (opened.length === 0) {
    // Audited in the company asked for only (docs/decisions/0024-only-the-worker-acts-as-the-worker.md):
    // with `tenant_id` that one (`accounts` holds no other), without it the email's one company; an
    // email with accounts in several companies and no `tenant_id` tells none of them of the others.
    const audited = accounts.length === 1 ? accounts : []
    if (audited.length > 0)
      await inTransaction(unit, async (tx) => {
        for (const account of audited) await audit(tx, account, 'auth.login_failed', null)
      })
    throw new AppError(
      'invalid_credentials',
      'The email or the password is not right. Try again, or ask for a new password with "Forgot your password?"',
    )
  }
  await throttle.forgive(attempt)
  if (opened.length > 1) {
    throw new AppError(
      'tenant_choice_required',
      'This email and password open accounts in several companies: sign in again with tenant_id, one of those listed',
      opened.map((account) => ({ field: 'tenant_id', message: account.tenant_name, value: account.tenant_id })),
    )
  }
  const account = opened[0]!
  const session = await inTransaction(unit, async (tx) => {
    // The password was checked outside the transaction (scrypt locks nothing): a change, a reset or
    // a deactivation committed meanwhile must not be outlived by a session opened with the old state.
    await lockRow(tx.db, 'users', account.tenant_id, account.user_id)
    const now = await passwordHashOf(tx.db, account.tenant_id, account.user_id)
    if (now?.password_hash !== account.password_hash || now?.status !== 'active')
      throw new AppError('invalid_credentials', 'The email or the password is not right. Try again')
    // The role as it is now: an administrator demoted meanwhile has no break-glass.
    const door = await ownCredentialsAdmit(tx.db, { tenant_id: account.tenant_id, role: now.role })
    return openSession(
      tx,
      account,
      'password',
      client,
      policy,
      door === 'break_glass' ? 'auth.login.break_glass' : 'auth.login',
      input.remember === true,
    )
  })
  return { session, tenantId: account.tenant_id, userId: account.user_id }
}

/** The answer of a sign-in: who signed in, into which company, until when, and the CSRF token writes need. */
export async function signInAnswer(unit: Unit, signedIn: SignedIn) {
  const [user, tenant] = await Promise.all([
    findUser(unit.db, signedIn.tenantId, signedIn.userId),
    requireTenant(unit.db, signedIn.tenantId),
  ])
  if (!user) throw notFound('User')
  return {
    user: userRowToReduced(user),
    tenant: { id: tenant.id, name: tenant.name },
    expires_at: signedIn.session.expiresAt,
    csrf_token: signedIn.session.csrfToken,
    remembered: signedIn.session.remembered,
  }
}

/** The session a request was made with: logout and the list of sessions need one, not a key. */
function sessionIdOf(scope: RequestScope): string {
  if (scope.auth.credential !== 'session')
    throw new AppError(
      'invalid_request',
      'This operation is for a signed-in person (the session cookie); an API key is revoked with POST /api/v1/keys/{id}/revoke',
    )
  return scope.auth.keyId
}

/** Signs out: the request's own session ends, on every instance at once (audited as the write it is). */
export async function signOut(scope: RequestScope): Promise<void> {
  await endOneSession(scope, scope.auth.tenantId, sessionIdOf(scope), 'logout')
}

/**
 * One's sessions are one's own business: a key someone else made acting as the person (an
 * integration's, an inspector's) may neither list them (where they signed in from) nor end them.
 */
export async function listOwnSessions(scope: RequestScope, policy: SessionPolicy) {
  const { auth } = scope
  assertPersonalCredential(auth, 'Listing one’s sessions')
  return sessionsOf(scope, auth.tenant, auth.actor.id, auth.credential === 'session' ? auth.keyId : null, policy)
}

/** Ends one of the caller's own sessions (a phone left behind); another person's is 404. */
export async function endOwnSession(scope: RequestScope, sessionId: string): Promise<void> {
  const { auth } = scope
  const session = await ownSession(scope.db, auth.tenantId, auth.actor.id, sessionId)
  if (!session) throw notFound('Session') // 404 before 403, in the contract's order of checks
  assertPersonalCredential(auth, 'Ending one of one’s sessions')
  await endOneSession(scope, auth.tenantId, sessionId, sessionId === auth.keyId ? 'logout' : 'ended')
}
