/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it accepts,
 * parsed with `mailparser`: tests read the mails the service really sent over SMTP. It can be made
 * slow (it holds each message before accepting it) or refuse messages, for a while (451) or for
 * good (550).
 */
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { type Mailer, smtpMailer } from '../../src/modules/mail/index.js'

/** How the server answers a message: it takes it, or refuses it for good (550) or for a while (451). */
export type Refusal = false | true | 'permanently' | 'temporarily'

export interface Inbox {
  /** `smtp://127.0.0.1:<port>`: what `SMTP_URL` would be. */
  url: string
  messages: ParsedMail[]
  /** Messages received and held back right now, not accepted yet (see `delayMs`). */
  readonly holding: number
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
  const recipientOf = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address))
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get holding() {
      return holding
    },
    async next(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find((mail) => !taken.has(mail) && recipientOf(mail).includes(to))
        if (found) {
          taken.add(found)
          return found
        }
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiting.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    to(address) {
      return messages.filter((mail) => recipientOf(mail).includes(address))
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

/** The token of the first Jornada link in a mail's text. */
export function tokenInMail(mail: ParsedMail, page: 'invitation' | 'password-reset'): string {
  const match = new RegExp(`/app/${page}#token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`)
  return match[1]!
}

/**
 * The service's mailer for a test file whose inbox starts in `before` (its port is known only once
 * it listens): it connects on the first mail. `close` ends the connection, once the file is done.
 */
export function mailerInto(inbox: () => Inbox): Mailer {
  let transport: Mailer | undefined
  return {
    send: (message) => {
      transport ??= smtpMailer(inbox().url, 'Jornada <no-reply@jornada.example.com>')
      return transport.send(message)
    },
    close: async () => {
      await transport?.close()
      transport = undefined
    },
  }
}
