/**
 * API keys: issued with a secret shown once, stored as a hash, checked on every request. The
 * command line (the installation's administrator) and the API (a company's administrators) issue
 * and revoke keys through the same functions here.
 */
import type { AuthContext, KeyKind } from '../../auth/context.js'
import type { RequestScope } from '../../auth/request-scope.js'
import {
  INSPECTOR_MAX_DAYS,
  INSPECTOR_SCOPES,
  assertPersonalCredential,
  canAdministerEmployees,
} from '../../auth/policies.js'
import { SCOPES, isScope } from '../../auth/scopes.js'
import type { ApiKeyRow } from './keys.tables.js'
import { lockRow } from '../../db/locks.js'
import type { ServiceDatabase } from '../../db/service-database.js'
import { type Db, type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { KeyLookups } from './key-lookups.js'
import { formatApiKey, newSecret, parseApiKey, secretMatches, sha256Hex } from '../../lib/secrets.js'
import { isValidInstant } from '../../lib/time.js'
import { callerAsRecipient, queueCredentialNotice } from '../mail/index.js'
import * as repo from './keys.repository.js'
import type { CreateKeyBodyType, ListKeysQueryType } from './keys.schemas.js'
import { jsonText, parseJsonText } from '../../db/codec.js'

export interface ApiKeyView {
  id: string
  name: string
  kind: KeyKind
  scopes: string[]
  acts_as_user_id: string
  created_by_user_id: string | null
  personal: boolean
  created_at: string
  last_used_at: string | null
  expires_at: string | null
  revoked_at: string | null
}

/**
 * A key its acting user created themselves: it may act as them personally
 * (docs/decisions/0016-accounts-and-sign-in.md).
 */
export function isPersonalKey(row: Pick<ApiKeyRow, 'created_by_user_id' | 'acts_as_user_id'>): boolean {
  return row.created_by_user_id !== null && row.created_by_user_id === row.acts_as_user_id
}

export function keyRowToView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    scopes: parseJsonText(row.scopes),
    acts_as_user_id: row.acts_as_user_id,
    created_by_user_id: row.created_by_user_id,
    personal: isPersonalKey(row),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  }
}

export interface CreateKeyInput {
  tenantId: string
  actsAsUserId: string
  /** Required for a standard key; an inspector key defaults to every read scope of the time record. */
  scopes?: readonly string[] | undefined
  name?: string | undefined
  expiresAt?: string | null | undefined
  kind?: KeyKind | undefined
  /** Who creates it: the person it acts as (a personal key), an administrator, or null (the command line). */
  createdByUserId?: string | null | undefined
}

const DAY_MS = 86_400_000

/** The expiry as stored, or why it is refused: a key that could never be used is a mistake, not a key. */
function expiryOf(input: CreateKeyInput, now: number): string | null {
  if (input.expiresAt === undefined || input.expiresAt === null) {
    if (input.kind === 'inspector')
      throw invalidField('expires_at', `is required for an inspector key (at most ${INSPECTOR_MAX_DAYS} days ahead)`)
    return null
  }
  if (!isValidInstant(input.expiresAt))
    throw invalidField('expires_at', 'must be an ISO 8601 timestamp with Z or an offset, e.g. 2027-01-01T00:00:00Z')
  const at = Date.parse(input.expiresAt)
  if (at <= now) throw invalidField('expires_at', 'must be in the future')
  if (input.kind === 'inspector' && at > now + INSPECTOR_MAX_DAYS * DAY_MS) {
    throw invalidField('expires_at', `an inspector key expires within ${INSPECTOR_MAX_DAYS} days of its creation`)
  }
  return new Date(at).toISOString()
}

/** The scopes as stored, or why they are refused. */
function scopesOf(input: CreateKeyInput): string[] {
  const requested = input.scopes ?? (input.kind === 'inspector' ? INSPECTOR_SCOPES : [])
  const unknown = requested.filter((s) => !isScope(s))
  if (unknown.length > 0)
    throw invalidField('scopes', `unknown scopes: ${unknown.join(', ')}; known: ${SCOPES.join(', ')}`)
  if (requested.length === 0) throw invalidField('scopes', 'at least one scope is required')
  if (input.kind === 'inspector') {
    const beyond = requested.filter((s) => !(INSPECTOR_SCOPES as readonly string[]).includes(s))
    if (beyond.length > 0)
      throw invalidField(
        'scopes',
        `an inspector key reads the time record only (${INSPECTOR_SCOPES.join(', ')}); not ${beyond.join(', ')}`,
      )
  }
  return [...new Set(requested)]
}

/** Checks what can be checked without the database (400s), so the API can answer them first. */
function validatedKey(input: CreateKeyInput, now: number) {
  return { scopes: scopesOf(input), expiresAt: expiryOf(input, now) }
}

async function assertActingUserExists(db: Db, input: CreateKeyInput): Promise<void> {
  if (!(await repo.findActingUser(db, input.tenantId, input.actsAsUserId))) throw notFound('User to act as')
}

