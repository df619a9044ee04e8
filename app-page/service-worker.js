/**
 * The app's service worker: it keeps the app shell (its page, script, style sheet, manifest and
 * icons) so that the app opens without a connection, and nothing else. API answers, which hold
 * personal data, are never cached: requests outside the shell go to the network untouched.
 * SHELL_VERSION changes with every build, so a new version replaces the old shell.
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
