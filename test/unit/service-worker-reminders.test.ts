/**
 * The app's service worker with a pushed reminder (app-page/service-worker.js, docs/notifications.md),
 * its own script run in a context that stands for the worker's global scope: what a push shows,
 * and the screen a tapped reminder opens. Headless Chromium shows a pushed notification
 * (test/browser/app-push.test.ts) but cannot tap one: a click it is sent by a script is not the
 * person's, and may neither focus a window nor open one.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { it } from 'node:test'
import vm from 'node:vm'

const SCRIPT = readFileSync(new URL('../../app-page/service-worker.js', import.meta.url), 'utf8')
const ORIGIN = 'https://jornada.example.com'

/** A window of a browser, as `clients.matchAll()` lists it. */
interface FakeWindow {
  url: string
  focused: boolean
  navigatedTo: string | null
  focus(): Promise<FakeWindow>
  navigate(url: string): Promise<FakeWindow>
}

function windowAt(path: string, options: { canFocus?: boolean } = {}): FakeWindow {
  const w: FakeWindow = {
    url: `${ORIGIN}${path}`,
    focused: false,
    navigatedTo: null,
    async focus() {
      if (options.canFocus === false) throw new Error('InvalidAccessError: Not allowed to focus a window.')
      w.focused = true
      return w
    },
    async navigate(url) {
      w.navigatedTo = url
      return w
    },
  }
  return w
}

/** The worker's script loaded with the windows the browser has open; answers its events to fire. */
function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>()
  const shown: { title: string; options: { body: string; tag?: string; data: { url: string } } }[] = []
  const opened: string[] = []
  const self = {
    location: new URL(`${ORIGIN}/app/service-worker.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]['options']) => {
        shown.push({ title, options })
      },
    },
    clients: {
      matchAll: async (query: { type: string; includeUncontrolled: boolean }) => {
        assert.deepEqual({ ...query }, { type: 'window', includeUncontrolled: true })
        return windows
      },
      openWindow: async (url: string) => {
        opened.push(url)
        return null
      },
    },
  }
  vm.runInNewContext(SCRIPT, { self, URL, SHELL_VERSION: 'test' })
  /** Fires an event the way the browser does, and waits for what it was asked to wait for. */
  const fire = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = []
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) })
    await Promise.all(pending)
  }
  return {
    shown,
    opened,
    push: (data: string | null) =>
      fire('push', {
        data:
          data === null
            ? null
            : {
                json: () => JSON.parse(data),
              },
      }),
    tap: async (url: unknown) => {
      const notification = { data: { url }, closed: false, close: () => (notification.closed = true) }
      await fire('notificationclick', { notification })
      return notification
    },
  }
}

it('a pushed reminder is shown with its title, body and tag, and the app’s screen it opens', async () => {
  const sw = worker()
  await sw.push(
    JSON.stringify({ title: 'Tu jornada sigue abierta', body: 'Desde las 9:00', url: '/app/requests', tag: 'r-1' }),
  )
  await sw.push(JSON.stringify({ title: 'Elsewhere', body: '', url: 'https://evil.example/app', tag: 'r-2' }))
  await sw.push('not json')
  await sw.push(null)
  assert.deepEqual(
    sw.shown.map((s) => [s.title, s.options.body, s.options.tag, s.options.data.url]),
    [
      ['Tu jornada sigue abierta', 'Desde las 9:00', 'r-1', '/app/requests'],
      ['Elsewhere', '', 'r-2', '/app'],
      // Every push shows a notification, even one that cannot be read.
      ['Jornada', '', undefined, '/app'],
      ['Jornada', '', undefined, '/app'],
    ],
  )
})

it('a tapped reminder opens its screen in the app’s open window, focused', async () => {
  const other = windowAt('/elsewhere')
  const app = windowAt('/app/profile')
  const sw = worker([other, app])
  const notification = await sw.tap('/app/requests')
  assert.equal(notification.closed, true)
  assert.equal(app.focused, true)
  assert.equal(app.navigatedTo, `${ORIGIN}/app/requests`)
  assert.equal(other.navigatedTo, null)
  assert.deepEqual(sw.opened, [])
})

it('with no window of the app open, a tapped reminder opens one at its screen', async () => {
  const sw = worker([windowAt('/elsewhere')])
  await sw.tap('/app/inbox')
  assert.deepEqual(sw.opened, [`${ORIGIN}/app/inbox`])
})

it('a window that cannot be focused or navigated: a new one opens at the screen', async () => {
  const app = windowAt('/app', { canFocus: false })
  const sw = worker([app])
  await sw.tap('/app/month')
  assert.equal(app.navigatedTo, null)
  assert.deepEqual(sw.opened, [`${ORIGIN}/app/month`])
})

it('a reminder never opens another address: what is not a screen of the app opens the app', async () => {
  for (const url of ['https://evil.example/app', '//evil.example/app', '/api/v1/me', '/application', null]) {
    const sw = worker()
    await sw.tap(url)
    assert.deepEqual(sw.opened, [`${ORIGIN}/app`], String(url))
  }
})
