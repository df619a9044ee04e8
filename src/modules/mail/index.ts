/**
 * Mail: the outbox of the messages the service sends, their dispatcher, and GET /mail-messages
 * (docs/decisions/0025-request-phases-and-module-ownership.md). This front door is what other parts
 * of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { mailApi } from './mail.routes.js'
export {
  type CredentialChange,
  type NoticeDetails,
  type NoticeKey,
  type NoticeRecipient,
  callerAsRecipient,
  queueCredentialNotice,
  queueKioskPinMail,
} from './credential-notices.js'
export { sendQueuedMail, startMailDispatcher } from './mail.dispatcher.js'
export type { MailDispatcher, MailDispatcherOptions, MailOutcome } from './mail.dispatcher.js'
export type { MailRetryPolicy } from './mail.logic.js'
export { mailApi } from './mail.routes.js'
export { mailBacklog, purgeMailMessages, queueMail } from './mail.service.js'
export type { QueuedMail } from './mail.service.js'
export { smtpMailer } from './mailer.js'
export type { Mailer, MailMessage, OutgoingMail } from './mailer.js'

declare module '../../http/module.js' {
  interface PlugContext {
    /**
     * Whether mail is set up (`SMTP_URL`), for the modules that mail people: null without it.
     * `queued` wakes this instance's dispatcher once a write that queued mail has committed.
     */
    mail: { queued(): void } | null
  }
}

/** How the module plugs into the application (http/module.ts). */
export const mailModule = defineModule({
  name: 'mail',
  documentPosition: 230,
  api: [mailApi],
})
