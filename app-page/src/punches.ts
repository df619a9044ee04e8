/**
 * Clocking in and out from the app (docs/decisions/0017-web-app.md). Online, a punch is sent at
 * once, without a moment of its own: the service's clock stamps it. When the service cannot be
 * reached (or the answer is lost), the punch waits on the phone in the outbox the kiosk page uses
 * too, with the moment of the tap on the service's clock and an Idempotency-Key, and is sent once
 * it can be: a reload, a closed app or a session that ended lose nothing. A person's punches are
 * sent only from their own session: on a phone someone else then signs in to, theirs wait for them.
 */
import { effect, signal } from '@preact/signals'
import { type Queued, type SendOutcome, createOutbox, newKey } from '../../page-shared/outbox.js'
import { isShedding, retryDelaySeconds } from '../../page-shared/connection.js'
import { ApiError, Offline, busyFor, get, post, query, type Schemas, serviceNow } from './api.js'
import { freshness, refresh, tellOtherTabs } from './connection.js'
import { addDays, localDate } from './format.js'
import { loadPerson, person } from './session.js'

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
/**
 * Punches that waited on the phone and have been stored since the screens last read the service:
 * shown as recorded at once, so that a screen never goes back to the state before them while it
 * reads the service again (`settleSent` drops them once a reading includes them).
 */
export const sentPunches = signal<{ type: PunchType; ts: string }[]>([])

/** Whether `recorded` (what the service said) holds `punch`: the same type within a minute. */
export function holds(recorded: readonly { type: string; ts: string }[], punch: { type: string; ts: string }): boolean {
  const at = Date.parse(punch.ts)
  return recorded.some((p) => p.type === punch.type && Math.abs(Date.parse(p.ts) - at) <= 60_000)
}

/** A reading of the service came in: the sent punches it holds need no showing of their own any more. */
export function settleSent(recorded: readonly { type: string; ts: string }[]): void {
  if (sentPunches.peek().length === 0) return
  sentPunches.value = sentPunches.peek().filter((p) => !holds(recorded, p))
}

// What one person's punches came to is not shown to the next person on the phone.
effect(() => {
  if (person.value === null) {
    waitingPunches.value = []
    refusedPunches.value = []
    sentPunches.value = []
  }
})

/** Not for good: signed out (it waits for the next sign-in), throttled, or the same request still running. */
function sendLater(error: ApiError): boolean {
  return (
    error.code === 'unauthenticated' ||
    error.code === 'csrf_failed' ||
    error.status === 429 ||
    error.code === 'idempotency_key_in_use'
  )
}

/**
 * Whether the service already has this punch: its first sending was stored but the answer lost,
 * or it went out from an earlier session (whose Idempotency-Keys are not this one's). A punch of
 * the same type within a minute of it is that punch.
 */
async function alreadyRecorded(punch: ClockRequest): Promise<boolean> {
  const day = localDate(new Date(punch.ts))
  const range = { user_id: punch.userId, from: addDays(day, -1), to: day, page_size: 100 }
  const log = await get<{ data: Schemas['PunchLogEntry'][] }>(`/attendance/punches${query(range)}`)
  return holds(log.data, punch)
}

function sentNow(punch: ClockRequest): SendOutcome {
  sentInRun = true
  sentPunches.value = [...sentPunches.peek(), { type: punch.type, ts: punch.ts }]
  return 'sent'
}

/** Whether a run of the outbox sent anything: then what the screens show is out of date. */
let sentInRun = false

async function send(punch: Queued<ClockRequest>): Promise<SendOutcome> {
  const { type, modality, ts } = punch.body
  try {
    await post(
      '/attendance/clock',
      { type, ...(modality ? { modality } : {}), ts },
      { idempotencyKey: punch.idempotencyKey },
    )
    return sentNow(punch.body)
  } catch (error) {
    if (error instanceof Offline) return 'later'
    if (!(error instanceof ApiError)) throw error
    if (sendLater(error)) return 'later'
    if (error.status === 409 && (await alreadyRecorded(punch.body).catch(() => false))) return sentNow(punch.body)
    if (!refusedPunches.value.some((r) => r.ts === ts))
      refusedPunches.value = [...refusedPunches.value, { type, ts, message: error.message }]
    return 'refused'
  }
}

