/**
 * Passkeys (docs/decisions/0016-accounts-and-sign-in.md): a signed-in person registers WebAuthn
 * credentials and later signs in with one, choosing it on their device (a discoverable credential:
 * no email typed). The WebAuthn checks (signatures, origin, relying party, flags, counters) are
 * @simplewebauthn/server's; what is ours is whose credential it is, the single use of each
 * challenge, and the session it opens.
 *
 * The relying party is the host of `PUBLIC_URL`: a passkey made for one host never signs in on
 * another, so the service needs a stable address (and https, except on localhost).
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { RequestScope } from '../../auth/request-scope.js'
import { assertPersonalCredential } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import type { PasskeyRow } from './accounts.tables.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { recordWrite } from '../audit/index.js'
import { callerAsRecipient, queueCredentialNotice } from '../mail/index.js'
import type { SessionPolicy } from '../keys/index.js'
import { findUser } from '../users/index.js'
import type { ClientInfo, SignedIn } from './sign-in.service.js'
import * as repo from './passkeys.repository.js'
import { openSession, ownCredentialsAdmit } from './sign-in.service.js'
import { onFirstUse } from '../../lib/first-use.js'

/**
 * @simplewebauthn/server and the X.509 and ASN.1 libraries under it are some 300 modules: loaded
 * on the first passkey ceremony, not by every process that starts the service (a CLI command, each
 * test file), most of which never meet one.
 */
const loadWebAuthn = onFirstUse(() => import('@simplewebauthn/server'))

/** Who the passkeys are for: the host they are bound to and the origin the browser must report. */
export interface RelyingParty {
  id: string
  origin: string
  name: string
}

/** The relying party of a service reached at `publicUrl` (its host; the origin its pages are served from). */
export function relyingPartyAt(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin, name: 'Jornada' }
}

/** How long a browser has to answer a ceremony; the challenge is refused after it. */
const CHALLENGE_TTL_MS = 5 * 60_000

/** A person has few passkeys (a phone, a laptop, a key); more is a script, not a person. */
export const MAX_PASSKEYS_PER_PERSON = 20

const INVALID = 'This passkey does not open an account here. Sign in with your password, or register the passkey again'

export interface PasskeyView {
  id: string
  name: string
  created_at: string
  last_used_at: string | null
  device_type: 'singleDevice' | 'multiDevice'
  backed_up: boolean
  transports: string[]
}

function viewOf(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    device_type: row.device_type,
    backed_up: Boolean(row.backed_up),
    transports: JSON.parse(row.transports) as string[],
  }
}

/** The challenge a browser signed, read from its clientDataJSON (unverified: only to find the stored one). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    return typeof clientData.challenge === 'string' && clientData.challenge.length <= 512 ? clientData.challenge : null
  } catch {
    return null
  }
}

/**
 * Takes a stored challenge out, once: a second answer to the same challenge finds nothing. A
 * registration's challenge is the person's own; an expired one is refused.
 */
async function takeChallenge(
  unit: Unit,
  clientDataJSON: string,
  purpose: repo.ChallengePurpose,
  owner: repo.ChallengeOwner | null,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON)
  if (challenge === null) return null
  return (await repo.deleteLiveChallenge(unit.db, challenge, purpose, owner, nowIsoOf(unit))) ? challenge : null
}

async function storeChallenge(
  unit: Unit,
  challenge: string,
  purpose: repo.ChallengePurpose,
  owner: repo.ChallengeOwner | null,
): Promise<void> {
  await repo.insertChallenge(unit.db, challenge, purpose, owner, new Date(unit.now + CHALLENGE_TTL_MS).toISOString())
}

/** Registration is the person's own act, from their session: a key made for them may not add a way in. */
function assertSignedInPerson(scope: RequestScope, act: string): void {
  if (scope.auth.credential !== 'session')
    throw new AppError(
      'personal_credential_required',
      `${act} needs the person signed in (the session cookie), not a key`,
    )
}

function assertRoomForAnother(count: number): void {
  if (count >= MAX_PASSKEYS_PER_PERSON)
    throw new AppError(
      'passkey_limit_reached',
      `You have ${MAX_PASSKEYS_PER_PERSON} passkeys, the most one person may have: delete one you no longer use first`,
    )
}

/** The options for the browser's `navigator.credentials.create()`: a new passkey for the person signed in. */
export async function passkeyRegistrationOptions(scope: RequestScope, rp: RelyingParty) {
  assertSignedInPerson(scope, 'Registering a passkey')
  const { tenantId, actor } = scope.auth
  const existing = await repo.passkeysOf(scope.db, tenantId, actor.id)
  assertRoomForAnother(existing.length)
  const options = await (await loadWebAuthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: actor.email,
    userDisplayName: actor.fullName,
    // The user handle the authenticator keeps: the user's id, opaque and never reused.
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: JSON.parse(p.transports) as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  })
  await storeChallenge(scope, options.challenge, 'registration', { tenantId, userId: actor.id })
  return options
}

/**
 * Checks the browser's answer to a registration and keeps the passkey. The challenge is taken out
 * first, on its own: a refused answer spends it too. The passkey is then kept in a transaction of
 * its own, with its audit entry.
 */
