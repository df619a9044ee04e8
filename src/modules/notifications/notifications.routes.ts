import type { FastifyContextConfig } from 'fastify'
import { Type } from 'typebox'
import { scopeOfRequest, unitOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { NotificationSettings, UnsubscribeQuery, UpdateNotificationSettings } from './notifications.schemas.js'
import { getNotificationSettings, updateNotificationSettings } from './preferences.service.js'
import { unsubscribe } from './reminders.service.js'
import { confirmPage, donePage, languageOfBrowser, usedPage } from './unsubscribe.pages.js'

// A person's own settings, beside GET /me and the password: no scope, any key or session of theirs.
const operation = operations('Accounts')

/** What a mail program posts (RFC 8058), form-encoded; the page's button posts the same. */
const OneClickBody = Type.Object(
  { 'List-Unsubscribe': Type.Optional(Type.Literal('One-Click')) },
  { additionalProperties: false, description: '`List-Unsubscribe=One-Click`, as `application/x-www-form-urlencoded`' },
)

/**
 * The unsubscribe link's pages: no credential, the token is the authority (rate limited per
 * address). Pages for a browser or a mail program, not operations of the API: they are left out
 * of its description, as the app's pages are, and documented in docs/notifications.md.
 */
function unsubscribePage<const B extends object>(body: B) {
  return {
    config: { access: 'public' } as FastifyContextConfig,
    schema: { hide: true, querystring: UnsubscribeQuery, ...body },
  }
}

/** A write of the caller's own with no scope: in the request's transaction, audited under its id. */
function ownWrite<const S extends Omit<Parameters<typeof operation>[1], 'operationId'>>(id: string, spec: S) {
  const { config, schema } = operation('me', { ...spec, operationId: id })
  return { config: { ...config, ownWrite: true } as FastifyContextConfig, schema }
}

export const notificationsApi: ApiModule = {
  schemas: [NotificationSettings],
  routes: () => async (app) => {
    app.get(
      '/me/notifications',
      operation('me', {
        operationId: 'me.notifications.get',
        summary: 'The caller’s reminders: each kind on or off by mail and push, and their language',
        description:
          'What the person is reminded of (docs/notifications.md): a session left open past the day’s expected end, a correction waiting for their consent, the daily digest of what waits for their decision (supervisors and HR), a month ready to sign, overtime to rest before its deadline. What they have not chosen follows the company’s defaults (`notification_defaults` of GET /tenant).',
        response: { 200: DataOf(Type.Ref('NotificationSettings')) },
      }),
      async (request) => ({ data: await getNotificationSettings(scopeOfRequest(request)) }),
    )
    app.patch(
      '/me/notifications',
      ownWrite('me.notifications.update', {
        summary: 'Turn the caller’s reminders on or off by channel, or choose their language',
        description:
          'Only the kinds and channels named change; what the person never chose keeps following the company’s defaults. `language: null` goes back to the company’s language.',
        body: UpdateNotificationSettings,
        response: { 200: DataOf(Type.Ref('NotificationSettings')) },
      }),
      async (request) => ({ data: await updateNotificationSettings(scopeOfRequest(request), request.body) }),
    )
    // A mail program's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    app.get(
      '/notifications/unsubscribe',
      // Changes nothing (mail scanners open links): a button posts to the same link.
      unsubscribePage({}),
      async (request, reply) => {
        const language = languageOfBrowser(request.headers['accept-language'])
        return reply.type('text/html; charset=utf-8').send(confirmPage(language, request.query.token))
      },
    )
    app.post(
      '/notifications/unsubscribe',
      // The token is single purpose and works once: it turns the kind of its reminder off by mail
      // for its recipient, nothing else. A used or unknown one is 404, with a page saying so.
      unsubscribePage({ body: OneClickBody }),
      async (request, reply) => {
        const done = await unsubscribe(unitOfRequest(request), request.query.token)
        const language = done?.language ?? languageOfBrowser(request.headers['accept-language'])
        return reply
          .status(done ? 200 : 404)
          .type('text/html; charset=utf-8')
          .send(done ? donePage(language, done.kind) : usedPage(language))
      },
    )
  },
}
