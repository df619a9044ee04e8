/**
 * Signing in and out, one's sessions and one's password
 * (docs/decisions/0016-accounts-and-sign-in.md). Sign-in needs no credential; the rest are the
 * signed-in person's own, with no scope of their own (like `me`).
 */
import { Type } from 'typebox'
import { afterCommit, beginWrite, preparingScopeOf, scopeOfRequest, unitOfRequest } from '../../http/request-scope.js'
import { type ApiModule, accountOperation, operations } from '../../http/route.js'
import { signedInCookies, signedOutCookies } from '../../http/session-cookie.js'
import { DataOf } from '../../lib/schemas.js'
import { type SessionPolicy, assertRecentSignIn, standingPersonalKeysOf } from '../keys/index.js'
import { callerAsRecipient, queueCredentialNotice } from '../mail/index.js'
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify'
import type { Unit } from '../../db/unit-of-work.js'
import { AppError } from '../../errors.js'
import { UserIdParams } from '../users/index.js'
import { completePasswordReset, inviteUser, requestPasswordReset } from './account-links.service.js'
import {
  ChangePasswordBody,
  CompleteResetBody,
  Invitation,
  LoginBody,
  Passkey,
  PasskeyIdParams,
  PasskeyLoginBody,
  PasskeyRegistrationBody,
  ResetAccepted,
  ResetRequestBody,
  Session,
  SessionIdParams,
  SignedIn,
  StepUpBody,
  WebAuthnOptions,
} from './accounts.schemas.js'
import type { LoginThrottle } from './login-throttle.js'
import {
  type RelyingParty,
  deleteOwnPasskey,
  listOwnPasskeys,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  relyingPartyAt,
  signInWithPasskey,
} from './passkeys.service.js'
import { changeOwnPassword, prepareOwnPassword } from './password-change.service.js'
import {
  type SignedIn as SignedInSession,
  endOwnSession,
  listOwnSessions,
  signIn,
  signInAnswer,
  signOut,
} from './sign-in.service.js'

/** What signing in depends on, given by the application from its configuration. */
export interface AccountsSettings {
  session: SessionPolicy
  throttle: LoginThrottle
  /** Cookies are Secure when the service is reached over https (`PUBLIC_URL`). */
  secureCookies: boolean
  /** The service's public address (`PUBLIC_URL`), base of the links in mails; null: the request's own origin. */
  publicUrl: string | null
  /**
   * Invitations and resets go by mail, through the outbox, when a mail server is configured
   * (`SMTP_URL`); null without one. `queued` wakes this instance's dispatcher once a write that
   * queued mail has committed, so the mail goes now rather than at the next poll.
   */
  mail: { queued(): void } | null
}

const operation = operations('Accounts')

/** An operation of the caller's own that writes: in the request's transaction, audited under its id. */
function ownWrite<const S extends Omit<Parameters<typeof operation>[1], 'operationId'>>(id: string, spec: S) {
  const { config, schema } = operation('me', { ...spec, operationId: id })
  return { config: { ...config, ownWrite: true } as FastifyContextConfig, schema }
}

/** The origin links point at: `PUBLIC_URL`, else the one the request came to (an administrator's own). */
function linkBase(settings: AccountsSettings, request: FastifyRequest): string {
  return settings.publicUrl ?? `${request.protocol}://${request.host}`
}

/**
 * Passkeys are bound to `PUBLIC_URL`'s host. Without it only a service reached on localhost (a
 * developer's) takes the request's host: elsewhere the Host header, which a proxy in front of a
 * look-alike domain could set, would decide which origin's passkeys are accepted.
 */
function relyingParty(settings: AccountsSettings, request: FastifyRequest): RelyingParty {
  if (settings.publicUrl) return relyingPartyAt(settings.publicUrl)
  const host = request.hostname
  if (host !== 'localhost' && !host.endsWith('.localhost'))
    throw new AppError(
      'passkeys_need_public_url',
      'Passkeys need the address people reach the service at: the administrator sets PUBLIC_URL',
    )
  return relyingPartyAt(`${request.protocol}://${request.host}`)
}

