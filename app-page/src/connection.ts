/**
 * The app's link to the service (page-shared/connection.ts) and what keeps its screens following
 * the service. Every answer moves the state; while the service is busy, the screens read again by
 * themselves after its Retry-After. `freshness` counts the moments when what the screens show may
 * be out of date: a punch that waited on the phone was sent, a punch was made in another tab of
 * this browser, the app came back to the foreground or the network came back. Every screen that
 * loads from the service reads again when it moves (ui.tsx `useLoad`).
 */
import { signal } from '@preact/signals'
import { type AnswerSeen, type Connection, ONLINE, nextConnection } from '../../page-shared/connection.js'

export const connection = signal<Connection>(ONLINE)
export const freshness = signal(0)
/**
 * Counts the changes the app made that the service took (any write answered 2xx): what waits for
 * someone (the navigation's badges) may have changed with them.
 */
export const written = signal(0)

let retryTimer: ReturnType<typeof setTimeout> | undefined
let refreshDue = false
/** While no answer comes though the phone says it is online: the next try's delay (2 s, doubling to 30 s). */
let unreachableRetryMs = 2000

/** Every screen reads again. Bursts (focus and visibilitychange come together) count once. */
export function refresh(): void {
  if (refreshDue) return
  refreshDue = true
  setTimeout(() => {
    refreshDue = false
    freshness.value++
  }, 50)
}

/** Told by the API client of every answer, or of no answer (status 0). */
export function answered(answer: AnswerSeen): void {
  const before = connection.value
  const next = nextConnection(before, answer)
  // Several requests of one round come back together: the retry already due is for them all, and
  // the screen still lacks what the busy ones were for (the others being answered does not fill it).
  if (before.state === 'busy' && retryTimer !== undefined && next.state !== 'offline') return
  clearTimeout(retryTimer)
  retryTimer = undefined
  if (JSON.stringify(next) !== JSON.stringify(before)) connection.value = next
  if (next.state === 'busy' && next.retryInSeconds !== null)
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      refresh()
    }, next.retryInSeconds * 1000)
  // No answer while the phone says it has a network (the service is down or restarting, or the
  // network has just come back and the first request raced it): no 'online' event will come to
  // wake the screens, so they try again by themselves, less and less often.
  if (next.state === 'offline' && navigator.onLine !== false) {
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      refresh()
    }, unreachableRetryMs)
    unreachableRetryMs = Math.min(unreachableRetryMs * 2, 30_000)
  } else if (next.state !== 'offline') unreachableRetryMs = 2000
}

/** The person asks to try again (after the automatic retries ran out, or offline): counted anew. */
export function retryNow(): void {
  clearTimeout(retryTimer)
  retryTimer = undefined
  // Said again by the next answer, the automatic retries counted from the start.
  connection.value = ONLINE
  refresh()
}

/**
 * Tabs of this browser tell each other of a punch (BroadcastChannel; a storage event where it is
 * missing), so that a second tab left open on Today does not offer a punch the record no longer allows.
 */
const CHANNEL = 'jornada-app-punches'
const CHANGED_KEY = 'jornada-app-punched'
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null

export function tellOtherTabs(): void {
  if (channel) channel.postMessage('punched')
  else localStorage.setItem(CHANGED_KEY, String(Date.now()))
}

/** Starts listening: to the other tabs, to the foreground and to the network. */
export function followTheService(): void {
  if (channel) channel.onmessage = () => refresh()
  window.addEventListener('storage', (event) => {
    if (event.key === CHANGED_KEY) refresh()
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refresh()
  })
  window.addEventListener('focus', () => refresh())
  window.addEventListener('online', () => refresh())
  window.addEventListener('offline', () => {
    connection.value = { state: 'offline' }
  })
}
