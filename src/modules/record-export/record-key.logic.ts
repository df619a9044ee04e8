/**
 * Ed25519 record keys as the export and its verifier see them
 * (docs/decisions/0019-representatives-and-record-export.md): made, named and checked with
 * node:crypto, nothing else. A key is named by its public half, so a verifier with nothing but the
 * public key can tell which key an export names.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto'

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): what precedes the 32 raw bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

export interface NewRecordKey {
  id: string
  /** The raw 32-byte public key, base64. */
  publicKey: string
  /** PKCS #8 DER, base64: only ever stored sealed. */
  privateKey: string
}

/** `rk_` and the first 16 hex digits of the SHA-256 of the raw public key. */
export function recordKeyId(publicKeyBase64: string): string {
  return `rk_${createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 16)}`
}

export function newRecordKey(): NewRecordKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('base64')
  return {
    id: recordKeyId(raw),
    publicKey: raw,
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  }
}

/** The public key as PEM (SubjectPublicKeyInfo), what OpenSSL and most libraries read. */
export function publicKeyPem(publicKeyBase64: string): string {
  return publicKeyObject(publicKeyBase64).export({ format: 'pem', type: 'spki' }).toString()
}

function publicKeyObject(publicKeyBase64: string): KeyObject {
  const raw = Buffer.from(publicKeyBase64, 'base64')
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' })
}

/**
 * A public key as a person passes it: the raw 32 bytes in base64, or PEM. Null when it is
 * neither; otherwise the base64 of the raw key.
 */
export function parsePublicKey(text: string): string | null {
  const trimmed = text.trim()
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      const key = createPublicKey(trimmed)
      if (key.asymmetricKeyType !== 'ed25519') return null
      return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('base64')
    }
    if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null
    return Buffer.from(trimmed, 'base64').toString('base64')
  } catch {
    return null
  }
}

/** The signature of `data` by the PKCS #8 private key, base64. */
export function signWith(privateKeyBase64: string, data: Buffer): string {
  const key = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' })
  return sign(null, data, key).toString('base64')
}

/** Whether `signature` (base64) is the public key's signature of `data`. */
export function signatureHolds(publicKeyBase64: string, data: Buffer, signature: string): boolean {
  const bytes = Buffer.from(signature.trim(), 'base64')
  if (bytes.length !== 64) return false
  try {
    return verify(null, data, publicKeyObject(publicKeyBase64), bytes)
  } catch {
    return false
  }
}
