/**
 * API keys: issued with a secret shown once, stored as a hash, checked on every request.
 * Keys are managed from the CLI (the administrator of the installation).
 */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { SCOPES, isScope } from '../../auth/scopes.js'
import type { ApiKeyRow, Database } from '../../db/schema.js'
import { AppError, invalidField, notFound } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { isValidInstant } from '../../lib/time.js'
import { formatApiKey, newSecret, parseApiKey, secretMatches, sha256Hex } from '../../lib/secrets.js'
import { nowIso } from '../../lib/time.js'
import { findUserRow } from '../users/users.repository.js'
import * as repo from './keys.repository.js'

export interface ApiKeyView {
  id: string
  name: string
  scopes: string[]
  acts_as_user_id: string
  created_at: string
  last_used_at: string | null
  expires_at: string | null
  revoked_at: string | null
}

export function keyRowToView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as string[],
    acts_as_user_id: row.acts_as_user_id,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  }
}

export interface CreateKeyInput {
  tenantId: string
  actsAsUserId: string
  scopes: readonly string[]
  name?: string
  expiresAt?: string | null
}

export async function createKey(db: Kysely<Database>, input: CreateKeyInput, now = Date.now()): Promise<{ apiKey: string; key: ApiKeyView }> {
  const unknown = input.scopes.filter((s) => !isScope(s))
  if (unknown.length > 0) throw invalidField('scopes', `unknown scopes: ${unknown.join(', ')}; known: ${SCOPES.join(', ')}`)
  if (input.scopes.length === 0) throw invalidField('scopes', 'at least one scope is required')
  let expiresAt: string | null = null
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    if (!isValidInstant(input.expiresAt)) throw invalidField('expires_at', 'must be an ISO 8601 timestamp with Z or an offset, e.g. 2027-01-01T00:00:00Z')
    const parsed = new Date(input.expiresAt)
    // A key that could never be used is a mistake, not a key.
    if (parsed.getTime() <= now) throw invalidField('expires_at', 'must be in the future')
    expiresAt = parsed.toISOString()
  }
  const user = await findUserRow(db, input.tenantId, input.actsAsUserId)
  if (!user) throw notFound('User to act as')
  if (user.status !== 'active') throw new AppError('user_disabled', 'A key cannot act as a disabled user')

  const id = newId('apiKey')
  const secret = newSecret()
  const row: ApiKeyRow = {
    id,
    tenant_id: input.tenantId,
    name: input.name ?? 'API key',
    secret_hash: sha256Hex(secret),
    scopes: JSON.stringify([...new Set(input.scopes)]),
    acts_as_user_id: input.actsAsUserId,
    created_at: nowIso(),
    last_used_at: null,
    expires_at: expiresAt,
    revoked_at: null,
  }
  await repo.insertKey(db, row)
  return { apiKey: formatApiKey(id, secret), key: keyRowToView(row) }
}

export async function revokeKey(db: Kysely<Database>, keyId: string): Promise<ApiKeyView> {
  const row = await repo.findKey(db, keyId)
  if (!row) throw notFound('API key')
  await repo.revokeKey(db, row.tenant_id, keyId, nowIso())
  return keyRowToView((await repo.findKey(db, keyId))!)
}

/** The tenant a key belongs to (for the audit entry of a revocation), or null for an unknown key. */
export async function tenantOfKey(db: Kysely<Database>, keyId: string): Promise<string | null> {
  return (await repo.findKey(db, keyId))?.tenant_id ?? null
}

export async function listKeys(db: Kysely<Database>, tenantId: string): Promise<ApiKeyView[]> {
  return (await repo.listKeys(db, tenantId)).map(keyRowToView)
}

/**
 * Resolves a bearer token to its caller, or null when it must be refused with 401: malformed,
 * unknown, wrong secret, revoked, expired, or acting as a user who is no longer active.
 */
export async function authenticate(db: Kysely<Database>, token: string, now = new Date()): Promise<AuthContext | null> {
  const parsed = parseApiKey(token)
  if (!parsed) return null
  const found = await repo.findKeyWithActor(db, parsed.keyId)
  if (!found || !secretMatches(parsed.secret, found.secret_hash)) return null
  if (found.revoked_at !== null) return null
  if (found.expires_at !== null && found.expires_at <= now.toISOString()) return null
  if (found.user_status !== 'active') return null
  await repo.recordKeyUse(db, found, now)
  return {
    keyId: found.id,
    tenantId: found.tenant_id,
    tenant: repo.tenantOfKey(found),
    scopes: JSON.parse(found.scopes) as string[],
    actor: {
      id: found.user_id,
      email: found.user_email,
      fullName: found.user_full_name,
      role: found.user_role,
      departmentId: found.user_department_id,
    },
  }
}
