/**
 * Secrets the service must read back (a company's OpenID client secret), kept so that a dump of
 * the database alone does not reveal them: sealed with AES-256-GCM under a key that lives outside
 * the database (`SECRETS_KEY`, 32 random bytes). Each sealed value names the key that sealed it
 * (the first 8 hex digits of its SHA-256), so the key can be rotated: the new key seals, the
 * previous ones (`SECRETS_KEY_PREVIOUS`) still open what they sealed. The additional data binds a
 * value to its place (what it is and whose): a sealed secret copied into another company's row
 * does not open there.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const FORMAT = 'v1'
const KEY_BYTES = 32
const IV_BYTES = 12

/** A key as the environment gives it: 32 bytes in base64 (`openssl rand -base64 32`) or 64 hex digits. */
export function parseSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim()
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  return bytes.length === KEY_BYTES ? bytes : null
}

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8)
}

export class SecretBox {
  private readonly current: { id: string; key: Buffer }
  private readonly byId: Map<string, Buffer>

  /** `key` seals; it and `previous` open. */
  constructor(key: Buffer, previous: readonly Buffer[] = []) {
    if (key.length !== KEY_BYTES) throw new Error('A secrets key has 32 bytes')
    this.current = { id: keyIdOf(key), key }
    this.byId = new Map([...previous, key].map((k) => [keyIdOf(k), k]))
  }

  /** `v1.<key id>.<iv>.<ciphertext and tag>`, base64url parts. */
  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv)
    cipher.setAAD(Buffer.from(boundTo))
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return [FORMAT, this.current.id, iv.toString('base64url'), sealed.toString('base64url')].join('.')
  }

  /** The plaintext, or null when no key of this box sealed it or it was changed or moved. */
  open(sealedText: string, boundTo: string): string | null {
    const [format, keyId, ivText, sealedPart] = sealedText.split('.')
    const key = keyId === undefined ? undefined : this.byId.get(keyId)
    if (format !== FORMAT || !key || !ivText || !sealedPart) return null
    const sealed = Buffer.from(sealedPart, 'base64url')
    if (sealed.length < 16) return null
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'))
      decipher.setAAD(Buffer.from(boundTo))
      decipher.setAuthTag(sealed.subarray(sealed.length - 16))
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      return null
    }
  }
}
