/**
 * Clocking in and out from the app (decisions 17), the kiosk's way: every punch goes through the
 * outbox with the moment of the tap on the service's clock and an Idempotency-Key. The service
 * answers at once when it can be reached; otherwise the punch waits on the phone (a reload, a
 * closed app, a signed-out session lose nothing) and is sent once it can be, stored once. A
 * person's punches are sent only from their own session: on a phone someone else then signs in
 * to, theirs wait for them.
 */
import { signal } from '@preact/signals'
import { type Queued, type SendOutcome, createOutbox } from '../../page-shared/outbox.js'
import { ApiError, Offline, newKey, post, serviceNow } from './api.js'
import { person } from './session.js'

export type PunchType = 'in' | 'break_start' | 'break_end' | 'out'
export type Modality = 'onsite' | 'remote'

interface ClockRequest {
  userId: string
  type: PunchType
  modality?: Modality
  ts: string
}

const outbox = createOutbox<ClockRequest>('jornada-app', (body) => body.userId)

/** Punches of the signed-in person still on the phone. */
export const waitingPunches = signal<Queued<ClockRequest>[]>([])
/** Punches the service refused for good after they waited (the person must correct the record). */
export const refusedPunches = signal<{ type: PunchType; ts: string; message: string }[]>([])

const stored = new Map<string, 'sent' | ApiError>()

async function send(punch: Queued<ClockRequest>): Promise<SendOutcome> {
  const { type, modality, ts } = punch.body
  try {
    await post(
      '/attendance/clock',
      { type, ...(modality ? { modality } : {}), ts },
      { idempotencyKey: punch.idempotencyKey },
    )
    stored.set(punch.idempotencyKey, 'sent')
    return 'sent'
  } catch (error) {
    if (error instanceof Offline) return 'later'
    if (!(error instanceof ApiError)) throw error
    // Not for good: signed out (it waits for the next sign-in), throttled, or the same request still running.
    if (
      error.status === 401 ||
      error.status === 429 ||
      error.code === 'csrf_failed' ||
      error.code === 'idempotency_key_in_use'
    )
      return 'later'
    stored.set(punch.idempotencyKey, error)
    if (!refusedPunches.value.some((r) => r.ts === ts))
      refusedPunches.value = [...refusedPunches.value, { type, ts, message: error.message }]
    return 'refused'
  }
}

let sending: Promise<void> = Promise.resolve()

/** Sends the signed-in person's waiting punches, in order. */
export function sendWaiting(): Promise<void> {
  const me = person.value
  if (!me) return sending
  sending = outbox
    .flush(send, (punch) => punch.body.userId === me.id)
    .then(async () => {
      waitingPunches.value = (await outbox.waiting()).filter((p) => p.body.userId === me.id)
    })
  return sending
}

/**
 * Punches now. `sent`: the service stored it; `waiting`: it is on the phone until the service can
 * be reached; an ApiError: the service refused it (out of sequence, a session left open).
 */
export async function punch(type: PunchType, modality?: Modality): Promise<'sent' | 'waiting' | ApiError> {
  const me = person.value
  if (!me) throw new Error('Nobody is signed in')
  const queued: Queued<ClockRequest> = {
    idempotencyKey: newKey(),
    body: { userId: me.id, type, ...(modality ? { modality } : {}), ts: serviceNow().toISOString() },
  }
  await outbox.enqueue(queued)
  await sendWaiting()
  const outcome = stored.get(queued.idempotencyKey)
  if (outcome === undefined) return 'waiting'
  if (outcome instanceof ApiError) {
    // Refused at once: the person sees why now, not as a punch that waited.
    refusedPunches.value = refusedPunches.value.filter((r) => r.ts !== queued.body.ts)
    return outcome
  }
  return 'sent'
}

/** Tries again when the phone is back online, and every half minute while something waits. */
export function keepSending(): void {
  window.addEventListener('online', () => void sendWaiting())
  setInterval(() => {
    if (waitingPunches.value.length > 0) void sendWaiting()
  }, 30_000)
}
