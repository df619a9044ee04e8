/**
 * One HTTP attempt of a delivery, over node:http with keep-alive. The receiver's address is
 * checked after DNS resolution, on the connection actually made, so a name that resolves to a
 * private address (or is re-pointed at one after the subscription was made) is refused too.
 * Redirects are not followed: a 3xx is a failed attempt. How long an attempt may take is the
 * dispatcher's (its signal): an aborted attempt's request is destroyed.
 */
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { RefusedAddress, isPublicAddress, publicOnlyLookup } from '../../lib/public-network.js'

export interface AttemptOutcome {
  /** The receiver's HTTP status, or null when none came (refused, timed out, connection failed). */
  status: number | null
  ok: boolean
  durationMs: number
  error: string | null
}

export interface Sender {
  send(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<AttemptOutcome>
  close(): void
}

export function createSender(options: { allowPrivateNetworks: boolean; maxSockets?: number }): Sender {
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
    ...(options.allowPrivateNetworks ? {} : { lookup: publicOnlyLookup }),
  }
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) }

  function send(
    url: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal,
  ): Promise<AttemptOutcome> {
    const started = performance.now()
    const done = (status: number | null, error: string | null): AttemptOutcome => ({
      status,
      ok: error === null && status !== null && status >= 200 && status < 300,
      durationMs: Math.round(performance.now() - started),
      error,
    })
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return Promise.resolve(done(null, 'the URL is not valid'))
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '')
    // An address written in the URL is connected to without a lookup: check it here.
    if (!options.allowPrivateNetworks && isIP(literal) && !isPublicAddress(literal)) {
      return Promise.resolve(done(null, `${literal} is not a public address`))
    }
    const protocol = target.protocol === 'https:' ? https : http
    const agent = agents[target.protocol as 'http:' | 'https:']
    return new Promise((resolve) => {
      let settled = false
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return
        settled = true
        signal.removeEventListener('abort', abort)
        resolve(outcome)
      }
      const request = protocol.request(
        target,
        { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (response) => {
          // The body is not read: only the status counts. Draining it lets the socket be reused.
          response.resume()
          const status = response.statusCode ?? null
          if (status !== null && status >= 300 && status < 400) {
            return finish(
              done(
                status,
                `redirect${response.headers.location ? ` to ${String(response.headers.location).slice(0, 200)}` : ''} not followed`,
              ),
            )
          }
          finish(
            done(status, status !== null && status >= 200 && status < 300 ? null : `the receiver answered ${status}`),
          )
        },
      )
      const abort = () => {
        request.destroy()
        finish(done(null, signal.reason instanceof Error ? signal.reason.message : 'the attempt was aborted'))
      }
      if (signal.aborted) abort()
      else signal.addEventListener('abort', abort)
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish(
          done(
            null,
            error instanceof RefusedAddress
              ? error.message
              : `${error.code ?? 'error'}: ${error.message}`.slice(0, 300),
          ),
        ),
      )
      request.end(body)
    })
  }

  return {
    send,
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}