/** Writes the key in the unit's unit of work, created at its moment. */
async function insertNewKey(
  unit: Unit,
  input: CreateKeyInput,
  valid: ReturnType<typeof validatedKey>,
): Promise<{ apiKey: string; key: ApiKeyView }> {
  const id = newId('apiKey')
  const secret = newSecret()
  const row: ApiKeyRow = {
    id,
    tenant_id: input.tenantId,
    name: input.name ?? (input.kind === 'inspector' ? 'Inspector key' : 'API key'),
    kind: input.kind ?? 'standard',
    secret_hash: sha256Hex(secret),
    scopes: jsonText(valid.scopes),
    acts_as_user_id: input.actsAsUserId,
    created_at: nowIsoOf(unit),
    last_used_at: null,
    expires_at: valid.expiresAt,
    revoked_at: null,
    created_by_user_id: input.createdByUserId ?? null,
  }
  // Judged and written under the user's lock, which deactivation takes too: a key is never
  // created for a user whose deactivation (and the revocation of their keys) commits meanwhile.
  await inTransaction(unit, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'users', input.tenantId, input.actsAsUserId)
    const user = await repo.findActingUser(trx, input.tenantId, input.actsAsUserId)
    if (!user) throw notFound('User to act as')
    if (user.status !== 'active') throw new AppError('user_disabled', 'A key cannot act as a disabled user')
    await repo.insertKey(trx, row)
  })
  return { apiKey: formatApiKey(id, secret), key: keyRowToView(row) }
}

/**
 * Issues a key from the command line (or for a new company), which may give any scope to a key of
 * any company. Its expiry is judged against the unit's moment.
 */
export async function createKey(unit: Unit, input: CreateKeyInput): Promise<{ apiKey: string; key: ApiKeyView }> {
  return insertNewKey(unit, input, validatedKey(input, unit.now))
}

/**
 * Issues a key through the API, never with a scope the caller lacks, so a key can only hand on
 * what it holds. Administrators issue keys acting as any active user of the company (the caller's
 * own by default); a member issues keys acting as themselves only, from their own session or
 * personal key (docs/decisions/0016-accounts-and-sign-in.md). A key records who created it when a
 * person did so with a credential of their own: then a key acting as its creator is personal and
 * may act as them personally. Keys made by a program's key or the command line record no creator.
 */
export async function issueKey(
  scope: RequestScope,
  body: CreateKeyBodyType,
  mail = false,
): Promise<ApiKeyView & { api_key: string }> {
  const { db, auth } = scope
  const actsAsUserId = body.acts_as_user_id ?? auth.actor.id
  const ownPersonal = actsAsUserId === auth.actor.id && auth.personal && body.kind !== 'inspector'
  const input: CreateKeyInput = {
    tenantId: auth.tenantId,
    actsAsUserId,
    // A personal key may hold what its creator's credential holds; that is the default.
    scopes: body.scopes ?? (ownPersonal ? auth.scopes : undefined),
    name: body.name,
    expiresAt: body.expires_at,
    kind: body.kind,
    createdByUserId: auth.personal ? auth.actor.id : null,
  }
  const valid = validatedKey(input, scope.now)
  await assertActingUserExists(db, input) // 404 before 403, in the contract's order of checks
  if (!canAdministerEmployees(auth.actor)) assertMayIssueOwnKey(auth, input)
  const lacking = valid.scopes.filter((s) => !auth.scopes.includes(s))
  if (lacking.length > 0)
    throw new AppError(
      'scope_escalation',
      `A key cannot create a key with scopes it does not hold: ${lacking.join(', ')}`,
    )
  if (auth.expiresAt && (valid.expiresAt === null || valid.expiresAt > auth.expiresAt)) {
    throw new AppError(
      'scope_escalation',
      `A key that expires (${auth.expiresAt}) cannot create a key that outlives it; give expires_at at or before then`,
    )
  }
  const created = await insertNewKey(scope, input, valid)
  // A personal key is a credential of the person: they are told, in case it was not them
  // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
  if (mail && created.key.personal) await queueCredentialNotice(scope, callerAsRecipient(auth), 'personal_key_created')
  return { ...created.key, api_key: created.apiKey }
}

/** What a member may issue: standard keys acting as themselves, from a credential of their own. */
function assertMayIssueOwnKey(auth: AuthContext, input: CreateKeyInput): void {
  if (input.actsAsUserId !== auth.actor.id)
    throw permissionDenied('A member may create keys acting as themselves only; an administrator creates the others')
  if (input.kind === 'inspector') throw permissionDenied('Only an administrator may create inspector keys')
  assertPersonalCredential(auth, 'Creating a key of one’s own')
}

/**
 * Revokes a key found before, at the unit's moment. Revoking twice changes nothing: the first
 * revocation's time stays.
 */
async function revokeFound(unit: Unit, row: ApiKeyRow): Promise<ApiKeyView> {
  await repo.revokeKey(unit.db, row.tenant_id, row.id, nowIsoOf(unit))
  return keyRowToView((await repo.findKey(unit.db, row.id))!)
}

