/**
 * Invitations and password resets (docs/decisions/0016-accounts-and-sign-in.md): a one-time link to
 * set one's password. The token in the link is a 256-bit secret; only its SHA-256 is stored, and
 * using it is a single statement that succeeds once. Links point at the app (`/app/invitation`,
 * `/app/password-reset`), the token in the fragment so it never reaches a server log or a Referer
 * header.
 */
import type { TenantRow, UserRow } from '../../db/schema.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { passwordProblem } from '../../lib/passwords.js'
import { hashPassword, newSecret, sha256Hex } from '../../lib/secrets.js'
import { recordWrite } from '../audit/index.js'
import { recordEvent } from '../events/index.js'
import {
  type SessionPolicy,
  endSessionsOf,
  revokePersonalKeysMadeSince,
  standingPersonalKeysOf,
} from '../keys/index.js'
import { type MailMessage, queueCredentialNotice, queueMail } from '../mail/index.js'
import { requireTenant } from '../tenants/index.js'
import { findUserRow, markCredentialsCompanyIssued } from '../users/index.js'
import * as tokens from './account-tokens.repository.js'
import { accountsByEmail, setPasswordHash } from './accounts.repository.js'
import { accountMail } from './mail-templates.js'
import { deletePasskeysOf } from './passkeys.repository.js'
import {
  type ClientInfo,
  type SignedIn,
  normalizedEmail,
  openSession,
  ownCredentialsAdmit,
  signsInOnlyAtProvider,
} from './sign-in.service.js'

const HOUR_MS = 3_600_000
export const INVITATION_LIFETIME_MS = 72 * HOUR_MS
export const RESET_LIFETIME_MS = HOUR_MS
/** Reset links made for one account per hour at most: the mailbox of a person is not ours to flood. */
export const RESETS_PER_HOUR = 3

/** Where links point: `PUBLIC_URL`, or the origin the request came to when it is not set. */
export function linkTo(base: string, page: 'invitation' | 'password-reset', token: string): string {
  return `${base.replace(/\/+$/, '')}/app/${page}#token=${token}`
}

/**
 * Queues the mail carrying a link to a person, in their company's language and time zone, in the
 * unit's transaction: it is sent once that commits, and never if it rolls back. A mail still unsent
 * when its link expires is not sent.
 */
function queueLinkMail(
  unit: Unit,
  kind: 'invitation' | 'password_reset',
  user: Pick<UserRow, 'tenant_id' | 'id' | 'email' | 'full_name'>,
  tenant: Pick<TenantRow, 'name' | 'timezone' | 'language'>,
  link: string,
  expiresAt: string,
): Promise<string> {
  const message: MailMessage = accountMail({
    kind,
    to: user.email,
    fullName: user.full_name,
    companyName: tenant.name,
    link,
    expiresAt,
    timezone: tenant.timezone,
    language: tenant.language,
  })
  return queueMail(unit, { tenantId: user.tenant_id, userId: user.id, kind, message, linkExpiresAt: expiresAt })
}

interface MadeToken {
  token: string
  expiresAt: string
}

async function makeToken(
  unit: Unit,
  user: { tenant_id: string; id: string },
  purpose: tokens.TokenPurpose,
  lifetimeMs: number,
  createdBy: string | null,
): Promise<MadeToken> {
  const token = newSecret()
  const expiresAt = new Date(unit.now + lifetimeMs).toISOString()
  await tokens.insertToken(unit.db, {
    id: newId('accountToken'),
    tenant_id: user.tenant_id,
    user_id: user.id,
    purpose,
    token_hash: sha256Hex(token),
    created_at: nowIsoOf(unit),
    expires_at: expiresAt,
    used_at: null,
    created_by_user_id: createdBy,
  })
  return { token, expiresAt }
}

export interface Invitation {
  user_id: string
  expires_at: string
  delivery: 'mail' | 'link'
  /** Only when `delivery` is `link`: shown this once for the administrator to hand over. */
  link?: string
}

export interface InvitationOutcome {
  invitation: Invitation
  /** The mail queued with the invitation (sent once it commits); null when answered as a link. */
  mailId: string | null
}

