/**
 * One POST to an address a company gave the service (a webhook's receiver, a phone's push
 * service), over node:http(s). The address is checked after DNS resolution, on the connection
 * actually made, so a name that resolves to a private address (or is re-pointed at one later) is
 * refused too; an address written in the URL is checked here, since it is connected to without a
 * lookup. Redirects are not followed: a 3xx is a failure. Only the status is read. The caller's
 * signal says how long it may take: an aborted request is destroyed.
 */
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { RefusedAddress, isPublicAddress, publicOnlyLookup } from './public-network.js'

export interface OutsidePostOptions {
  /** Let the address be on loopback and private networks (tests, trials): no check at all. */
  allowPrivateNetworks: boolean
  /** Keep-alive agents of the caller's, by protocol; none: a connection per request. */
  agents?: { 'http:': http.Agent; 'https:': https.Agent }
  /** Who answers, for the error messages: "the receiver", "the push service". */
  peer: string
  signal: AbortSignal
}

/** The status that came back (null when none did) and, unless it was a 2xx, why it failed. */
export interface OutsideAnswer {
  status: number | null
  error: string | null
}

/** Options for keep-alive agents whose connections are checked like a single request's. */
export function outsideAgentOptions(options: { allowPrivateNetworks: boolean; maxSockets: number }) {
  return {
    keepAlive: true,
    maxSockets: options.maxSockets,
    ...(options.allowPrivateNetworks ? {} : { lookup: publicOnlyLookup }),
  }
}

export function postOutside(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  options: OutsidePostOptions,
): Promise<OutsideAnswer> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return Promise.resolve({ status: null, error: 'the URL is not valid' })
  }
  const literal = target.hostname.replace(/^\[|\]$/g, '')
  if (!options.allowPrivateNetworks && isIP(literal) && !isPublicAddress(literal)) {
    return Promise.resolve({ status: null, error: `${literal} is not a public address` })
  }
  const protocol = target.protocol === 'https:' ? https : http
  const connection = options.agents
    ? { agent: options.agents[target.protocol as 'http:' | 'https:'] }
    : options.allowPrivateNetworks
      ? {}
      : { lookup: publicOnlyLookup }
  const { signal } = options
  // The length is the body's, whatever the caller's headers say (in whichever case they say it).
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'))
  return new Promise((resolve) => {
    let settled = false
    const finish = (answer: OutsideAnswer) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', abort)
      resolve(answer)
    }
    const request = protocol.request(
      target,
      { method: 'POST', ...connection, headers: { ...sent, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        // The body is not read: only the status counts. Draining it lets the socket be reused.
        response.resume()
        const status = response.statusCode ?? null
        if (status !== null && status >= 300 && status < 400) {
          const location = response.headers.location
          return finish({
            status,
            error: `redirect${location ? ` to ${String(location).slice(0, 200)}` : ''} not followed`,
          })
        }
        finish({
          status,
          error: status !== null && status >= 200 && status < 300 ? null : `${options.peer} answered ${status}`,
        })
      },
    )
    const abort = () => {
      request.destroy()
      finish({
        status: null,
        error: signal.reason instanceof Error ? signal.reason.message : 'the attempt was aborted',
      })
    }
    if (signal.aborted) abort()
    else signal.addEventListener('abort', abort)
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        status: null,
        error:
          error instanceof RefusedAddress ? error.message : `${error.code ?? 'error'}: ${error.message}`.slice(0, 300),
      }),
    )
    request.end(body)
  })
}
