/**
 * Secrets at rest. API keys: SHA-256 of a 256-bit random secret (a fast hash is enough for a
 * secret with that much entropy) compared in constant time. Passwords and kiosk PINs: scrypt.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

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

/**
 * scrypt at OWASP's current minimum for password storage (Password Storage Cheat Sheet): N = 2^17,
 * r = 8, p = 1, which needs 128 MiB while it runs (Node refuses above 32 MiB unless told). The
 * parameters are stored with the hash, so they can be raised later and older hashes still verify;
 * hashes written before they were stored used Node's defaults (N = 2^14).
 */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 }
const LEGACY_SCRYPT = { N: 2 ** 14, r: 8, p: 1 }
const SCRYPT_MAX_N = 2 ** 20

function scryptWith(password: string, salt: Buffer, keylen: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, { ...params, maxmem: 256 * params.N * params.r }, (error, derived) => (error ? reject(error) : resolve(derived)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const derived = await scryptWith(password, salt, 64, SCRYPT)
  return `scrypt$N=${SCRYPT.N},r=${SCRYPT.r},p=${SCRYPT.p}$${salt.toString('base64')}$${derived.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts[0] !== 'scrypt') return false
  const [paramsText, saltB64, hashB64] = parts.length === 4 ? parts.slice(1) : [null, ...parts.slice(1)]
  if (!saltB64 || !hashB64) return false
  const params = paramsText === null ? LEGACY_SCRYPT : parseScryptParams(paramsText)
  if (!params) return false
  const expected = Buffer.from(hashB64, 'base64')
  const derived = await scryptWith(password, Buffer.from(saltB64, 'base64'), expected.length, params)
  return timingSafeEqual(derived, expected)
}

function parseScryptParams(text: string): { N: number; r: number; p: number } | null {
  const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(text)
  if (!match) return null
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])]
  // A stored hash is trusted data, but a corrupted one must not ask for gigabytes.
  return N >= 2 && N <= SCRYPT_MAX_N && r >= 1 && r <= 32 && p >= 1 && p <= 16 ? { N, r, p } : null
}
