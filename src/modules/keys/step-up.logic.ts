/**
 * Step-up (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): the acts that would turn a
 * stolen session into lasting access (adding a passkey, creating a personal key, changing an
 * email) need a sign-in within the last ten minutes, or the current password in the request.
 */

/** How recent a sign-in must be for a session to add a credential without the password. */
export const STEP_UP_WINDOW_MS = 10 * 60_000

/** Whether a session signed in at `signedInAt` still counts as a recent sign-in at `now`. */
export function signedInRecently(signedInAt: string, now: number): boolean {
  const at = Date.parse(signedInAt)
  return Number.isFinite(at) && now - at <= STEP_UP_WINDOW_MS && at <= now + 60_000
}
