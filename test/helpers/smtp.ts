/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it accepts,
 * parsed with `mailparser`: tests read the mails the service really sent over SMTP.
 */
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { type Mailer, smtpMailer } from '../../src/modules/accounts/index.js'

export interface Inbox {
  /** `smtp://127.0.0.1:<port>`: what `SMTP_URL` would be. */
  url: string
  messages: ParsedMail[]
  /** The next message to `to` that arrives (or has arrived and was not taken yet). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>
  /** Makes the server refuse the next messages (a mail server that is down for them). */
  refuse(on: boolean): void
  close(): Promise<void>
}

export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = []
  const taken = new Set<ParsedMail>()
  const waiting: (() => void)[] = []
  let refusing = false
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume()
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })))
        return
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail)
          for (const wake of waiting.splice(0)) wake()
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const recipientOf = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address))
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
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
    refuse(on) {
      refusing = on
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
