/**
 * Mail: the outbox of the messages the service sends, their dispatcher, and GET /mail-messages
 * (docs/decisions/0025-request-phases-and-module-ownership.md). This front door is what other parts
 * of the service may use of the module.
 */
export { sendQueuedMail, startMailDispatcher } from './mail.dispatcher.js'
export type { MailDispatcher, MailDispatcherOptions, MailOutcome } from './mail.dispatcher.js'
export type { MailRetryPolicy } from './mail.logic.js'
export { mailApi } from './mail.routes.js'
export { mailBacklog, purgeMailMessages, queueMail } from './mail.service.js'
export type { QueuedMail } from './mail.service.js'
export { smtpMailer } from './mailer.js'
export type { Mailer, MailMessage, OutgoingMail } from './mailer.js'
