/**
 * Step-up (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): a session that signed in more
 * than ten minutes ago must send the person's current password to add a passkey, create a personal
 * key or change an email; 403 `recent_sign_in_required` otherwise. A session and its CSRF token,
 * stolen, therefore cannot mint lasting access. API keys are not sessions: nobody signs in with
 * them, and the acts they may do are their scopes'.
 *
 * The password sent is checked as a sign-in's is: in the same per email and address counters
 * (modules/accounts/login-throttle.ts), so whoever holds a stolen session cannot guess the password
 * through step-up faster than at the sign-in page: ten wrong ones from an address and the next
 * attempt from there is 429 `login_throttled` with `Retry-After`, before any password is checked.
 */
import type { AuthContext } from '../../auth/context.js'
import type { Db } from '../../db/unit-of-work.js'
import { AppError } from '../../errors.js'
import { verifyPassword } from '../../lib/secrets.js'
import * as sessions from './sessions.repository.js'
import { STEP_UP_WINDOW_MS, signedInRecently } from './step-up.logic.js'

/** An attempt counted by a `PasswordGuessThrottle` until forgiven. */
export interface GuessAttempt {
  /** How long to wait before checking the password (the email failed often lately, from anywhere). */
  delayMs: number
}

/**
 * The failed-sign-in counters (the accounts module's `LoginThrottle`), as a password check outside
 * sign-in uses them: `begin` refuses (429) or counts a failure, `forgive` takes it back when the
 * password was right.
 */
export interface PasswordGuessThrottle {
  begin(email: string, address: string, nowMs: number): Promise<GuessAttempt>
  forgive(attempt: GuessAttempt): Promise<void>
}

/** Where a step-up's password is counted: the throttle, and the address the request came from. */
export interface StepUpGuard {
  throttle: PasswordGuessThrottle
  address: string
}

/**
 * Refuses `act` when the caller is a session whose sign-in is older than ten minutes at `now`,
 * unless `currentPassword` is the person's password. scrypt runs here, so call it in a request's
 * first phase, outside any transaction.
 */
export async function assertRecentSignIn(
  scope: { db: Db; auth: AuthContext; now: number },
  currentPassword: string | undefined,
  act: string,
  guard: StepUpGuard,
): Promise<void> {
  const { db, auth, now } = scope
  if (auth.credential !== 'session') return
  const session = await sessions.findSession(db, auth.tenantId, auth.keyId)
  if (currentPassword === undefined) {
    if (session && signedInRecently(session.created_at, now)) return
    throw new AppError(
      'recent_sign_in_required',
      `${act} needs a sign-in within the last ${STEP_UP_WINDOW_MS / 60_000} minutes: send your current password as \`current_password\`, or sign in again`,
    )
  }
  // The same email as a sign-in counts (accounts' normalizedEmail): one set of counters per person.
  const attempt = await guard.throttle.begin(auth.actor.email.trim().toLowerCase(), guard.address, now)
  if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs))
  const user = await sessions.passwordHashOf(db, auth.tenantId, auth.actor.id)
  if (user?.password_hash && (await verifyPassword(currentPassword, user.password_hash))) {
    await guard.throttle.forgive(attempt)
    return
  }
  throw new AppError(
    'recent_sign_in_required',
    `${act} needs your current password, and the one sent is not right; or sign in again`,
  )
}
