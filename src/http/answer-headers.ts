/**
 * Headers an answer carries that follow from the answer itself, set once for every route in one
 * onSend hook, after the answer is final and before it is compressed:
 *
 * - `Location` on a 201: the URL of the resource it made, where the API reads that resource one
 *   by one (`GET /api/v1/absences/{absence_id}` for `POST /api/v1/absences`; an absence type's by
 *   its `key`). A create whose resource has no URL of its own (a punch, a month's signature, a
 *   passkey, a kiosk session, a push subscription) answers none (docs/api-conventions.md, Location).
 * - An `ETag` on every 200 of a GET (and HEAD) whose body is in hand, JSON or a page's file, unless
 *   the route set one of its own: a hash of the body as serialised, weak because the same answer
 *   also goes out compressed. A request whose `If-None-Match` names it is answered 304 with no
 *   body (RFC 9110 13.1.2), so a client that kept the answer reads it again for a few hundred bytes.
 * - `Cache-Control` where the route set none: `no-store` on the answer of a write (sign-ins, new
 *   keys, secrets and links are answers of writes), `private, no-cache` on a read with a
 *   credential (a shared cache must not keep it, the browser asks again before reusing it), and
 *   `no-cache` on a public read (the OpenAPI document).
 *
 * The hook runs once the body is final: after the read pipeline's access-log entry (a read
 * answered 304 was still given out), before compression, so the tag is the same whichever
 * encoding goes out. A write's commit is its route's own hook and comes after; the write's
 * answer gets no tag. A replayed write (Idempotency-Key) passes through it like the first answer,
 * and answers the same Location.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { digestOf } from '../lib/digest.js'

/** `/api/v1/absences/:absence_id` → `/api/v1/absences`: a GET route that reads one item of a collection. */
const ITEM_ROUTE = /^(.*)\/:[A-Za-z_]+$/

/**
 * Where the items made at a route are read: the collection's item route, found by the route's
 * path or, for a create at a path below a collection (`POST /absences/record`), its parent's.
 */
function itemRouteOf(createUrl: string, itemRoutes: ReadonlyMap<string, string>): string | null {
  return itemRoutes.get(createUrl) ?? itemRoutes.get(createUrl.slice(0, createUrl.lastIndexOf('/'))) ?? null
}

/**
 * The field of `{ "data": … }` an item route's last parameter names: `id` for an id
 * (`:absence_id`, `:id`), the field itself otherwise (`:key` of an absence type).
 */
function identifyingFieldOf(itemRoute: string): string {
  const param = /:([A-Za-z_]+)$/.exec(itemRoute)?.[1] ?? 'id'
  return param === 'id' || param.endsWith('_id') ? 'id' : param
}

/** The identifying field of `{ "data": { "id": … } }`, the form of every resource the API makes. */
function createdIdOf(payload: unknown, field: string): string | null {
  if (typeof payload !== 'string') return null
  try {
    const id = (JSON.parse(payload) as { data?: Record<string, unknown> }).data?.[field]
    return typeof id === 'string' ? id : null
  } catch {
    return null
  }
}

/** The weak entity tag of a body: its SHA-1, in base64url. */
function entityTagOf(body: string | Buffer): string {
  return `W/"${digestOf('sha1', body, 'base64url')}"`
}

/** `If-None-Match` against the answer's tag, by the weak comparison RFC 9110 13.1.2 asks for. */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return true
  if (header.trim() === '*') return false
  const opaque = tag.replace(/^W\//, '')
  return !header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque)
}

/** Page files are the same Buffer on every answer (static-pages.ts keeps them): hashed once. */
const fileTags = new WeakMap<Buffer, string>()

function tagOf(payload: string | Buffer): string {
  if (typeof payload === 'string') return entityTagOf(payload)
  let tag = fileTags.get(payload)
  if (!tag) {
    tag = entityTagOf(payload)
    fileTags.set(payload, tag)
  }
  return tag
}

function cacheControlOf(request: FastifyRequest): string {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'no-store'
  return request.auth ? 'private, no-cache' : 'no-cache'
}

/** The 200 of a read, with its tag; 304 and no body when the client holds it already. */
function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  if (String(reply.getHeader('Cache-Control') ?? '').includes('no-store')) return payload
  // A route with a tag of its own (a calendar feed's, from what it shows) answers its own 304.
  if (reply.hasHeader('ETag')) return payload
  const tag = tagOf(payload)
  reply.header('ETag', tag)
  if (noneMatch(request.headers['if-none-match'], tag)) return payload
  reply.code(304)
  reply.removeHeader('Content-Type')
  reply.removeHeader('Content-Length')
  // No body; HEAD's own hook (Fastify's) measures the payload, so it gets an empty one.
  return request.method === 'HEAD' ? '' : null
}

export function registerAnswerHeaders(app: FastifyInstance): void {
  const itemRoutes = new Map<string, string>()
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('GET')) return
    const collection = ITEM_ROUTE.exec(route.url)?.[1]
    if (collection && !itemRoutes.has(collection)) itemRoutes.set(collection, route.url)
  })
  const locations = new Map<string, string | null>()
  const itemRouteFor = (request: FastifyRequest): string | null => {
    const url = request.routeOptions.url
    if (!url) return null
    let item = locations.get(url)
    if (item === undefined) {
      item = itemRouteOf(url, itemRoutes)
      locations.set(url, item)
    }
    return item
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 201) {
      const item = itemRouteFor(request)
      const id = item ? createdIdOf(payload, identifyingFieldOf(item)) : null
      if (item && id) reply.header('Location', item.replace(/:[A-Za-z_]+$/, encodeURIComponent(id)))
    }
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', cacheControlOf(request))
    done(null, conditional(request, reply, payload) as typeof payload)
  })
}
