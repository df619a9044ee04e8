/**
 * Reminders on this phone by Web Push (docs/decisions/0026-reminders.md): Profile's control. The
 * browser asks for permission only when the person taps it, never as the app opens; turning it on
 * subscribes this installation with the service's VAPID key and hands the subscription to the
 * service, turning it off removes it from both. The service worker shows what is pushed.
 */
import { useEffect, useState } from 'preact/hooks'
import { ApiError, api, get, post, type Schemas } from './api.js'
import { words } from './i18n/index.js'
import { Done, Problem, Said, useAction } from './ui.js'

/** The id the service gave this installation's subscription, to remove it again. */
const KEPT_ID = 'jornada-app-push-subscription'

type State = 'unsupported' | 'blocked' | 'on' | 'off'

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // main.tsx registers the worker as the app opens; it may not be active yet on a first visit.
  const registered =
    (await navigator.serviceWorker.getRegistration('/app')) ??
    (await navigator.serviceWorker.register('/app/sw.js', { scope: '/app' }))
  return registered.active ? registered : navigator.serviceWorker.ready
}

async function currentState(): Promise<State> {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  if (Notification.permission !== 'granted') return 'off'
  const registered = await navigator.serviceWorker.getRegistration('/app')
  const subscription = await registered?.pushManager.getSubscription()
  // A subscription the service was never told of (its answer lost) is off until it is.
  return subscription && localStorage.getItem(KEPT_ID) ? 'on' : 'off'
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i)
  return bytes
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, i) => byte === b[i])
}

/** Asks for permission (this tap is the person's choice), subscribes, and tells the service. */
async function turnOn(): Promise<void> {
  const t = words.value
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new Said(permission === 'denied' ? t.push.blocked : t.push.notAllowed)
  const key = keyBytes((await get<{ data: Schemas['PushKey'] }>('/me/push-subscriptions/key')).data.public_key)
  const worker = await registration()
  let subscription = await worker.pushManager.getSubscription()
  // Made with another key (the service's was made anew): push services would refuse it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  if (!subscription) {
    try {
      subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
    } catch {
      throw new Said(t.push.failed)
    }
  }
  const json = subscription.toJSON()
  const made = await post<{ data: Schemas['PushSubscription'] }>('/me/push-subscriptions', {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
  })
  localStorage.setItem(KEPT_ID, made.data.id)
}

/** Stops reminders to this phone: the service forgets the subscription, then the browser does. */
export async function turnOffPush(): Promise<void> {
  if (!pushSupported()) return
  const registered = await navigator.serviceWorker.getRegistration('/app')
  const subscription = await registered?.pushManager.getSubscription()
  let id = localStorage.getItem(KEPT_ID)
  if (!id && subscription) {
    const mine = await get<{ data: Schemas['PushSubscription'][] }>('/me/push-subscriptions')
    id = mine.data.find((s) => s.endpoint === subscription.endpoint)?.id ?? null
  }
  if (id) {
    try {
      await api('DELETE', `/me/push-subscriptions/${id}`)
    } catch (error) {
      // Already gone (removed elsewhere, or its push service said it expired): nothing to remove.
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
  }
  localStorage.removeItem(KEPT_ID)
  await subscription?.unsubscribe()
}

/** Profile's section: whether this phone shows reminders, and the one button that changes it. */
export function PushOnThisPhone() {
  const t = words.value
  const [state, setState] = useState<State | null>(null)
  const [changed, setChanged] = useState(false)
  const action = useAction()
  useEffect(() => {
    void currentState().then(setState, () => setState('unsupported'))
  }, [])
  const explained =
    state === 'unsupported'
      ? t.push.unsupported
      : state === 'blocked'
        ? t.push.blocked
        : state === 'on'
          ? t.push.isOn
          : t.push.isOff
  return (
    <section class="card stack" aria-labelledby="push-title">
      <h2 id="push-title">{t.push.title}</h2>
      <p class="hint">{t.push.explained}</p>
      {state !== null && <p>{explained}</p>}
      {changed && <Done>{state === 'on' ? t.push.turnedOn : t.push.turnedOff}</Done>}
      <Problem error={action.error} />
      {(state === 'on' || state === 'off') && (
        <button
          type="button"
          class={state === 'on' ? 'secondary' : 'primary'}
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              setChanged(false)
              try {
                if (state === 'on') await turnOffPush()
                else await turnOn()
              } finally {
                setState(await currentState().catch(() => 'unsupported' as const))
              }
              setChanged(true)
            })
          }
        >
          {state === 'on' ? t.push.turnOff : t.push.turnOn}
        </button>
      )}
    </section>
  )
}
