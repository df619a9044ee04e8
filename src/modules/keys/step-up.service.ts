/**
 * Step-up (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): a session that signed in more
 * than ten minutes ago must send the person's current password to add a passkey, create a personal
 * key or change an email; 403 `recent_sign_in_required` otherwise. A session and its CSRF token,
 * stolen, therefore cannot mint lasting access. API keys are not sessions: nobody signs in with
 * them, and the acts they may do are their scopes'.
 */
import type { AuthContext } from '../../auth/context.js'
import type { Db } from '../../db/unit-of-work.js'
import { AppError } from '../../errors.js'
import { verifyPassword } from '../../lib/secrets.js'
import * as sessions from './sessions.repository.js'
import { STEP_UP_WINDOW_MS, signedInRecently } from './step-up.logic.js'

/**
 * Refuses `act` when the caller is a session whose sign-in is older than ten minutes at `now`,
 * unless `currentPassword` is the person's password. scrypt runs here, so call it in a request's
 * first phase, outside any transaction.
 */
export async function assertRecentSignIn(
  scope: { db: Db; auth: AuthContext; now: number },
  currentPassword: string | undefined,
  act: string,
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
  const user = await sessions.passwordHashOf(db, auth.tenantId, auth.actor.id)
  if (user?.password_hash && (await verifyPassword(currentPassword, user.password_hash))) return
  throw new AppError(
    'recent_sign_in_required',
    `${act} needs your current password, and the one sent is not right; or sign in again`,
  )
}
