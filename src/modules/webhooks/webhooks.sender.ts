/**
 * One HTTP attempt of a delivery, over node:http with keep-alive, through the service's one way of
 * posting to an address a company gave (lib/outside-post): the receiver's address is checked after
 * DNS resolution, on the connection actually made, and redirects are not followed. How long an
 * attempt may take is the dispatcher's (its signal).
 */
import http from 'node:http'
import https from 'node:https'
import { outsideAgentOptions, postOutside } from '../../lib/outside-post.js'

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
  const agentOptions = outsideAgentOptions({
    allowPrivateNetworks: options.allowPrivateNetworks,
    maxSockets: options.maxSockets ?? 64,
  })
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) }

  async function send(
    url: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal,
  ): Promise<AttemptOutcome> {
    const started = performance.now()
    const { status, error } = await postOutside(url, headers, body, {
      allowPrivateNetworks: options.allowPrivateNetworks,
      agents,
      peer: 'the receiver',
      signal,
    })
    return {
      status,
      ok: error === null && status !== null && status >= 200 && status < 300,
      durationMs: Math.round(performance.now() - started),
      error,
    }
  }

  return {
    send,
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}
