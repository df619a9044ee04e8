/**
 * A typed client for the Jornada API.
 *
 * - Every path, parameter and answer is typed from the OpenAPI document (./schema.ts), through
 *   openapi-fetch: `jornada.api.GET('/api/v1/users/{user_id}', { params: { path: { user_id } } })`.
 * - Requests are retried on network failures, 429, 503 and the like, waiting what `Retry-After`
 *   says; writes carry an `Idempotency-Key` made once per call, so a retried write is never
 *   recorded twice.
 * - `pages()` walks a list page by page; `events()` reads the event stream from a cursor.
 * - `verifyWebhook()` checks a delivery's Standard Webhooks signature.
 */
import createClient, { type Client } from 'openapi-fetch'
import type { components, paths } from './schema.js'

export type { components, paths } from './schema.js'
export {
  type EventOfType,
  type JornadaEvent,
  type JornadaEventType,
  type VerifyOptions,
  WebhookVerificationError,
  verifyWebhook,
} from './webhooks.js'

export type Schemas = components['schemas']

/**
 * Whether a user of `GET /api/v1/users` came in the full form (`detail=full`, where the caller may
 * see it) or the reduced one: OpenAPI cannot tie an answer's type to a query parameter, so the
 * list's items are typed as either, and this narrows them. Only the full form has `created_at`.
 */
export function isFullUser(user: Schemas['UserFull'] | Schemas['UserReduced']): user is Schemas['UserFull'] {
  return 'created_at' in user
}

export interface JornadaOptions {
  /** The service's origin, e.g. https://jornada.example.com */
  baseUrl: string
  /** An API key: `jnd_...` */
  apiKey: string
  /** Attempts after the first (default 4). 0 turns retries off. */
  maxRetries?: number
  /** The longest wait between attempts, whatever Retry-After says (default 30 s). */
  maxRetryDelayMs?: number
  /** The fetch to use (default: the global one). */
  fetch?: (request: Request) => Promise<Response>
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/**
 * Answers worth another attempt: rate limited, overloaded or unavailable, a request with the same
 * Idempotency-Key still running (409 with Retry-After), and 500 (a write that failed was rolled
 * back, and the same Idempotency-Key makes the retry safe).
 */
function isRetriable(response: Response): boolean {
  if ([429, 500, 502, 503, 504].includes(response.status)) return true
  return response.status === 409 && response.headers.has('retry-after')
}

/** Retry-After in ms: seconds or an HTTP date. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after')
  if (!value) return null
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}

/** Exponential backoff with full jitter: 0.25 s, 0.5 s, 1 s ... on average half that. */
function backoffMs(attempt: number): number {
  return Math.random() * 250 * 2 ** attempt
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })

/** The fetch the typed client uses: the key, an Idempotency-Key on writes, and retries. */
export function retryingFetch(options: JornadaOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request))
  const maxRetries = options.maxRetries ?? 4
  const maxDelay = options.maxRetryDelayMs ?? 30_000
  return async (request) => {
    const headers = new Headers(request.headers)
    headers.set('authorization', `Bearer ${options.apiKey}`)
    // One key for every attempt of this call: that is what makes the retries safe.
    if (WRITE_METHODS.has(request.method) && !headers.has('idempotency-key'))
      headers.set('idempotency-key', crypto.randomUUID())
    const body = request.body ? await request.arrayBuffer() : null
    for (let attempt = 0; ; attempt++) {
      const attemptRequest = new Request(request.url, { method: request.method, headers, body, signal: request.signal })
      let response: Response
      try {
        response = await send(attemptRequest)
      } catch (error) {
        if (attempt >= maxRetries || request.signal?.aborted) throw error
        await sleep(Math.min(maxDelay, backoffMs(attempt)), request.signal)
        continue
      }
      if (attempt >= maxRetries || !isRetriable(response)) return response
      const wait = Math.min(maxDelay, retryAfterMs(response) ?? backoffMs(attempt))
      await response.body?.cancel()
      await sleep(wait, request.signal)
    }
  }
}

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never
type GetOk<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never
type GetQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never
type GetPathParams<P extends keyof paths> = paths[P] extends { get: { parameters: { path?: infer X } } } ? X : never

/** Paths whose GET answers a page: `{ data: [...], meta: { page, page_size, total } }`. */
export type PagedPath = {
  [P in keyof paths]: GetOk<P> extends { data: unknown[]; meta: { page: number; total: number } } ? P : never
}[keyof paths]
export type ItemOf<P extends PagedPath> = GetOk<P> extends { data: (infer I)[] } ? I : never
/** A page's body, as far as `pages()` reads it. */
type PageOf<I> = { data: I[]; meta: { page_size: number; total: number } }

export interface Jornada {
  /** The typed openapi-fetch client: GET, POST, PATCH, DELETE on every path of the API. */
  api: Client<paths>
  /** Every item of a list, fetching page after page (`page_size` 100 unless given). */
  pages<P extends PagedPath>(
    path: P,
    options?: { query?: Omit<GetQuery<P>, 'page'>; path?: GetPathParams<P> },
  ): AsyncGenerator<ItemOf<P>>
  /** The event stream oldest first from `after` (or the oldest kept), until it is read to the end. */
  events(options?: { after?: string; type?: string; pageSize?: number }): AsyncGenerator<EventItem>
}

/** An event of the stream: the union of every event type (`JornadaEvent`). */
export type EventItem = GetOk<'/api/v1/events'> extends { data: (infer E)[] } ? E : never

/** A refused request: the contract's error body, with the HTTP status. */
export class JornadaError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message)
    this.name = 'JornadaError'
  }
}

function raise(response: Response, error: unknown): never {
  const body = (error ?? {}) as {
    error?: { code?: string; message?: string; details?: { field: string; message: string }[] }
  }
  throw new JornadaError(
    response.status,
    body.error?.code ?? 'unknown',
    body.error?.message ?? `HTTP ${response.status}`,
    body.error?.details,
  )
}

export function createJornada(options: JornadaOptions): Jornada {
  const api = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: retryingFetch(options) })
  // The typed client's overloads cannot be picked for a path chosen at run time: `D` is what the caller
  // knows the path answers.
  const get = api.GET as unknown as <D>(
    path: string,
    init: { params: { query?: object; path?: object } },
  ) => Promise<{ data?: D; error?: unknown; response: Response }>

  return {
    api,
    async *pages(path, pageOptions = {}) {
      const query = { page_size: 100, ...(pageOptions.query as object) }
      for (let page = 1; ; page++) {
        const { data, error, response } = await get<PageOf<ItemOf<typeof path>>>(path, {
          params: { query: { ...query, page }, ...(pageOptions.path ? { path: pageOptions.path } : {}) },
        })
        if (!data) raise(response, error)
        yield* data.data
        if (page * data.meta.page_size >= data.meta.total || data.data.length === 0) return
      }
    },
    async *events(eventOptions = {}) {
      let after: string | null | undefined = eventOptions.after
      for (;;) {
        const query: { page_size: number; after?: string; type?: string } = {
          page_size: eventOptions.pageSize ?? 500,
          ...(after ? { after } : {}),
          ...(eventOptions.type ? { type: eventOptions.type } : {}),
        }
        const { data, error, response } = await get<GetOk<'/api/v1/events'>>('/api/v1/events', { params: { query } })
        if (!data) raise(response, error)
        yield* data.data
        if (!data.meta.has_more) return
        after = data.meta.next_after
      }
    },
  }
}
