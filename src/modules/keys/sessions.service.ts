/**
 * Sign-in sessions (docs/decisions/0016-accounts-and-sign-in.md): what a person's browser holds
 * instead of an API key. The cookie carries `jss_<session id>_<secret>`; the database keeps only
 * SHA-256 hashes of the secret and of the CSRF token, so a copy of the database signs nobody in. A
 * session ends at its absolute end (`SESSION_MAX_HOURS`, or the company's `remember_device_hours`
 * for a device the person asked to remember), after `idleMs` without a request (not a remembered
 * one), when its person signs out or ends it elsewhere, changes or resets their password, or is
 * deactivated.
 */
import type { AuthContext } from '../../auth/context.js'
import type { TenantRow } from '../../db/schema.js'
import { SCOPES } from '../../auth/scopes.js'
import type { SessionRow } from './keys.tables.js'
import type { ServiceDatabase } from '../../db/service-database.js'
import { type Db, type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { newId } from '../../lib/ids.js'
import { formatSessionToken, newSecret, parseSessionToken, secretMatches, sha256Hex } from '../../lib/secrets.js'
import { KeyLookups, type KnownSession } from './key-lookups.js'
import { actorOfKey } from './keys.repository.js'
import * as repo from './sessions.repository.js'

const HOUR_MS = 3_600_000

export interface SessionPolicy {
  /** A session unused for this long has ended (`SESSION_IDLE_HOURS`, 12 h by default). */
  idleMs: number
  /**
   * A session ends this long after sign-in, however active (`SESSION_MAX_HOURS`, 12 h by default:
   * docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
   */
  maxMs: number
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 12 * HOUR_MS, maxMs: 12 * HOUR_MS }

/** last_seen_at is written at most this often per session: reads stay free of writes. */
const TOUCH_INTERVAL_MS = 60_000

/** How someone signed in: kept on the session, shown in the list of one's sessions. */
export type SignInMethod = 'password' | 'invitation' | 'password_reset' | 'passkey' | 'sso'

export interface NewSession {
  tenantId: string
  userId: string
  method: SignInMethod
  userAgent: string | null
  ipAddress: string | null
}

/**
 * How long a new session lasts: the policy's `maxMs`, or, when the person asked to remember the
 * device and their company allows it (`remember_device_hours` above `maxMs`: remembering never
 * shortens a session), the company's hours, with no idle timeout. "Remember this device" is a
 * company's choice (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): 0, the default,
 * does not allow it.
 */
export function sessionLifetime(
  policy: SessionPolicy,
  rememberDeviceHours: number,
  remember: boolean,
): { ms: number; remembered: boolean } {
  const rememberedMs = rememberDeviceHours * HOUR_MS
  return remember && rememberedMs > policy.maxMs
    ? { ms: rememberedMs, remembered: true }
    : { ms: policy.maxMs, remembered: false }
}

/**
 * Whether a session opened as remembered still is: the company may since have lowered its
 * `remember_device_hours` or turned it off, which applies to the sessions already open at their
 * next request (their end comes closer, and the idle timeout applies again when it is off).
 */
function stillRemembered(
  remembered: boolean | number,
  tenant: Pick<TenantRow, 'remember_device_hours'>,
  policy: SessionPolicy,
): boolean {
  return Boolean(remembered) && tenant.remember_device_hours * HOUR_MS > policy.maxMs
}

/** When a session ends at the latest, by its own end and its company's setting now. */
function endOf(
  row: { created_at: string; expires_at: string; remembered: boolean | number },
  tenant: Pick<TenantRow, 'remember_device_hours'>,
  policy: SessionPolicy,
): { endMs: number; remembered: boolean } {
  const remembered = stillRemembered(row.remembered, tenant, policy)
  const lifetimeMs = remembered ? tenant.remember_device_hours * HOUR_MS : policy.maxMs
  return { endMs: Math.min(Date.parse(row.expires_at), Date.parse(row.created_at) + lifetimeMs), remembered }
}

export interface StartedSession {
  id: string
  /** The cookie's value; shown once, never stored. */
  token: string
  /** What writes must send as `X-CSRF-Token`; shown once, stored hashed. */
  csrfToken: string
  expiresAt: string
  /** Whether it lasts as a remembered device's (`sessionLifetime`). */
  remembered: boolean
}

/**
 * Starts a session in the unit's unit of work (with the sign-in's audit entry); `lifetime` comes
 * from `sessionLifetime`, the policy's own by default.
 */
export async function startSession(
  unit: Unit,
  input: NewSession,
  policy: SessionPolicy,
  lifetime: { ms: number; remembered: boolean } = { ms: policy.maxMs, remembered: false },
): Promise<StartedSession> {
  const id = newId('session')
  const secret = newSecret()
  const csrfToken = newSecret()
  const at = nowIsoOf(unit)
  const row: SessionRow = {
    id,
    tenant_id: input.tenantId,
    user_id: input.userId,
    secret_hash: sha256Hex(secret),
    csrf_hash: sha256Hex(csrfToken),
    created_at: at,
    last_seen_at: at,
    expires_at: new Date(unit.now + lifetime.ms).toISOString(),
    // Both come from the client: kept short, for the person to recognise their devices.
    user_agent: input.userAgent?.slice(0, 200) ?? null,
    ip_address: input.ipAddress?.slice(0, 64) ?? null,
    method: input.method,
    ended_at: null,
    end_reason: null,
    remembered: lifetime.remembered,
  }
  await repo.insertSession(unit.db, row)
  return {
    id,
    token: formatSessionToken(id, secret),
    csrfToken,
    expiresAt: row.expires_at,
    remembered: lifetime.remembered,
  }
}

/** The caller of a session cookie, and the hash its writes' CSRF token must match. */
export interface SessionCaller {
  auth: AuthContext
  csrfHash: string
}

function usable(known: KnownSession, nowMs: number, policy: SessionPolicy): boolean {
  const { found } = known
  const { endMs, remembered } = endOf(found, known.tenant, policy)
  return (
    found.ended_at === null &&
    endMs > nowMs &&
    found.user_status === 'active' &&
    (remembered || known.lastSeenMs + policy.idleMs > nowMs)
  )
}

/**
 * Resolves a session cookie to its caller, or null when it must be refused with 401: malformed,
 * unknown, wrong secret, ended, past its absolute end, idle too long, or its user disabled.
 */
export async function authenticateSession(
  db: ServiceDatabase,
  token: string,
  nowMs: number,
  policy: SessionPolicy,
): Promise<SessionCaller | null> {
  const parsed = parseSessionToken(token)
  if (!parsed) return null
  const lookups = KeyLookups.of(db)
  let known = await lookups.findSession(parsed.sessionId, nowMs)
  if (!known || !secretMatches(parsed.secret, known.found.secret_hash)) return null
  if (!usable(known, nowMs, policy)) {
    // The kept copy's last_seen may be older than the database's: another instance may have
    // served this session since. Read it again before refusing.
    if (known.lastSeenMs + policy.idleMs > nowMs) return null
    known = await lookups.readSession(parsed.sessionId)
    if (!known || !usable(known, nowMs, policy)) return null
  }
  if (nowMs - known.lastSeenMs >= TOUCH_INTERVAL_MS) {
    known.lastSeenMs = nowMs
    await repo.touchSession(db, known.found.tenant_id, known.found.id, new Date(nowMs).toISOString())
  }
  const { found } = known
  return {
    csrfHash: found.csrf_hash,
    auth: {
      keyId: found.id,
      kind: 'standard',
      credential: 'session',
      personal: true,
      expiresAt: null,
      tenantId: found.tenant_id,
      tenant: known.tenant,
      // Every scope a standard key can hold: what the person may do is their permissions' call.
      scopes: SCOPES,
      actor: actorOfKey(found),
    },
  }
}

/** Whether `token` is the CSRF token whose hash the session keeps, compared in constant time. */
export function csrfTokenMatches(token: string, csrfHash: string): boolean {
  return secretMatches(token, csrfHash)
}

/** Ends every open session of a user but one (`except`), at the unit's moment; how many it ended. */
export function endSessionsOf(
  unit: Unit,
  tenantId: string,
  userId: string,
  reason: 'password_changed' | 'password_reset' | 'deactivated',
  except: string | null = null,
): Promise<number> {
  return repo.endSessionsOf(unit.db, tenantId, userId, nowIsoOf(unit), reason, except)
}

/** A session as its person sees it in the list of their sessions. */
export interface SessionView {
  id: string
  created_at: string
  last_seen_at: string
  expires_at: string
  user_agent: string | null
  ip_address: string | null
  method: string
  remembered: boolean
  current: boolean
}

function sessionToView(row: SessionRow, currentId: string | null): SessionView {
  return {
    id: row.id,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    user_agent: row.user_agent,
    ip_address: row.ip_address,
    method: row.method,
    remembered: Boolean(row.remembered),
    current: row.id === currentId,
  }
}

/** The person's open sessions (those not idle past `policy`, remembered ones aside), newest first. */
export async function sessionsOf(
  unit: Unit,
  tenant: Pick<TenantRow, 'id' | 'remember_device_hours'>,
  userId: string,
  currentId: string | null,
  policy: SessionPolicy,
): Promise<SessionView[]> {
  const idleSince = unit.now - policy.idleMs
  return (await repo.openSessionsOf(unit.db, tenant.id, userId, nowIsoOf(unit)))
    .filter((row) => {
      const { endMs, remembered } = endOf(row, tenant, policy)
      return endMs > unit.now && (remembered || Date.parse(row.last_seen_at) > idleSince)
    })
    .map((row) => sessionToView(row, currentId))
}

/** One of the person's own sessions, or undefined (another person's is as unknown as none). */
export async function ownSession(
  db: Db,
  tenantId: string,
  userId: string,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const row = await repo.findSession(db, tenantId, sessionId)
  return row && row.user_id === userId ? row : undefined
}

/** Ends one session (sign-out, or ended from another); true when this call ended it. */
export function endOneSession(unit: Unit, tenantId: string, sessionId: string, reason: 'logout' | 'ended') {
  return repo.endSession(unit.db, tenantId, sessionId, nowIsoOf(unit), reason)
}

/** How long an ended session is kept (shown nowhere, but there to investigate a sign-in with the audit log). */
const KEPT_AFTER_END_MS = 30 * 24 * HOUR_MS

/** Deletes sessions that ended, or reached their absolute end, more than a month before the unit's moment. */
export function purgeSessions(unit: Unit): Promise<number> {
  return repo.deleteSessionsEndedBefore(unit.db, new Date(unit.now - KEPT_AFTER_END_MS).toISOString())
}