let sending: Promise<void> = Promise.resolve()

async function refreshWaiting(userId: string): Promise<void> {
  waitingPunches.value = (await outbox.waiting()).filter((p) => p.body.userId === userId)
}

/** Sends the signed-in person's waiting punches, in order, after making sure the session is still theirs. */
export function sendWaiting(): Promise<void> {
  const me = person.value
  if (!me) return sending
  sending = sending.then(async () => {
    const mine = (await outbox.waiting()).filter((p) => p.body.userId === me.id)
    if (mine.length > 0) {
      // Another tab may have signed someone else in: the cookie, not this page, says whose session it is.
      const session = await get<{ data: { acts_as_user: { id: string } } }>('/me').catch(() => null)
      if (session && session.data.acts_as_user.id !== me.id) {
        await loadPerson()
        return
      }
      sentInRun = false
      await outbox.flush(send, (punch) => punch.body.userId === me.id)
    }
    await refreshWaiting(me.id)
    // The record moved: every screen reads it again, here and in the other tabs.
    if (sentInRun) {
      sentInRun = false
      refresh()
      tellOtherTabs()
    }
  })
  // A failed round (the service went away mid-way) leaves the punches for the next one.
  sending = sending.catch(() => {})
  return sending
}

/** A session the person left open, which a punch they just made followed (with the company's proposal). */
export type LeftOpen = NonNullable<Schemas['ClockedPunch']['left_open_session']>

/**
 * Punches now. `sent`: the service stored it, and names a session left open before it, if any (a
 * session left open never stops a punch: every day's start and end are recorded, art. 34.9 ET);
 * `waiting`: it is on the phone until the service can be reached; `held`: the service answered
 * that it cannot record now (a database failover), and the punch is on the phone until it can,
 * tried again after the answer's Retry-After; `busy`: the same, because the service sheds load or
 * limits this phone for `seconds`; an ApiError: the service refused it (out of sequence).
 */
export async function punch(
  type: PunchType,
  modality?: Modality,
): Promise<{ sent: LeftOpen | null } | 'waiting' | 'held' | { busy: number } | ApiError> {
  const me = person.value
  if (!me) throw new Error('Nobody is signed in')
  const tapped = serviceNow().toISOString()
  const body = { type, ...(modality ? { modality } : {}) }
  let unavailable: Offline['unavailable'] = null
  let busy: { seconds: number | null } | null = null
  if (navigator.onLine !== false) {
    try {
      const answer = await post<{ data: Schemas['ClockedPunch'] }>('/attendance/clock', body, {
        idempotencyKey: newKey(),
      })
      tellOtherTabs()
      return { sent: answer.data.left_open_session ?? null }
    } catch (error) {
      if (error instanceof ApiError && !sendLater(error)) return error
      if (!(error instanceof ApiError) && !(error instanceof Offline)) throw error
      if (error instanceof Offline) unavailable = error.unavailable
      // Shedding load or limiting this phone is said as busy; a failover as "cannot record now".
      const code = error instanceof ApiError ? error.code : error.unavailable?.code
      busy = isShedding(code) ? busyFor(error) : null
    }
  }
  await outbox.enqueue({ idempotencyKey: newKey(), body: { userId: me.id, ...body, ts: tapped } })
  await refreshWaiting(me.id)
  if (!unavailable && !busy) return 'waiting'
  // A failover or a busy moment takes seconds: try again when the service said, not at the next half minute.
  const seconds = retryDelaySeconds(busy?.seconds ?? unavailable?.retryAfterSeconds ?? 5, 0)
  setTimeout(() => void sendWaiting(), seconds * 1000)
  return busy ? { busy: seconds } : 'held'
}

/**
 * Tries again when the phone is back online, every half minute while something waits, and
 * whenever the screens read the service again (back to the foreground, a busy service's retry).
 */
export function keepSending(): void {
  window.addEventListener('online', () => void sendWaiting())
  setInterval(() => {
    if (waitingPunches.value.length > 0) void sendWaiting()
  }, 30_000)
  let seen = freshness.peek()
  effect(() => {
    if (freshness.value === seen) return
    seen = freshness.value
    if (waitingPunches.peek().length > 0) void sendWaiting()
  })
}
