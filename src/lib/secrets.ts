/**
 * Secrets at rest. API keys: SHA-256 of a 256-bit random secret (a fast hash is enough for a
 * secret with that much entropy) compared in constant time. Passwords and kiosk PINs: scrypt.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>

export const API_KEY_PREFIX = 'jnd_'
const ULID_LENGTH = 26

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** `jnd_<key id without prefix>_<secret>`: the key id is readable for lookups and logs. */
export function formatApiKey(keyId: string, secret: string): string {
  return `${API_KEY_PREFIX}${keyId.slice('key_'.length)}_${secret}`
}

export function parseApiKey(token: string): { keyId: string; secret: string } | null {
  if (!token.startsWith(API_KEY_PREFIX)) return null
  const rest = token.slice(API_KEY_PREFIX.length)
  if (rest.length < ULID_LENGTH + 2 || rest[ULID_LENGTH] !== '_') return null
  const ulid = rest.slice(0, ULID_LENGTH)
  const secret = rest.slice(ULID_LENGTH + 1)
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(ulid) || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null
  return { keyId: `key_${ulid}`, secret }
}

export function secretMatches(secret: string, storedHashHex: string): boolean {
  const actual = Buffer.from(sha256Hex(secret), 'hex')
  const expected = Buffer.from(storedHashHex, 'hex')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const derived = await scryptAsync(password, salt, 64)
  return `scrypt$${salt.toString('base64')}$${derived.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$')
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false
  const expected = Buffer.from(hashB64, 'base64')
  const derived = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length)
  return timingSafeEqual(derived, expected)
}
