/**
 * One way to declare an operation of the API. A module names its operation (the scope it needs,
 * which is also its OpenAPI operationId), says what it is, and gives its schemas; what can be
 * derived is derived here: the scope check's config, the tag, and the error responses. Every key
 * route can answer 400 (validation, or query parameters it does not take), 401, 403 and 429; a
 * route with a body also 413 and 415. What cannot be derived, the route says: 404 when it looks
 * something up, 409 when the state can refuse it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyContextConfig } from 'fastify'
import type { TSchema } from 'typebox'
import type { Scope } from '../auth/scopes.js'
import type { SecretBox } from '../lib/secret-box.js'
import type { ReadsSpec } from './read-pipeline.js'
import { errorResponses } from './responses.js'

/** Statuses an operation may answer that its schemas do not tell. */
export type DomainStatus = 404 | 409

export interface OperationSpec {
  summary: string
  description?: string
  params?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** The success responses, e.g. `{ 200: DataOf(User) }`. */
  response: Record<number, TSchema>
  /** 404 when the operation looks up a resource (by path or by an id in the body), 409 for state conflicts. */
  errors?: readonly DomainStatus[]
  /**
   * The OpenAPI operationId when it differs from the scope: for a second operation that the same
   * scope enables (the decision records name one read scope for a list and its item, e.g. keys in
   * docs/decisions/0011-reports-sign-off-and-inspector-keys.md).
   */
  operationId?: string
  /**
   * A read (or batch) whose cost grows with its input, such as a year-long summary: limited per
   * key in how many run at once (http/overload.ts).
   */
  expensive?: true
  /**
   * A write that prepares before it writes (docs/decisions/0025-request-phases-and-module-ownership.md):
   * its transaction does not begin before the handler; the handler hashes, asks outside services
   * and reads on `preparingScopeOf(request)`, then writes on `await beginWrite(request)`
   * (http/request-scope.ts).
   */
  prepares?: true
  /**
   * What a read gives out, and so which steps of the read pipeline it takes (http/read-pipeline.ts,
   * docs/decisions/0025-request-phases-and-module-ownership.md): access-logged records, the read
   * replica, a lazy settlement first. Every route an inspector key can reach declares it.
   */
  reads?: ReadsSpec
}

const EXPENSIVE_NOTE =
  'Its cost grows with its input, so a key may run only a few of these at once (`EXPENSIVE_REQUESTS_PER_KEY`, 2 by default): beyond that, 429 `concurrency_limited` with `Retry-After`.'

/**
 * The operations of one OpenAPI tag. `me` is the one operation that needs no scope; every other
 * operation's id is the scope it needs.
 */
export function operations(tag: string) {
  return function operation<const S extends OperationSpec>(id: Scope | 'me', spec: S) {
    const {
      summary,
      description,
      errors = [],
      response,
      operationId = id,
      expensive,
      prepares,
      reads,
      ...schemas
    } = spec
    const statuses: number[] = [400, ...errors]
    if (schemas.body) statuses.push(413, 415)
    return {
      config: {
        ...(id === 'me' ? {} : { scope: id }),
        ...(expensive ? { expensive } : {}),
        ...(prepares ? { prepares } : {}),
        ...(reads ? { reads } : {}),
      } as FastifyContextConfig,
      schema: {
        operationId,
        tags: [tag],
        summary,
        ...(description || expensive
          ? { description: [description, expensive ? EXPENSIVE_NOTE : ''].filter(Boolean).join(' ') }
          : {}),
        ...(schemas as Omit<
          S,
          'summary' | 'description' | 'errors' | 'response' | 'operationId' | 'expensive' | 'prepares' | 'reads'
        >),
        response: { ...response, ...errorResponses(...statuses) } as S['response'],
      },
    }
  }
}

/**
 * The operations of a kiosk device (docs/decisions/0013-kiosks.md), called with its device token instead
 * of an API key.
 */
export type KioskOperationId =
  | 'kiosk.device'
  | 'kiosk.identify'
  | 'kiosk.punch'
  | 'kiosk.change-pin'
  | 'kiosk.accept-correction'

/**
 * A kiosk operation: it needs a device token (an API key is refused with 403) and no scope; its
 * operationId is its own name.
 */
export function kioskOperation<const S extends Omit<OperationSpec, 'operationId'>>(id: KioskOperationId, spec: S) {
  const { config, schema } = operations('Kiosk')('me', { ...spec, operationId: id })
  return { config: { ...config, access: 'kiosk' } as FastifyContextConfig, schema }
}

/**
 * The operations of signing in, called without a key or session
 * (docs/decisions/0016-accounts-and-sign-in.md).
 */
export type AccountOperationId =
  | 'auth.login'
  | 'auth.password-reset'
  | 'auth.password-reset.complete'
  | 'auth.passkeys.login-options'
  | 'auth.passkeys.login'

/**
 * An operation of signing in: no credential needed, rate limited per address like the documents
 * (and sign-in throttled further per email and address by the accounts module).
 */
export function accountOperation<const S extends Omit<OperationSpec, 'operationId'>>(id: AccountOperationId, spec: S) {
  const { config, schema } = operations('Accounts')('me', { ...spec, operationId: id })
  return { config: { ...config, access: 'public' } as FastifyContextConfig, schema }
}

/**
 * An operation anyone may call without a key: health probes (never rate limited, they must answer
 * whatever an address has done) and the documents (rate limited per address).
 */
export function publicOperation(
  operationId: 'health' | 'ready' | 'openapi',
  summary: string,
  options: { response: Record<number, TSchema>; rateLimited?: boolean },
) {
  return {
    config: { access: 'public', ...(options.rateLimited ? {} : { rateLimit: false }) } as FastifyContextConfig,
    schema: { operationId, tags: ['Operations'], summary, response: options.response },
  }
}

/**
 * What every module's routes are given. No database handle and no clock: a handler reaches both
 * through its request's scope (http/request-scope.ts), so it cannot step outside the request's
 * unit of work.
 */
export interface RouteDeps {
  /** Where webhook subscriptions may point: the public internet only, unless the operator allows more. */
  webhooks: { allowPrivateNetworks: boolean }
  /** Seals the secrets the service must read back (`SECRETS_KEY`); null when the operator set none. */
  secrets: SecretBox | null
  /** Where companies' identity providers may be: the public internet only, unless the operator allows more. */
  identityProviders: { allowPrivateNetworks: boolean }
  /** The service's public address (`PUBLIC_URL`), for addresses it hands out; null: the request's own. */
  publicUrl: string | null
}

/**
 * A module as the application sees it: the shared schemas it declares (referenced by `$id` from
 * its operations and in the OpenAPI components) and its routes.
 */
export interface ApiModule {
  schemas?: readonly TSchema[]
  routes(deps: RouteDeps): FastifyPluginAsyncTypebox
}
