/**
 * A real HTTP server that receives webhooks in tests. Each request is recorded; `answer` decides
 * the status (or, returning null, never answers).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  path: string
  headers: IncomingHttpHeaders
  body: string
  at: number
}

export interface Receiver {
  url: string
  port: number
  received: ReceivedWebhook[]
  /** Waits until `count` requests matching `filter` have arrived (or fails after `timeoutMs`). */
  waitFor(count: number, filter?: (r: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>
  close(): Promise<void>
}

export type Answer = (
  request: ReceivedWebhook,
  index: number,
) => number | { status: number; headers: Record<string, string> } | null

export async function startReceiver(answer: Answer = () => 204, port = 0): Promise<Receiver> {
  const received: ReceivedWebhook[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const record = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      }
      received.push(record)
      const reply = answer(record, received.length - 1)
      if (reply === null) return // hang: the sender's timeout must end it
      const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply
      res.writeHead(status, headers).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actual = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    received,
    async waitFor(count, filter = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const matching = received.filter(filter)
        if (matching.length >= count) return matching
        if (Date.now() > deadline)
          throw new Error(
            `waited ${timeoutMs} ms for ${count} webhooks, got ${matching.length} (of ${received.length})`,
          )
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port nothing listens on now (a receiver that is down). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
