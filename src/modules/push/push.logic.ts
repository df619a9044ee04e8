/**
 * The rules of Web Push (docs/decisions/0026-reminders.md), as pure functions: which subscriptions
 * are accepted, what a message carries and how big it may be, and what a push service's answer
 * means for the subscription.
 */
import { createECDH, createHash, generateKeyPairSync } from 'node:crypto'
import { hostProblem } from '../../lib/public-network.js'

/** Push services' endpoints are a few hundred characters; a longer one is not a push service's. */
export const MAX_ENDPOINT_LENGTH = 2048
/** Installations kept per person: a new one beyond this replaces the oldest (a phone replaced, the app reinstalled). */
export const MAX_SUBSCRIPTIONS_PER_PERSON = 10
/** An uncompressed P-256 point (RFC 8291 section 3.2). */
const P256DH_BYTES = 65
/** The authentication secret (RFC 8291 section 3.2). */
const AUTH_BYTES = 16
/**
 * The encrypted message must fit in 4096 bytes (RFC 8030 section 7.2); aes128gcm adds a 86-byte
 * header and tag and a padding delimiter, so the JSON itself stays well below.
 */
export const MAX_PAYLOAD_BYTES = 3000
const MAX_TITLE = 120
const MAX_BODY = 600

/** A base64url text (padding tolerated) as bytes, or null when it is not one. */
export function base64urlBytes(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null
  return Buffer.from(text.replace(/=+$/, ''), 'base64url')
}

/** Why an endpoint is refused, or null. The address a name resolves to is checked again at each send. */
export function endpointProblem(raw: string, allowPrivateNetworks: boolean): string | null {
  if (raw.length > MAX_ENDPOINT_LENGTH) return `must be at most ${MAX_ENDPOINT_LENGTH} characters`
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'must be the absolute https URL the browser’s push service gave'
  }
  const schemes = allowPrivateNetworks ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol)) return 'must be an https URL'
  if (url.username || url.password) return 'must not carry credentials'
  if (url.hash) return 'must not have a fragment'
  return allowPrivateNetworks ? null : hostProblem(url)
}

/**
 * A new VAPID key pair (RFC 8292) on P-256, in web-push's format: the public key as the
 * uncompressed point (65 bytes), the private key as the scalar (32 bytes), both base64url without
 * padding. Made with node:crypto so that starting the service does not load web-push.
 */
export function newVapidKeyPair(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  // A JWK gives each coordinate and the scalar at full length (RFC 7518 section 6.2), leading zeros kept.
  const { x, y, d } = privateKey.export({ format: 'jwk' })
  const point = Buffer.concat([Buffer.of(0x04), Buffer.from(x!, 'base64url'), Buffer.from(y!, 'base64url')])
  return { publicKey: point.toString('base64url'), privateKey: d! }
}

let probe: ReturnType<typeof createECDH> | null = null
/** Whether the bytes are a point of P-256: an agreement with it succeeds only then. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== P256DH_BYTES || bytes[0] !== 0x04) return false
  if (!probe) {
    probe = createECDH('prime256v1')
    probe.generateKeys()
  }
  try {
    probe.computeSecret(bytes)
    return true
  } catch {
    return false
  }
}

export function p256dhProblem(text: string): string | null {
  const bytes = base64urlBytes(text)
  if (!bytes) return 'must be base64url'
  return isP256Point(bytes) ? null : 'must be an uncompressed P-256 public key (65 bytes, base64url)'
}

export function authProblem(text: string): string | null {
  const bytes = base64urlBytes(text)
  if (!bytes) return 'must be base64url'
  return bytes.length === AUTH_BYTES ? null : `must be ${AUTH_BYTES} bytes, base64url`
}

export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex')
}

/**
 * What a reminder shows, already in the person's language: a title, a line of text, the screen of
 * the app it opens (a path under /app) and a tag (one per subject: a newer message with the same
 * tag replaces the older on the phone).
 */
export interface PushMessage {
  title: string
  body: string
  url: string
  tag: string
}

/** Only the app's own screens: a push must never send a person elsewhere. */
export function isAppPath(url: string): boolean {
  return /^\/app(?:[/?#]|$)/.test(url) && !url.includes('//') && !url.includes('\\')
}

function cut(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** The JSON the service worker reads (app-page/service-worker.js); throws on a message no reminder should make. */
export function payloadOf(message: PushMessage): string {
  if (!isAppPath(message.url)) throw new Error(`A push opens a screen of the app (/app...), not ${message.url}`)
  if (message.tag.length === 0 || message.tag.length > 100) throw new Error('A push tag has 1 to 100 characters')
  const payload = JSON.stringify({
    title: cut(message.title, MAX_TITLE),
    body: cut(message.body, MAX_BODY),
    url: message.url,
    tag: message.tag,
  })
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('A push message is too long')
  return payload
}

/**
 * The Topic header (RFC 8030 section 5.4) for a tag: the push service keeps only the newest
 * undelivered message of a topic, as the phone keeps only the newest notification of a tag. At
 * most 32 base64url characters, so a digest of the tag (which may hold ids).
 */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32)
}

/** What a push service's answer means for the subscription. */
export type Delivery = 'sent' | 'gone' | 'failed'

export function deliveryOf(status: number | null): Delivery {
  if (status !== null && status >= 200 && status < 300) return 'sent'
  // 404 and 410: the subscription expired or was cancelled; it never comes back (RFC 8030 section 7.3).
  if (status === 404 || status === 410) return 'gone'
  return 'failed'
}
