/**
 * Verifying a webhook delivery as Standard Webhooks specifies: the signature is
 * `v1,` + base64(HMAC-SHA256(key, `${webhook-id}.${webhook-timestamp}.${body}`)), the key being
 * the base64-decoded part of the secret after `whsec_`. Several signatures may be sent, separated
 * by spaces; one match is enough. The timestamp must be recent, which stops replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { components } from './schema.js'

/**
 * An event, as `GET /api/v1/events` and webhooks deliver it: a union told apart by `type`, so
 * checking `event.type` narrows `event.data` to that type's resource.
 */
export type JornadaEvent = components['schemas']['Event']
/** The name of an event type: `'absence.approved'` and so on. */
export type JornadaEventType = JornadaEvent['type']
/** The event of one type: `EventOfType<'absence.approved'>['data']` is an absence. */
export type EventOfType<T extends JornadaEventType> = Extract<JornadaEvent, { type: T }>

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookVerificationError'
  }
}

export interface VerifyOptions {
  /** How far the timestamp may be from now (default 300 s). */
  toleranceSeconds?: number
  /** Now, in epoch ms (tests). */
  now?: number
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined
  const value = headers[name] ?? headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Checks the delivery and returns its event, typed as the union of every event type. `body` must
 * be the raw body as received (parse it only after verifying: re-serialised JSON would not match
 * the signature).
 */
export function verifyWebhook<Event = JornadaEvent>(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): Event {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header')
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds')
  const tolerance = options.toleranceSeconds ?? 300
  const now = Math.floor((options.now ?? Date.now()) / 1000)
  if (Math.abs(now - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError('webhook-timestamp is too far from now: a replay, or a clock out of step')
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body)
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${text}`).digest()
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2)
    if (version !== 'v1' || !signature) return false
    const given = Buffer.from(signature, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookVerificationError('no signature matches: wrong secret, or the body was changed')
  return JSON.parse(text) as Event
}