export async function registerPasskey(
  scope: RequestScope,
  rp: RelyingParty,
  body: RegistrationResponseJSON & { name?: string | undefined },
  mail = false,
): Promise<PasskeyView> {
  assertSignedInPerson(scope, 'Registering a passkey')
  const { tenantId, actor } = scope.auth
  const challenge = await takeChallenge(scope, body.response.clientDataJSON, 'registration', {
    tenantId,
    userId: actor.id,
  })
  if (challenge === null)
    throw new AppError('invalid_request', 'This registration has expired or was answered already: start it again')
  const { name, ...response } = body
  const verification = await (await loadWebAuthn())
    .verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    .catch((error: Error) => {
      throw new AppError('invalid_request', `The passkey was not accepted: ${error.message}`)
    })
  if (!verification.verified) throw new AppError('invalid_request', 'The passkey was not accepted')
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  return inTransaction(scope, async (tx) => {
    // One registration of a person at a time: the count and the uniqueness checked are the ones kept.
    await lockRow(tx.db, 'users', tenantId, actor.id)
    assertRoomForAnother((await repo.passkeysOf(tx.db, tenantId, actor.id)).length)
    if (await repo.passkeyByCredentialId(tx.db, credential.id))
      throw new AppError('passkey_exists', 'This passkey is registered already')
    const at = nowIsoOf(tx)
    const row: PasskeyRow = {
      id: newId('passkey'),
      tenant_id: tenantId,
      user_id: actor.id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
      name: name?.trim() || `Passkey ${at.slice(0, 10)}`,
      created_at: at,
      last_used_at: null,
    }
    await repo.insertPasskey(tx.db, row)
    // A passkey added with a company-issued sign-in leaves the mark: whoever held that sign-in could
    // have added it (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    await recordWrite(tx, {
      tenantId,
      source: 'api',
      keyId: scope.auth.keyId,
      userId: actor.id,
      operation: 'auth.passkeys.register',
      resourceId: row.id,
      fields: name === undefined ? [] : ['name'],
    })
    // The person is told of a new way into their account (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    if (mail) await queueCredentialNotice(tx, callerAsRecipient(scope.auth), 'passkey_added')
    return viewOf(row)
  })
}

/** The person's passkeys, oldest first. */
export async function listOwnPasskeys(scope: RequestScope): Promise<PasskeyView[]> {
  assertPersonalCredential(scope.auth, 'Listing one’s passkeys')
  return (await repo.passkeysOf(scope.db, scope.auth.tenantId, scope.auth.actor.id)).map(viewOf)
}

/** Deletes one of the person's passkeys: it signs nobody in from then on. Another person's is 404. */
export async function deleteOwnPasskey(scope: RequestScope, passkeyId: string): Promise<void> {
  const { tenantId, actor } = scope.auth
  if (!(await repo.ownPasskeyExists(scope.db, tenantId, actor.id, passkeyId))) throw notFound('Passkey')
  assertPersonalCredential(scope.auth, 'Deleting a passkey')
  await repo.deletePasskey(scope.db, passkeyId)
}

/** The options for `navigator.credentials.get()`: any passkey of this service, chosen on the device. */
export async function passkeyLoginOptions(unit: Unit, rp: RelyingParty) {
  const options = await (await loadWebAuthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  })
  await storeChallenge(unit, options.challenge, 'login', null)
  return options
}

/**
 * Signs in with a passkey: the challenge is this service's and unused, the signature is the stored
 * public key's, the counter moved on (a cloned authenticator would not), the person verified
 * themselves on the device, and the account is active. Any refusal is the same 401.
 */
export async function signInWithPasskey(
  unit: Unit,
  rp: RelyingParty,
  body: AuthenticationResponseJSON,
  client: ClientInfo,
  policy: SessionPolicy,
  remember = false,
): Promise<SignedIn> {
  const refused = () => new AppError('invalid_credentials', INVALID)
  // Taken out on its own, before any check: a refused answer spends its challenge too.
  const challenge = await takeChallenge(unit, body.response.clientDataJSON, 'login', null)
  if (challenge === null)
    throw new AppError('invalid_credentials', 'This sign-in has expired or was answered already: try again')
  return inTransaction(unit, async (tx) => {
    const found = await repo.passkeyByCredentialId(tx.db, body.id)
    if (!found) throw refused()
    // One sign-in of a person at a time: the counter read is the one the update replaces, and a
    // deactivation or a deletion committed meanwhile is seen.
    await lockRow(tx.db, 'users', found.tenant_id, found.user_id)
    const passkey = await repo.passkeyById(tx.db, found.id)
    if (!passkey) throw refused()
    const verification = await (await loadWebAuthn())
      .verifyAuthenticationResponse({
        response: body,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: JSON.parse(passkey.transports) as AuthenticatorTransportFuture[],
        },
        requireUserVerification: true,
      })
      .catch(() => {
        throw refused()
      })
    if (!verification.verified) throw refused()
    // A discoverable credential always names its user: it must be the passkey's owner.
    const handle = body.response.userHandle
    if (!handle || Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) throw refused()
    const user = await findUser(tx.db, passkey.tenant_id, passkey.user_id)
    if (user?.status !== 'active') throw refused()
    const door = await ownCredentialsAdmit(tx.db, { tenant_id: passkey.tenant_id, role: user.role })
    await repo.recordPasskeyUse(tx.db, passkey.id, verification.authenticationInfo.newCounter, nowIsoOf(tx))
    const account = { tenant_id: passkey.tenant_id, user_id: passkey.user_id }
    const session = await openSession(
      tx,
      account,
      'passkey',
      client,
      policy,
      door === 'break_glass' ? 'auth.passkeys.login.break_glass' : 'auth.passkeys.login',
      remember,
    )
    return { session, tenantId: passkey.tenant_id, userId: passkey.user_id }
  })
}

/** Challenges nobody answered in time; the housekeeping sweep removes them. */
export async function purgeWebauthnChallenges(unit: Unit): Promise<number> {
  return repo.deleteExpiredChallenges(unit.db, nowIsoOf(unit))
}
