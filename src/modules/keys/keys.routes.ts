import { afterCommit, beginWrite, preparingScopeOf, scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { ApiKey, CreateKeyBody, CreatedApiKey, KeyIdParams, ListKeysQuery } from './keys.schemas.js'
import * as service from './keys.service.js'
import { type PasswordGuessThrottle, assertRecentSignIn } from './step-up.service.js'

const operation = operations('API keys')

/**
 * What the key routes depend on: whether mail is set up (the notice of a new personal key), and
 * the failed-sign-in counters a step-up's password is counted in.
 */
export interface KeysSettings {
  mail: { queued(): void } | null
  throttle: PasswordGuessThrottle
}

export const keysApi = (settings: KeysSettings): ApiModule => ({
  schemas: [ApiKey, CreatedApiKey],
  routes: () => async (app) => {
    const { mail } = settings
    app.get(
      '/keys',
      operation('keys.list', {
        summary:
          'API keys, oldest first, never their secrets: all of the company’s for administrators, those acting as me for a member',
        querystring: ListKeysQuery,
        response: { 200: ListOf(ApiKey) },
      }),
      async (request) => service.listKeysOf(scopeOfRequest(request), request.query),
    )
    app.post(
      '/keys',
      operation('keys.create', {
        summary: 'Create an API key; the secret is in this answer only',
        description:
          'The new key holds only scopes the caller holds (403 `scope_escalation`) and acts as an active user of the company. Administrators create keys acting as anyone; a member creates keys acting as themselves only, from their session or a personal key (403 `personal_credential_required` otherwise), and `scopes` then defaults to the caller’s. A key created by a person with their own credential, acting as that person, is personal (`personal: true`): it may clock in, sign the month and consent to corrections as them. An inspector key (`kind: "inspector"`, administrators only) must expire within 90 days and may hold only the read scopes of the time record; every request made with it is written to the access log. From a session, a key is lasting access: the session must have signed in within the last 10 minutes, or send `current_password` (403 `recent_sign_in_required`), checked and throttled like a sign-in (a wrong one counts as a failed sign-in; 429 `login_throttled` with `Retry-After` after ten from one address).',
        body: CreateKeyBody,
        response: { 201: DataOf(CreatedApiKey) },
        errors: [404, 409],
        prepares: true,
      }),
      async (request, reply) => {
        // The password's scrypt, if sent, runs before the write's transaction.
        await assertRecentSignIn(preparingScopeOf(request), request.body.current_password, 'Creating an API key', {
          throttle: settings.throttle,
          address: request.ip,
        })
        const scope = await beginWrite(request)
        const key = await service.issueKey(scope, request.body, mail !== null)
        if (mail) afterCommit(request, () => mail.queued())
        return reply.status(201).send({ data: key })
      },
    )
    app.get(
      '/keys/:key_id',
      operation('keys.list', {
        operationId: 'keys.get',
        summary:
          'Get an API key (scope keys.list): any of the company’s for administrators, one acting as me for a member',
        params: KeyIdParams,
        response: { 200: DataOf(ApiKey) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getKey(scopeOfRequest(request), request.params.key_id) }),
    )
    app.post(
      '/keys/:key_id/revoke',
      operation('keys.revoke', {
        summary: 'Revoke an API key; it stops working at once, for good',
        description:
          'Administrators revoke any key of the company; a member revokes the keys they created (403 for one an administrator made for them). Revoking a revoked key changes nothing and answers it as it is.',
        params: KeyIdParams,
        response: { 200: DataOf(ApiKey) },
        errors: [404],
      }),
      async (request) => ({ data: await service.revokeKeyOf(scopeOfRequest(request), request.params.key_id) }),
    )
  },
})
