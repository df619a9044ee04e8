/**
 * The app's service worker: it keeps the app shell (its page, script, style sheet, manifest and
 * icons) so that the app opens without a connection, and nothing else. API answers, which hold
 * personal data, are never cached: requests outside the shell go to the network untouched.
 * SHELL_VERSION changes with every build, so a new version replaces the old shell. It also shows
 * the reminders the service pushes (docs/decisions/0026-reminders.md) and opens the screen a tapped
 * one names.
 */
/* global SHELL_VERSION */
const CACHE = `jornada-app-${SHELL_VERSION}`
const PAGE = '/app'
const SHELL = [
  PAGE,
  '/app/app.js',
  '/app/app.css',
  '/app/manifest.webmanifest',
  '/app/icon.svg',
  '/app/icon-192.png',
  '/app/icon-512.png',
]

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('jornada-app-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  // Every screen of the app is the same page: online it comes from the service, offline from the shell.
  if (request.mode === 'navigate' && (url.pathname === PAGE || url.pathname.startsWith(`${PAGE}/`))) {
    event.respondWith(fetch(request).catch(() => caches.match(PAGE)))
    return
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((cached) => cached ?? fetch(request)))
  }
})

/**
 * A reminder pushed by the service: `{ title, body, url, tag }`, already in the person's language.
 * Every push must show a notification (browsers require it of `userVisibleOnly` subscriptions),
 * so a message that cannot be read still shows the app's name.
 */
self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {}
  const url = typeof message.url === 'string' && isAppPath(message.url) ? message.url : PAGE
  event.waitUntil(
    self.registration.showNotification(typeof message.title === 'string' ? message.title : 'Jornada', {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/app/icon-192.png',
      badge: '/app/icon-192.png',
      data: { url },
    }),
  )
})

/** Only the app's own screens: a notification never opens another address. */
function isAppPath(url) {
  return /^\/app(?:[/?#]|$)/.test(url) && !url.includes('//') && !url.includes('\\')
}

/** A tapped reminder opens its screen: in the app's window when one is open, else in a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = event.notification.data && isAppPath(event.notification.data.url) ? event.notification.data.url : PAGE
  const target = new URL(path, self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith(PAGE))
      if (!open) return self.clients.openWindow(target)
      // A window the worker does not control cannot be navigated from here: a new one opens then.
      return open
        .focus()
        .then((focused) => (focused ?? open).navigate(target))
        .catch(() => self.clients.openWindow(target))
    }),
  )
})