/**
 * Invites a person to set their password: a link valid 72 h that voids any sent before. With mail
 * the link is queued in the company's language, in the invitation's transaction; without it the
 * answer carries it once. A mail of a voided link that is still queued is sent all the same: its
 * link no longer works and says so, and the newer mail follows.
 */
export async function inviteUser(
  scope: RequestScope,
  userId: string,
  links: { base: string; mail: boolean },
): Promise<InvitationOutcome> {
  const { auth } = scope
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may invite people')
  return inTransaction(scope, async (tx) => {
    await lockRow(tx.db, 'users', auth.tenantId, userId)
    const user = await findUserRow(tx.db, auth.tenantId, userId)
    if (!user) throw notFound('User')
    if (user.status !== 'active') throw new AppError('user_disabled', 'The user is disabled: reactivate them first')
    if (await signsInOnlyAtProvider(tx.db, user))
      throw new AppError(
        'sso_required',
        'The company signs in with its identity provider only: this person signs in there, with no invitation',
      )
    // An invitation sets a password: for someone who has one it would hand their account to
    // whoever holds the link (an administrator, when it is answered instead of mailed).
    if (user.password_hash !== null)
      throw new AppError(
        'password_already_set',
        'This person has already chosen a password; if they forgot it, they ask for a new one with "Forgot your password?"',
      )
    await tokens.voidTokensOf(tx.db, auth.tenantId, userId, nowIsoOf(tx))
    const createdBy = auth.credential === 'command-line' ? null : auth.actor.id
    const made = await makeToken(tx, user, 'invitation', INVITATION_LIFETIME_MS, createdBy)
    const link = linkTo(links.base, 'invitation', made.token)
    const invitation: Invitation = {
      user_id: userId,
      expires_at: made.expiresAt,
      delivery: links.mail ? 'mail' : 'link',
    }
    // A link answered to the administrator makes whatever password it sets one the company
    // issued: the person's acts carry the mark until they replace it; a mailed link voids the
    // earlier ones and reaches the person alone
    // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    await markCredentialsCompanyIssued(tx.db, auth.tenantId, userId, links.mail ? null : nowIsoOf(tx))
    // The event carries no link: whoever receives webhooks must not be able to sign in as the person.
    await recordEvent(tx, 'user.invited', invitation)
    const mailId = links.mail ? await queueLinkMail(tx, 'invitation', user, auth.tenant, link, made.expiresAt) : null
    return { invitation: links.mail ? invitation : { ...invitation, link }, mailId }
  })
}

/**
 * Makes a reset link for each active account with this email (in one company with `tenantId`),
 * at most three an hour each, and, with `mail`, queues its mail in the same transaction; answers
 * how many links were made. Nothing is sent here, so the answer takes no longer for an email with
 * accounts than for one without, and whoever asks learns nothing: the caller answers 202 whatever
 * this finds.
 */
export async function requestPasswordReset(
  unit: Unit,
  input: { email: string; tenant_id?: string | undefined },
  links: { base: string; mail: boolean },
): Promise<number> {
  const candidates = (await accountsByEmail(unit.db, normalizedEmail(input.email), input.tenant_id)).filter(
    (account) => account.status === 'active',
  )
  // A password would not sign in someone whose company uses its identity provider only.
  const accounts: typeof candidates = []
  for (const account of candidates) if (!(await signsInOnlyAtProvider(unit.db, account))) accounts.push(account)
  const since = new Date(unit.now - HOUR_MS).toISOString()
  return inTransaction(unit, async (tx) => {
    let made = 0
    for (const account of accounts) {
      await lockRow(tx.db, 'users', account.tenant_id, account.user_id)
      if (
        (await tokens.tokensMadeSince(tx.db, account.tenant_id, account.user_id, 'password_reset', since)) >=
        RESETS_PER_HOUR
      )
        continue
      const user = (await findUserRow(tx.db, account.tenant_id, account.user_id))!
      const token = await makeToken(tx, user, 'password_reset', RESET_LIFETIME_MS, null)
      made += 1
      await recordWrite(tx, {
        tenantId: account.tenant_id,
        source: 'api',
        keyId: null,
        userId: null,
        operation: 'auth.password-reset',
        resourceId: account.user_id,
        fields: ['email'],
      })
      if (!links.mail) continue
      const tenant = await requireTenant(tx.db, account.tenant_id)
      const link = linkTo(links.base, 'password-reset', token.token)
      await queueLinkMail(tx, 'password_reset', user, tenant, link, token.expiresAt)
    }
    return made
  })
}

