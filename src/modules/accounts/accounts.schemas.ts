import { Type, type Static } from 'typebox'
import { Id, IdName, InstantString, Nullable } from '../../lib/schemas.js'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../lib/passwords.js'

const Email = Type.String({ minLength: 3, maxLength: 254, description: 'The email of the account' })

const Remember = Type.Boolean({
  description:
    '“Remember this device”: the session lasts the company’s `remember_device_hours` instead of `SESSION_MAX_HOURS`, with no idle timeout, when the company allows it (`remember_device_hours` above 0); otherwise it is an ordinary session (`remembered: false` in the answer)',
})

export const LoginBody = Type.Object(
  {
    email: Email,
    // No minimum here: a refusal must not tell an old short password from a wrong one.
    password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
    tenant_id: Type.Optional(
      Id('The company to sign in to, when the email has accounts in several (409 tenant_choice_required)'),
    ),
    remember: Type.Optional(Remember),
  },
  { additionalProperties: false },
)
export type LoginBodyType = Static<typeof LoginBody>

export const SignedIn = Type.Object(
  {
    user: Type.Ref('UserReduced'),
    tenant: IdName,
    expires_at: InstantString(
      'When the session ends at the latest; unless remembered, it also ends after SESSION_IDLE_HOURS (12 by default) without a request',
    ),
    csrf_token: Type.String({
      description:
        'Send it as `X-CSRF-Token` with every write made with the session cookie (403 csrf_failed otherwise). Shown this once; keep it in memory, not in storage a script of another origin could read',
    }),
    remembered: Type.Boolean({
      description:
        'Whether the session lasts as a remembered device’s (asked for with `remember: true`, and allowed by the company): no idle timeout, `expires_at` the company’s `remember_device_hours` away',
    }),
  },
  { $id: 'SignedIn', description: 'A person signed in; the session itself travels in the `jornada_session` cookie' },
)

export const Session = Type.Object(
  {
    id: Type.String(),
    created_at: InstantString(),
    last_seen_at: InstantString('Moved at most once a minute by the requests made with it'),
    expires_at: InstantString('Its absolute end; it ends earlier when idle for SESSION_IDLE_HOURS'),
    user_agent: Nullable(Type.String({ description: 'The browser or app that signed in, as it said' })),
    ip_address: Nullable(Type.String({ description: 'The address it signed in from' })),
    method: Type.String({
      description: 'How the person signed in: password, passkey, sso, invitation, password_reset',
    }),
    remembered: Type.Boolean({
      description:
        'Signed in with “Remember this device” in a company that allows it: it lasts the company’s `remember_device_hours`, with no idle timeout',
    }),
    current: Type.Boolean({ description: 'Whether this is the session of the request listing them' }),
  },
  { $id: 'Session', description: 'One of the sessions of the person calling' },
)

export const SessionIdParams = Type.Object({ session_id: Id('A session id (ses_...)') })

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
    password: Type.String({
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: MAX_PASSWORD_LENGTH,
      description: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, not one of the commonly used passwords`,
    }),
  },
  { additionalProperties: false },
)
export type ChangePasswordBodyType = Static<typeof ChangePasswordBody>

/** The answer to a reset request: the same for every email, so it tells nobody whether an account exists. */
export const ResetAccepted = Type.Object(
  {
    data: Type.Object({
      status: Type.Literal('accepted', {
        description: 'Always `accepted`: a link is mailed to each active account with the email, if there is any',
      }),
    }),
  },
  { description: 'Taken; the same answer whether or not the email has an account' },
)

export const ResetRequestBody = Type.Object(
  {
    email: Email,
    tenant_id: Type.Optional(Id('Only the account in this company')),
  },
  { additionalProperties: false },
)

export const CompleteResetBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the link' }),
    password: Type.String({
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: MAX_PASSWORD_LENGTH,
      description: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, not one of the commonly used passwords`,
    }),
  },
  { additionalProperties: false },
)

export const Invitation = Type.Object(
  {
    user_id: Type.String(),
    expires_at: InstantString('When the link stops working (72 hours after it was made)'),
    delivery: Type.Union([Type.Literal('mail'), Type.Literal('link')], {
      description: '`mail`: sent to the person; `link`: no mail server is configured, hand the link over yourself',
    }),
    link: Type.Optional(
      Type.String({ description: 'Only with `delivery: "link"`, and only in this answer: the link to hand over' }),
    ),
  },
  { $id: 'Invitation', description: 'An invitation to set one’s password' },
)

/** Base64url as WebAuthn's JSON writes binary fields; capped, as every input is. */
const Base64Url = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$', ...(description ? { description } : {}) })

const credentialFields = {
  id: Base64Url(1400, 'The credential id'),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  // The extensions' results, as browsers write them; none is asked for, so they are kept small.
  clientExtensionResults: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
    maxProperties: 10,
  }),
}

/** Step-up (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): the current password, when the sign-in is not recent. */
export const StepUpBody = Type.Object(
  {
    current_password: Type.Optional(
      Type.String({
        maxLength: 256,
        description:
          'From a session that signed in more than 10 minutes ago: the person’s current password (403 `recent_sign_in_required` otherwise)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const PasskeyRegistrationBody = Type.Object(
  {
    ...credentialFields,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(10_000),
        attestationObject: Base64Url(100_000),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
        publicKeyAlgorithm: Type.Optional(Type.Integer()),
        publicKey: Type.Optional(Base64Url(10_000)),
        authenticatorData: Type.Optional(Base64Url(100_000)),
      },
      { additionalProperties: false },
    ),
    name: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'A name to tell the passkey by (default "Passkey <date>"); not part of WebAuthn’s JSON',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'The new credential as `PublicKeyCredential.toJSON()` writes it (WebAuthn Level 3)',
  },
)

export const PasskeyLoginBody = Type.Object(
  {
    ...credentialFields,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(10_000),
        authenticatorData: Base64Url(100_000),
        signature: Base64Url(10_000),
        userHandle: Type.Optional(Nullable(Base64Url(1000))),
      },
      { additionalProperties: false },
    ),
    remember: Type.Optional(Remember),
  },
  {
    additionalProperties: false,
    description: 'The assertion as `PublicKeyCredential.toJSON()` writes it (WebAuthn Level 3)',
  },
)

export const WebAuthnOptions = Type.Object(
  { challenge: Type.String({ description: 'Base64url; answered once, within 5 minutes' }) },
  {
    additionalProperties: true,
    description:
      'WebAuthn options JSON, as `PublicKeyCredential.parseCreationOptionsFromJSON()` or `parseRequestOptionsFromJSON()` reads them',
  },
)

export const Passkey = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    created_at: InstantString(),
    last_used_at: Nullable(InstantString('The last sign-in with it')),
    device_type: Type.Union([Type.Literal('singleDevice'), Type.Literal('multiDevice')], {
      description: 'multiDevice: synced between the person’s devices (a password manager, a platform account)',
    }),
    backed_up: Type.Boolean(),
    transports: Type.Array(Type.String(), {
      description: 'How the browser reaches it: internal, hybrid, usb, nfc, ble',
    }),
  },
  { $id: 'Passkey', description: 'One of the passkeys of the person calling; never its key material' },
)

export const PasskeyIdParams = Type.Object({ passkey_id: Id('A passkey id (pky_...)') })
