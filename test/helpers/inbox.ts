/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it accepts,
 * parsed with `mailparser`: tests read the mails the service really sent over SMTP. It can be made
 * slow (it holds each message before accepting it) or refuse messages, for a while (451) or for
 * good (550).
 *
 * A test file calls `useInboxForThisFile()` once, at its top: the server starts before the file's
 * tests and stops after them, and the inbox gives the `mail` options that make `buildApp` send
 * through it.
 */
import { after, before } from 'node:test'
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Kysely } from 'kysely'
import type { Database } from '../../src/db/schema.js'
import { type Mailer, sendQueuedMail, smtpMailer } from '../../src/modules/mail/index.js'

/** How the server answers a message: it takes it, or refuses it for good (550) or for a while (451). */
export type Refusal = false | true | 'permanently' | 'temporarily'

export interface Inbox {
  /** `smtp://127.0.0.1:<port>`: what `SMTP_URL` would be. */
  url: string
  messages: ParsedMail[]
  /** Messages received and held back right now, not accepted yet (see `delay`). */
  readonly holding: number
  /** The first accepted message that `predicate` holds for, once it has arrived. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>
  /** The next message to `to` that arrives (or has arrived and was not taken yet). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>
  /** Every accepted message to `to`, taken or not. */
  to(address: string): ParsedMail[]
  /**
   * Makes the server refuse the next messages: `true` or `'permanently'` with 550 (a mail server
   * that will never take them), `'temporarily'` with 451 (one that cannot take them now); `false`
   * takes them again.
   */
  refuse(how: Refusal): void
  /** Holds each message this long before accepting it (a slow or hanging mail server); 0: at once. */
  delay(ms: number): void
  close(): Promise<void>
}

/** The addresses a mail was sent to. */
export const recipientsOf = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address ?? ''))

export async function startInbox(options: { delayMs?: number } = {}): Promise<Inbox> {
  const messages: ParsedMail[] = []
  const taken = new Set<ParsedMail>()
  const waiting: (() => void)[] = []
  let refusing: Refusal = false
  let delayMs = options.delayMs ?? 0
  let holding = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        const refusal =
          refusing === 'temporarily'
            ? Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })
            : Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
        stream.resume()
        stream.on('end', () => callback(refusal))
        return
      }
      holding += 1
      simpleParser(stream)
        .then(async (mail) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
          messages.push(mail)
          for (const wake of waiting.splice(0)) wake()
          callback()
        })
        .catch(callback)
        .finally(() => {
          holding -= 1
        })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  async function waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs = 5000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = messages.find(predicate)
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no such mail within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get holding() {
      return holding
    },
    waitFor,
    async next(to, timeoutMs = 5000) {
      const found = await waitFor((mail) => !taken.has(mail) && recipientsOf(mail).includes(to), timeoutMs).catch(
        () => {
          throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
        },
      )
      taken.add(found)
      return found
    },
    to(address) {
      return messages.filter((mail) => recipientsOf(mail).includes(address))
    },
    refuse(how) {
      refusing = how
    },
    delay(ms) {
      delayMs = ms
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The inbox of one test file, and what makes the service send to it. */
export interface FileInbox extends Omit<Inbox, 'url' | 'messages' | 'close'> {
  readonly url: string
  readonly messages: ParsedMail[]
  /** The service's mailer, sending through this inbox (it connects on the first mail). */
  mailer: Mailer
  /** `buildApp({ mail })`'s options for this inbox: spread them to add dispatcher settings. */
  mail: { mailer: Mailer }
  /**
   * Sends what the service's mail outbox holds now through this inbox, for an app that runs no
   * dispatcher of its own (the test says when), at `clock`'s moment: answers how many were sent.
   */
  sendOutbox(db: Kysely<Database>, clock: () => number): Promise<number>
}

/**
 * Starts an inbox before this file's tests and stops it (and the mailer's connection) after them.
 * Call it at the top of the file: the server's port is known only once it listens, so the inbox
 * answers only inside tests and hooks, while its `mail` options can be given to the harness at once.
 */
export function useInboxForThisFile(options: { delayMs?: number } = {}): FileInbox {
  let started: Inbox | undefined
  let transport: Mailer | undefined
  const inbox = () => {
    if (!started) throw new Error('the inbox starts in before(): use it inside tests and hooks')
    return started
  }
  before(async () => {
    started = await startInbox(options)
  })
  after(async () => {
    await transport?.close()
    transport = undefined
    await started?.close()
  })
  const mailer: Mailer = {
    send: (message) => {
      transport ??= smtpMailer(inbox().url, 'Jornada <no-reply@jornada.example.com>')
      return transport.send(message)
    },
    close: async () => {
      await transport?.close()
      transport = undefined
    },
  }
  return {
    get url() {
      return inbox().url
    },
    get messages() {
      return inbox().messages
    },
    get holding() {
      return inbox().holding
    },
    waitFor: (predicate, timeoutMs) => inbox().waitFor(predicate, timeoutMs),
    next: (to, timeoutMs) => inbox().next(to, timeoutMs),
    to: (address) => inbox().to(address),
    refuse: (how) => inbox().refuse(how),
    delay: (ms) => inbox().delay(ms),
    mailer,
    mail: { mailer },
    async sendOutbox(db, clock) {
      const pending = await db.selectFrom('mail_messages').select('id').where('status', '=', 'pending').execute()
      const outcomes = await sendQueuedMail(
        db,
        pending.map((r) => r.id),
        { mailer, domain: 'jornada.example.com', clock },
      )
      return outcomes.filter((o) => o.outcome === 'sent').length
    },
  }
}

/** The token of the first Jornada link in a mail's text. */
export function tokenInMail(mail: ParsedMail, page: 'invitation' | 'password-reset'): string {
  const match = new RegExp(`/app/${page}#token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`)
  return match[1]!
}
