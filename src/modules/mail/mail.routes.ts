import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { ListOf } from '../../lib/schemas.js'
import { ListMailMessagesQuery, MailMessageItem } from './mail.schemas.js'
import { listMailMessages } from './mail.service.js'

const operation = operations('Mail')

export const mailApi: ApiModule = {
  schemas: [MailMessageItem],
  routes: () => async (app) => {
    app.get(
      '/mail-messages',
      operation('mail.list', {
        summary: 'The mail the service sends for the company, newest first, and whether each went (administrators)',
        description:
          'Invitations and password resets are queued with the write that makes them and sent after it commits, with retries: a mail server that refuses for a while (4xx) or does not answer is tried again with growing waits for up to a day (a reset’s link lasts an hour, and its mail is not sent later than that); one that refuses for good (5xx) fails the message at once. Messages are kept 30 days after they were sent or failed. Neither the body nor the link is ever shown.',
        querystring: ListMailMessagesQuery,
        response: { 200: ListOf(Type.Ref('MailMessage')) },
      }),
      async (request) => listMailMessages(scopeOfRequest(request), request.query),
    )
  },
}