const INVALID_LINK =
  'This link no longer works: it was used already, it expired, or a newer one was sent. Ask for a new one with "Forgot your password?" or ask your administrator for a new invitation'

/**
 * Sets the password with an invitation's or a reset's token and signs the person in. The new
 * password is checked before the token is used, so a refused password does not spend the link.
 * Every other session of the person ends, and every other link sent to them stops working.
 */
export async function completePasswordReset(
  unit: Unit,
  input: { token: string; password: string },
  client: ClientInfo,
  policy: SessionPolicy,
  mail: { publicUrl: string | null } | null = null,
): Promise<SignedIn> {
  // Judged against the person's email and company name when the link still works (read, not
  // used: a refused password leaves it unspent); a link that does not work is refused below.
  const usable = await tokens.findUsableToken(unit.db, sha256Hex(input.token), nowIsoOf(unit))
  const owner = usable ? await findUserRow(unit.db, usable.tenant_id, usable.user_id) : undefined
  const company = owner ? await requireTenant(unit.db, owner.tenant_id) : undefined
  const problem = await passwordProblem(input.password, { email: owner?.email, companyName: company?.name })
  if (problem) throw invalidField('password', problem)
  // scrypt before the transaction: nothing is locked while it runs.
  const hash = await hashPassword(input.password)
  return inTransaction(unit, async (tx) => {
    const at = nowIsoOf(tx)
    const token = await tokens.useToken(tx.db, sha256Hex(input.token), at)
    if (!token) throw new AppError('invalid_token', INVALID_LINK)
    const user = await findUserRow(tx.db, token.tenant_id, token.user_id)
    if (user?.status !== 'active') throw new AppError('invalid_token', INVALID_LINK)
    await ownCredentialsAdmit(tx.db, user) // refused before anything changes: the link stays unused
    await setPasswordHash(tx.db, user.tenant_id, user.id, hash, at)
    await tokens.voidTokensOf(tx.db, user.tenant_id, user.id, at)
    await endSessionsOf(tx, user.tenant_id, user.id, 'password_reset')
    // A reset may follow a stolen session: passkeys added from it end with it. The person's
    // personal keys stay (a program of theirs keeps working): the mail below lists them, to be
    // revoked in the app if one was not theirs (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    if (token.purpose === 'password_reset') {
      await deletePasskeysOf(tx.db, user.tenant_id, user.id)
      // A reset link reaches the person's mailbox only: the password is theirs, and no longer the
      // one a link handed to an administrator set. Personal keys made while the sign-in was the
      // company's go with the mark: whoever held it may have made them
      // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
      if (user.credentials_company_issued_at !== null) {
        await revokePersonalKeysMadeSince(tx.db, user.tenant_id, user.id, user.credentials_company_issued_at, at)
        await markCredentialsCompanyIssued(tx.db, user.tenant_id, user.id, null)
      }
    }
    // The person is told of a reset, in case it was not them, with the personal keys that stay
    // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    if (mail && token.purpose === 'password_reset')
      await queueCredentialNotice(tx, { tenant: await requireTenant(tx.db, user.tenant_id), user }, 'password_reset', {
        keys: await standingPersonalKeysOf(tx, user.tenant_id, user.id),
        publicUrl: mail.publicUrl,
      })
    const account = { tenant_id: user.tenant_id, user_id: user.id }
    const method = token.purpose === 'invitation' ? 'invitation' : 'password_reset'
    const session = await openSession(tx, account, method, client, policy, 'auth.login')
    await recordWrite(tx, {
      tenantId: user.tenant_id,
      source: 'api',
      keyId: session.id,
      userId: user.id,
      // The session's method tells an accepted invitation from a reset.
      operation: 'auth.password-reset.complete',
      resourceId: user.id,
      fields: ['password'],
    })
    return { session, tenantId: user.tenant_id, userId: user.id }
  })
}

/** Deletes links that expired more than a month ago (housekeeping). */
export function purgeAccountTokens(unit: Unit): Promise<number> {
  return tokens.deleteTokensExpiredBefore(unit.db, new Date(unit.now - 30 * 24 * HOUR_MS).toISOString())
}