/** A key of the company; another company's key is as unknown as a key that does not exist. */
async function keyOfTenant(db: Db, tenantId: string, keyId: string): Promise<ApiKeyRow> {
  const row = await repo.findKey(db, keyId)
  if (!row || row.tenant_id !== tenantId) throw notFound('API key')
  return row
}

/** Revokes any key from the command line (the installation's administrator). */
export async function revokeKey(unit: Unit, keyId: string): Promise<ApiKeyView> {
  const row = await repo.findKey(unit.db, keyId)
  if (!row) throw notFound('API key')
  return revokeFound(unit, row)
}

/** The tenant a key belongs to (for the audit entry of a revocation), or null for an unknown key. */
export async function tenantOfKey(unit: Unit, keyId: string): Promise<string | null> {
  return (await repo.findKey(unit.db, keyId))?.tenant_id ?? null
}

/** Every key of a company, for the command line. */
export async function listKeys(unit: Unit, tenantId: string): Promise<ApiKeyView[]> {
  return (await repo.listKeys(unit.db, tenantId)).map(keyRowToView)
}

/**
 * Administrators list every key of the company; a member lists the keys acting as them (theirs, and
 * any an administrator made for them): a person can see what may act in their name.
 */
export async function listKeysOf(scope: RequestScope, query: ListKeysQueryType) {
  const { db, auth } = scope
  const administrator = canAdministerEmployees(auth.actor)
  if (!administrator && query.acts_as_user_id !== undefined && query.acts_as_user_id !== auth.actor.id)
    return listBody(pageOf(query), { rows: [], total: 0 }, keyRowToView)
  const window = pageOf(query)
  return listBody(
    window,
    await repo.pageOfKeys(
      db,
      auth.tenantId,
      {
        kind: query.kind,
        actsAsUserId: administrator ? query.acts_as_user_id : auth.actor.id,
        active: query.active,
      },
      window,
      nowIsoOf(scope),
    ),
    keyRowToView,
  )
}

/** A key the caller may see: any of the company's for an administrator, one acting as them for a member. */
async function visibleKey(scope: RequestScope, keyId: string): Promise<ApiKeyRow> {
  const { db, auth } = scope
  const row = await keyOfTenant(db, auth.tenantId, keyId)
  if (!canAdministerEmployees(auth.actor) && row.acts_as_user_id !== auth.actor.id) throw notFound('API key')
  return row
}

export async function getKey(scope: RequestScope, keyId: string): Promise<ApiKeyView> {
  return keyRowToView(await visibleKey(scope, keyId))
}

/** Administrators revoke any key of the company; a member revokes the keys they created themselves. */
export async function revokeKeyOf(scope: RequestScope, keyId: string): Promise<ApiKeyView> {
  const { auth } = scope
  const row = await visibleKey(scope, keyId)
  if (!canAdministerEmployees(auth.actor) && row.created_by_user_id !== auth.actor.id)
    throw permissionDenied('An administrator made this key for you; ask them to revoke it')
  return revokeFound(scope, row)
}

/**
 * Resolves a bearer token to its caller, or null when it must be refused with 401: malformed,
 * unknown, wrong secret, revoked, expired, or acting as a user who is no longer active.
 */
export async function authenticate(db: ServiceDatabase, token: string, nowMs: number): Promise<AuthContext | null> {
  const now = new Date(nowMs)
  const parsed = parseApiKey(token)
  if (!parsed) return null
  const known = await KeyLookups.of(db).find(parsed.keyId, nowMs)
  if (!known) return null
  const { found } = known
  if (!secretMatches(parsed.secret, known.found.secret_hash)) return null
  if (found.revoked_at !== null) return null
  if (found.expires_at !== null && found.expires_at <= now.toISOString()) return null
  if (found.user_status !== 'active') return null
  await repo.recordKeyUse(db, found, now)
  return {
    keyId: found.id,
    kind: found.kind,
    credential: 'key',
    personal: isPersonalKey({ created_by_user_id: found.created_by_user_id, acts_as_user_id: found.user_id }),
    expiresAt: found.expires_at,
    tenantId: found.tenant_id,
    tenant: known.tenant,
    scopes: known.scopes,
    actor: repo.actorOfKey(found),
  }
}

/** A personal key as a mail about a password change names it: never its secret. */
export interface StandingKey {
  name: string
  /** The key's beginning, `jnd_<id>_`, which is not secret: the person finds it in what they configured. */
  beginning: string
  created_at: string
  last_used_at: string | null
}

/**
 * The person's own personal keys still working at the unit's moment. A password change or reset
 * leaves them working (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): its mail lists
 * them, so that a key made by whoever held the account can be found and revoked.
 */
export async function standingPersonalKeysOf(unit: Unit, tenantId: string, userId: string): Promise<StandingKey[]> {
  return (await repo.workingPersonalKeysOf(unit.db, tenantId, userId, nowIsoOf(unit))).map((row) => ({
    name: row.name,
    beginning: formatApiKey(row.id, ''),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  }))
}
