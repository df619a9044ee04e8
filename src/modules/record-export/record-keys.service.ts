/**
 * Each company's record key (docs/decisions/0019-representatives-and-record-export.md): an Ed25519
 * key pair made on first use, its private half sealed with the service's SECRETS_KEY before it is
 * stored (AES-256-GCM, bound to the company and the key, lib/secret-box), so a copy of the database
 * alone cannot sign an export in the company's name. Rotating makes a new current key; the old one
 * stays listed with the end of its validity, so the exports it signed can still be checked.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockTenant } from '../../db/locks.js'
import type { RecordKeyRow } from './record-export.tables.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, permissionDenied } from '../../errors.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { newRecordKey, publicKeyPem } from './record-key.logic.js'
import * as repo from './record-keys.repository.js'
import type { RecordKeyType } from './record-export.schemas.js'

/** What a sealed private key is bound to: a sealed key copied to another row does not open there. */
function keyPlace(tenantId: string, keyId: string): string {
  return `record-key:${tenantId}:${keyId}`
}

function needSecrets(secrets: SecretBox | null): SecretBox {
  if (secrets) return secrets
  throw new AppError(
    'secrets_key_missing',
    'The company’s record key is kept sealed with the service’s secrets key: the operator sets SECRETS_KEY (see docs/record-export.md) and you try again',
  )
}

async function createKey(unit: Unit, tenantId: string, secrets: SecretBox): Promise<RecordKeyRow> {
  const made = newRecordKey()
  const row: RecordKeyRow = {
    id: made.id,
    tenant_id: tenantId,
    algorithm: 'Ed25519',
    public_key: made.publicKey,
    private_key_sealed: secrets.seal(made.privateKey, keyPlace(tenantId, made.id)),
    valid_from: nowIsoOf(unit),
    valid_until: null,
  }
  await repo.insertRecordKey(unit.db, row)
  return row
}

/** The company's current key, made now if it has none yet (serialised: two first uses make one key). */
async function currentKey(unit: Unit, tenantId: string, secrets: SecretBox | null): Promise<RecordKeyRow> {
  const existing = await repo.currentRecordKey(unit.db, tenantId)
  if (existing) return existing
  const box = needSecrets(secrets)
  return inTransaction(unit, async (tx) => {
    await lockTenant(tx.db, tenantId)
    return (await repo.currentRecordKey(tx.db, tenantId)) ?? createKey(tx, tenantId, box)
  })
}

/** The current key with its private half opened, to sign an export. */
export async function signingKey(
  unit: Unit,
  tenantId: string,
  secrets: SecretBox | null,
): Promise<{ row: RecordKeyRow; privateKey: string }> {
  const row = await currentKey(unit, tenantId, secrets)
  const privateKey = needSecrets(secrets).open(row.private_key_sealed, keyPlace(tenantId, row.id))
  if (privateKey === null)
    throw new AppError(
      'secrets_key_missing',
      'The company’s record key does not open with this service’s SECRETS_KEY: the operator sets the key it was sealed with (or SECRETS_KEY_PREVIOUS), or an administrator rotates the record key',
    )
  return { row, privateKey }
}

export function recordKeyToApi(row: RecordKeyRow): RecordKeyType {
  return {
    id: row.id,
    algorithm: row.algorithm,
    public_key: row.public_key,
    public_key_pem: publicKeyPem(row.public_key),
    valid_from: row.valid_from,
    valid_until: row.valid_until,
  }
}

/** Every key of the company, newest (the current one) first; the first use makes one. */
export async function listRecordKeys(
  unit: Unit,
  tenantId: string,
  secrets: SecretBox | null,
): Promise<RecordKeyType[]> {
  await currentKey(unit, tenantId, secrets)
  return (await repo.recordKeysOf(unit.db, tenantId)).map(recordKeyToApi)
}

/** A new current key; the previous one's validity ends now (administrators). */
export async function rotateRecordKey(scope: RequestScope, secrets: SecretBox | null): Promise<RecordKeyType[]> {
  if (!canAdministerEmployees(scope.auth.actor))
    throw permissionDenied('Only an administrator may rotate the record key')
  return rotateKeyOf(scope, scope.auth.tenantId, secrets)
}

/** Rotation for a company, by an administrator or from the command line. */
export async function rotateKeyOf(unit: Unit, tenantId: string, secrets: SecretBox | null): Promise<RecordKeyType[]> {
  const box = needSecrets(secrets)
  await inTransaction(unit, async (tx) => {
    await lockTenant(tx.db, tenantId)
    const current = await repo.currentRecordKey(tx.db, tenantId)
    if (current) await repo.retireRecordKey(tx.db, tenantId, current.id, nowIsoOf(tx))
    await createKey(tx, tenantId, box)
  })
  return (await repo.recordKeysOf(unit.db, tenantId)).map(recordKeyToApi)
}