export function accountsApi(settings: AccountsSettings): ApiModule {
  const cookies = { secure: settings.secureCookies }
  const mail = settings.mail
  /**
   * What a request leaves to do once its answer has gone (a reset asked for without signing in:
   * finding the accounts, making their links and queuing their mails), and the work of that kind
   * still running, which closing the service waits for.
   */
  const afterAnswer = new WeakMap<FastifyRequest, () => Promise<void>>()
  const running = new Set<Promise<void>>()
  const runAfterAnswer = {
    onResponse(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
      const work = afterAnswer.get(request)
      if (work) {
        const run: Promise<void> = work()
          .catch((error: unknown) => request.log.error({ err: error }, 'work after the answer failed'))
          .finally(() => running.delete(run))
        running.add(run)
      }
      done()
    },
  }
  /** A sign-in's answer: the cookie, never cached, and who signed in with the CSRF token. */
  async function answerSignedIn(reply: FastifyReply, unit: Unit, signedIn: SignedInSession) {
    reply.header('Set-Cookie', signedInCookies(signedIn.session, unit.now, cookies))
    reply.header('Cache-Control', 'no-store')
    return { data: await signInAnswer(unit, signedIn) }
  }
  return {
    schemas: [SignedIn, Session, Invitation, Passkey],
    routes: () => async (app) => {
      app.addHook('onClose', async () => {
        await Promise.all(running)
      })
      app.post(
        '/auth/login',
        accountOperation('auth.login', {
          summary: 'Sign in with email and password: a session cookie and the CSRF token its writes need',
          description:
            'Sets the session cookie, `__Host-jornada_session` over https (`jornada_session` over http; HttpOnly, SameSite=Strict, Secure over https, for `SESSION_MAX_HOURS`, 12 by default, or with `remember: true` for the company’s `remember_device_hours` when it allows it), and `jornada_csrf` (the CSRF token again, readable by the service’s own pages). An unknown email, a wrong password and a disabled user are the same 401 `invalid_credentials`. Ten failures for one email from one address within 15 minutes, or a hundred from one address, are 429 `login_throttled` with `Retry-After` for that pair or address only; failures for an email from many addresses only slow its sign-ins down (at most 3 s), so the right password from an address that has not failed still signs in. An email whose password opens accounts in several companies is 409 `tenant_choice_required`, naming those companies in `details` (`value`: the id to send as `tenant_id`). In a company that signs in with its identity provider only, a right password is 403 `sso_required` for everyone but administrators (their sign-in is audited as `auth.login.break_glass`).',
          body: LoginBody,
          response: { 200: DataOf(SignedIn) },
          errors: [409],
        }),
        async (request, reply) => {
          const unit = unitOfRequest(request)
          const signedIn = await signIn(
            unit,
            request.body,
            { address: request.ip, userAgent: request.headers['user-agent'] ?? null },
            settings.throttle,
            settings.session,
          )
          return answerSignedIn(reply, unit, signedIn)
        },
      )
      app.post(
        '/auth/password-reset',
        {
          ...accountOperation('auth.password-reset', {
            summary: 'Ask for a password-reset link by mail; always 202, whether or not the email has an account',
            description:
              'Each active account with this email (in one company with `tenant_id`) is sent a link valid for one hour, at most three an hour. The answer comes first, before the service even looks for the email: finding the accounts, making the links and queuing the mails happen after it, and the mail is sent with retries until the link expires (administrators see it in `GET /mail-messages`), so the answer and its timing are the same for every email. Without a mail server (`SMTP_URL`) nothing is sent and the request is logged.',
            body: ResetRequestBody,
            response: { 202: ResetAccepted },
          }),
          ...runAfterAnswer,
        },
        async (request, reply) => {
          // Nothing that depends on the email happens before the answer: an email with accounts
          // must not take longer to answer than one without
          // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
          const unit = unitOfRequest(request)
          const { body, log } = request
          const links = { base: linkBase(settings, request), mail: mail !== null }
          afterAnswer.set(request, async () => {
            const made = await requestPasswordReset(unit, body, links)
            if (made === 0) return
            if (mail) mail.queued()
            else log.warn({ accounts: made }, 'password reset not sent: SMTP_URL is not set')
          })
          return reply.status(202).send({ data: { status: 'accepted' as const } })
        },
      )
      app.post(
        '/auth/password-reset/complete',
        accountOperation('auth.password-reset.complete', {
          summary: 'Set a password with the token of an invitation or a reset link, and sign in',
          description:
            'The token is the `token` of the link’s fragment (`/app/password-reset#token=…` or `/app/invitation#token=…`). It works once: a used, expired or superseded token is 400 `invalid_token`. The password is checked first (at least 8 characters, not a common one, not built on the person’s email or company name, and strong enough for the zxcvbn-ts estimator: 400 saying what to do), so a refused one does not spend the link. Every other session of the person ends and, for a reset, their passkeys are removed; their personal API keys stay, listed in the mail that tells them of the reset (name, beginning, when made and last used) with where to revoke them. Answers and sets the cookie as a sign-in does.',
          body: CompleteResetBody,
          response: { 200: DataOf(SignedIn) },
        }),
        async (request, reply) => {
          const unit = unitOfRequest(request)
          const signedIn = await completePasswordReset(
            unit,
            request.body,
            { address: request.ip, userAgent: request.headers['user-agent'] ?? null },
            settings.session,
            mail ? { publicUrl: settings.publicUrl } : null,
          )
          // Committed by now: the notice of a reset goes at once.
          mail?.queued()
          return answerSignedIn(reply, unit, signedIn)
        },
      )
      app.post(
        '/users/:user_id/invite',
        {
          ...operation('users.invite', {
            summary: 'Invite a person to set their password: a one-time link valid 72 hours, by mail',
            description:
              'Administrators only. The link goes by mail (in Spanish or English by the company’s country) when a mail server is configured (`SMTP_URL`): the answer comes at once with `delivery: "mail"`, and the mail is queued with the invitation and sent once it commits, with retries for up to a day; whether it went is in `GET /mail-messages`. Without a mail server the answer carries the link this once (`delivery: "link"`) for the administrator to hand over. A new invitation voids the links sent before. A disabled user is 409 `user_disabled`; one who has chosen a password already is 409 `password_already_set` (an invitation would let whoever holds the link take over the account; they reset it themselves).',
            params: UserIdParams,
            response: { 200: DataOf(Type.Ref('Invitation')) },
            errors: [404, 409],
          }),
        },
        async (request, reply) => {
          const { invitation } = await inviteUser(scopeOfRequest(request), request.params.user_id, {
            base: linkBase(settings, request),
            mail: mail !== null,
          })
          if (mail) afterCommit(request, () => mail.queued())
          reply.header('Cache-Control', 'no-store')
          return { data: invitation }
        },
      )
      app.post(
        '/auth/logout',
        ownWrite('auth.logout', {
          summary: 'Sign out: the session of this request ends, on every instance at once',
          response: { 204: Type.Null() },
        }),
        async (request, reply) => {
          await signOut(scopeOfRequest(request))
          return reply.header('Set-Cookie', signedOutCookies(cookies)).status(204).send(null)
        },
      )
      app.get(
        '/auth/sessions',
        operation('me', {
          operationId: 'auth.sessions.list',
          summary: 'My open sessions: where and when I signed in, and when each was last used',
          response: { 200: DataOf(Type.Array(Type.Ref('Session'))) },
        }),
        async (request) => ({ data: await listOwnSessions(scopeOfRequest(request), settings.session) }),
      )
      app.delete(
        '/auth/sessions/:session_id',
        ownWrite('auth.sessions.end', {
          summary: 'End one of my sessions (a phone left behind); it stops working at once',
          description: 'Ending an ended session changes nothing. Another person’s session is 404.',
          params: SessionIdParams,
          response: { 204: Type.Null() },
          errors: [404],
        }),
        async (request, reply) => {
          const scope = scopeOfRequest(request)
          await endOwnSession(scope, request.params.session_id)
          if (request.params.session_id === scope.auth.keyId) reply.header('Set-Cookie', signedOutCookies(cookies))
          return reply.status(204).send(null)
        },
      )
      app.post(
        '/auth/passkeys/registration/options',
        {
          // The body is optional (it carries only the step-up's password): none is an empty one.
          preValidation(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
            request.body ??= {}
            done()
          },
          ...operation('me', {
            operationId: 'auth.passkeys.registration-options',
            summary: 'Start registering a passkey: the options for navigator.credentials.create()',
            description:
              'From the person’s session (403 `personal_credential_required` with a key). A passkey is lasting access, so the session must have signed in within the last 10 minutes, or the body carries `current_password` (403 `recent_sign_in_required`), checked and throttled like a sign-in (a wrong one counts as a failed sign-in; 429 `login_throttled` with `Retry-After` after ten from one address). A discoverable credential (the device keeps who it is for), bound to `PUBLIC_URL`’s host, with the person verified on the device; the passkeys the person has already are excluded. Answer within 5 minutes with `POST /auth/passkeys/registration/verify`. At most 20 passkeys a person.',
            body: StepUpBody,
            response: { 200: DataOf(WebAuthnOptions) },
            errors: [409],
          }),
        },
        async (request, reply) => {
          const scope = scopeOfRequest(request)
          await assertRecentSignIn(scope, request.body.current_password, 'Adding a passkey', {
            throttle: settings.throttle,
            address: request.ip,
          })
          reply.header('Cache-Control', 'no-store')
          return { data: await passkeyRegistrationOptions(scope, relyingParty(settings, request)) }
        },
      )
      app.post(
        '/auth/passkeys/registration/verify',
        operation('me', {
          operationId: 'auth.passkeys.register',
          summary: 'Finish registering a passkey: the new credential, as the browser gives it',
          description:
            'The body is `PublicKeyCredential.toJSON()` of what `navigator.credentials.create()` returned, with an optional `name`. Its challenge must be the one of the options, unused and not expired; origin, relying party, signature and user verification are checked (400 saying what failed). Audited as `auth.passkeys.register`.',
          body: PasskeyRegistrationBody,
          response: { 201: DataOf(Type.Ref('Passkey')) },
          errors: [409],
        }),
        async (request, reply) => {
          const passkey = await registerPasskey(
            scopeOfRequest(request),
            relyingParty(settings, request),
            request.body as never,
            mail !== null,
          )
          // Kept in its own transaction, committed by now: its notice goes at once.
          mail?.queued()
          return reply.status(201).send({ data: passkey })
        },
      )
      app.get(
        '/auth/passkeys',
        operation('me', {
          operationId: 'auth.passkeys.list',
          summary: 'My passkeys, oldest first: their names, when made and last used; never key material',
          response: { 200: DataOf(Type.Array(Type.Ref('Passkey'))) },
        }),
        async (request) => ({ data: await listOwnPasskeys(scopeOfRequest(request)) }),
      )
      app.delete(
        '/auth/passkeys/:passkey_id',
        ownWrite('auth.passkeys.delete', {
          summary: 'Delete one of my passkeys: it signs nobody in from then on',
          description: 'Another person’s passkey is 404. Audited as `auth.passkeys.delete`.',
          params: PasskeyIdParams,
          response: { 204: Type.Null() },
          errors: [404],
        }),
        async (request, reply) => {
          await deleteOwnPasskey(scopeOfRequest(request), request.params.passkey_id)
          return reply.status(204).send(null)
        },
      )
      app.post(
        '/auth/passkeys/login/options',
        accountOperation('auth.passkeys.login-options', {
          summary: 'Start signing in with a passkey: the options for navigator.credentials.get()',
          description:
            'No email: the person chooses one of their passkeys for this host on their device. Answer within 5 minutes with `POST /auth/passkeys/login/verify`.',
          response: { 200: DataOf(WebAuthnOptions) },
          errors: [409],
        }),
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store')
          return { data: await passkeyLoginOptions(unitOfRequest(request), relyingParty(settings, request)) }
        },
      )
      app.post(
        '/auth/passkeys/login/verify',
        accountOperation('auth.passkeys.login', {
          summary: 'Sign in with a passkey: the assertion, as the browser gives it',
          description:
            'The body is `PublicKeyCredential.toJSON()` of what `navigator.credentials.get()` returned. An unknown or deleted passkey, a bad signature, a counter that went back (a cloned authenticator), a person not verified on the device, a disabled person, and a used or expired challenge are all 401 `invalid_credentials`. Answers and sets the cookie as a password sign-in does (`remember: true` too); audited as `auth.passkeys.login`, the session’s method `passkey`.',
          body: PasskeyLoginBody,
          response: { 200: DataOf(SignedIn) },
          errors: [409],
        }),
        async (request, reply) => {
          const unit = unitOfRequest(request)
          const { remember, ...assertion } = request.body
          const signedIn = await signInWithPasskey(
            unit,
            relyingParty(settings, request),
            assertion as never,
            { address: request.ip, userAgent: request.headers['user-agent'] ?? null },
            settings.session,
            remember === true,
          )
          return answerSignedIn(reply, unit, signedIn)
        },
      )
      app.post(
        '/me/password',
        ownWrite('me.password', {
          summary: 'Change my password; my other sessions end at once',
          description:
            'The current password is checked and throttled like a sign-in (401 `invalid_credentials`, 429 `login_throttled`). The new one must have 8 to 256 characters and not be a commonly used password (400). Outstanding reset links stop working; personal API keys stay, listed in the mail that tells the person of the change, with where to revoke them.',
          body: ChangePasswordBody,
          response: { 200: DataOf(Type.Object({ other_sessions_ended: Type.Integer({ minimum: 0 }) })) },
          prepares: true,
        }),
        async (request) => {
          const prepared = await prepareOwnPassword(
            preparingScopeOf(request),
            request.body,
            request.ip,
            settings.throttle,
          )
          const scope = await beginWrite(request)
          // The audit entry names the person whose password changed.
          request.writtenResourceId = scope.auth.actor.id
          const answer = await changeOwnPassword(scope, prepared)
          if (mail) {
            await queueCredentialNotice(scope, callerAsRecipient(scope.auth), 'password_changed', {
              keys: await standingPersonalKeysOf(scope, scope.auth.tenantId, scope.auth.actor.id),
              publicUrl: settings.publicUrl,
            })
            afterCommit(request, () => mail.queued())
          }
          return { data: answer }
        },
      )
    },
  }
}
