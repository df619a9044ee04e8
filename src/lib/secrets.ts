/**
 * Secrets at rest. API keys: SHA-256 of a 256-bit random secret (a fast hash is enough for a
 * secret with that much entropy) compared in constant time. Passwords and kiosk PINs: scrypt.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { digestOf } from './digest.js'

export const API_KEY_PREFIX = 'jnd_'
/**
 * Kiosk device tokens (docs/decisions/0013-kiosks.md) look like API keys with their own prefix: never
 * mistaken for one.
 */
export const KIOSK_TOKEN_PREFIX = 'jkd_'
const ULID_LENGTH = 26

/** SHA-256 in hex (rather than a Buffer, which costs more to make than the hashing itself). */
export const sha256Hex = (value: string): string => digestOf('sha256', value, 'hex')

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** `<prefix><record id without its type prefix>_<secret>`: the id is readable for lookups and logs. */
function formatToken(prefix: string, id: string, secret: string): string {
  return `${prefix}${id.slice(id.indexOf('_') + 1)}_${secret}`
}

function parseToken(prefix: string, idPrefix: string, token: string): { id: string; secret: string } | null {
  if (!token.startsWith(prefix)) return null
  const rest = token.slice(prefix.length)
  if (rest.length < ULID_LENGTH + 2 || rest[ULID_LENGTH] !== '_') return null
  const ulid = rest.slice(0, ULID_LENGTH)
  const secret = rest.slice(ULID_LENGTH + 1)
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(ulid) || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null
  return { id: `${idPrefix}_${ulid}`, secret }
}

/** `jnd_<key id without prefix>_<secret>`. */
export function formatApiKey(keyId: string, secret: string): string {
  return formatToken(API_KEY_PREFIX, keyId, secret)
}

export function parseApiKey(token: string): { keyId: string; secret: string } | null {
  const parsed = parseToken(API_KEY_PREFIX, 'key', token)
  return parsed ? { keyId: parsed.id, secret: parsed.secret } : null
}

/** `jkd_<kiosk id without prefix>_<secret>`. */
export function formatKioskToken(kioskId: string, secret: string): string {
  return formatToken(KIOSK_TOKEN_PREFIX, kioskId, secret)
}

export function parseKioskToken(token: string): { kioskId: string; secret: string } | null {
  const parsed = parseToken(KIOSK_TOKEN_PREFIX, 'kio', token)
  return parsed ? { kioskId: parsed.id, secret: parsed.secret } : null
}

/**
 * The `jornada_session` cookie's value (docs/decisions/0016-accounts-and-sign-in.md): `jss_<session id
 * without prefix>_<secret>`.
 */
export const SESSION_TOKEN_PREFIX = 'jss_'

export function formatSessionToken(sessionId: string, secret: string): string {
  return formatToken(SESSION_TOKEN_PREFIX, sessionId, secret)
}

export function parseSessionToken(token: string): { sessionId: string; secret: string } | null {
  const parsed = parseToken(SESSION_TOKEN_PREFIX, 'ses', token)
  return parsed ? { sessionId: parsed.id, secret: parsed.secret } : null
}

/**
 * A calendar feed's address (docs/decisions/0020-calendars-and-presence.md): `jcf_<feed id without
 * prefix>_<secret>`, in its URL.
 */
export const CALENDAR_TOKEN_PREFIX = 'jcf_'

export function formatCalendarToken(feedId: string, secret: string): string {
  return formatToken(CALENDAR_TOKEN_PREFIX, feedId, secret)
}

export function parseCalendarToken(token: string): { feedId: string; secret: string } | null {
  const parsed = parseToken(CALENDAR_TOKEN_PREFIX, 'caf', token)
  return parsed ? { feedId: parsed.id, secret: parsed.secret } : null
}

/** Whether `secret` hashes to `storedHashHex` (a SHA-256 digest in hex), compared in constant time. */
export function secretMatches(secret: string, storedHashHex: string): boolean {
  return sameDigest(sha256Hex(secret), storedHashHex)
}

/** Whether two hex digests are equal, in a time that depends on their length alone (no early exit). */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/**
 * scrypt at OWASP's current minimum for password storage (Password Storage Cheat Sheet): N = 2^17,
 * r = 8, p = 1, which needs 128 MiB while it runs (Node refuses above 32 MiB unless told). The
 * parameters are stored with the hash, so they can be raised later and older hashes still verify;
 * hashes written before they were stored used Node's defaults (N = 2^14).
 */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 }
let hashingCost = SCRYPT
const LEGACY_SCRYPT = { N: 2 ** 14, r: 8, p: 1 }
const SCRYPT_MAX_N = 2 ** 20

function scryptWith(
  password: string,
  salt: Buffer,
  keylen: number,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, { ...params, maxmem: 256 * params.N * params.r }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    )
  })
}

/**
 * Lowers the work factor of new hashes in this process. For tests only, which hash thousands of
 * passwords and PINs (test/helpers/harness.ts sets N = 2^12): the service never calls it. Each hash
 * records its parameters, so verifying is unaffected; test/unit/secrets.test.ts checks the default.
 */
export function lowerPasswordHashingCostForTests(N: number): void {
  hashingCost = { ...SCRYPT, N }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const { N, r, p } = hashingCost
  const derived = await scryptWith(password, salt, 64, hashingCost)
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${derived.toString('base64')}`
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
