/** Who is calling: resolved once per request from the API key, then read by handlers and policies. */
import type { TenantRow } from '../db/schema.js'

export interface Actor {
  id: string
  email: string
  fullName: string
  role: 'member' | 'admin'
  departmentId: string | null
  /**
   * A workers' representative (docs/decisions/0019-representatives-and-record-export.md): reads the
   * company's monthly totals and overtime report.
   */
  representative: boolean
}

/**
 * 'inspector': a read-only key for the Labour Inspectorate or workers' representatives
 * (docs/decisions/0011-reports-sign-off-and-inspector-keys.md).
 */
export type KeyKind = 'standard' | 'inspector'

/**
 * The credential a request came with: an API key, a person's sign-in session
 * (docs/decisions/0016-accounts-and-sign-in.md), a kiosk sign-in (identifier and PIN at a device),
 * or the installation's command line.
 */
/** `company`: the company itself, acting by its policy (proposing to close a forgotten clock-out). */
export type CredentialKind = 'key' | 'session' | 'kiosk' | 'command-line' | 'company'

export interface AuthContext {
  /** The key's id; for a session, the session's id; for a kiosk employee, the device's. */
  keyId: string
  kind: KeyKind
  credential: CredentialKind
  /**
   * Whether the credential is the acting person's own
   * (docs/decisions/0016-accounts-and-sign-in.md): their session, their kiosk sign-in, or a key
   * they created themselves. Personal acts (clocking in, signing one's month, consenting to a
   * correction) need it.
   */
  personal: boolean
  /** When the key expires (null: never); a key it creates may not outlive it. */
  expiresAt?: string | null
  tenantId: string
  /**
   * The caller's company as it was when the key was checked, read in the same query as the key.
   * Read-only requests use it instead of reading the company again; a change to the company's
   * settings re-reads it inside its own transaction.
   */
  tenant: TenantRow
  scopes: readonly string[]
  actor: Actor
}

/** The proposer and actor id of what the company does by its policy. */
export const COMPANY = 'company'

/**
 * The company acting by its policy, with no person and no key behind it: proposing to close a
 * forgotten clock-out, proposing and (when its policy says so) approving overtime lots.
 */
export function companyAuth(tenant: TenantRow): AuthContext {
  return {
    keyId: COMPANY,
    kind: 'standard',
    credential: 'company',
    personal: false,
    tenantId: tenant.id,
    tenant,
    scopes: [],
    actor: {
      id: COMPANY,
      email: '',
      fullName: tenant.legal_name ?? tenant.name,
      role: 'member',
      departmentId: null,
      representative: false,
    },
  }
}

/**
 * Whether a request goes to the access log with whose records it read: every request of an
 * inspector key (docs/decisions/0011-reports-sign-off-and-inspector-keys.md), its refusals too, and
 * a workers' representative's read of the company-wide reports
 * (docs/decisions/0019-representatives-and-record-export.md), so the company can show who read whose
 * figures, and when. `companyWideRead`: the route declares `reads.companyWide`
 * (http/read-pipeline.ts, which alone asks).
 */
export function isAccessLogged(auth: AuthContext, companyWideRead: boolean): boolean {
  return auth.kind === 'inspector' || (companyWideRead && auth.actor.representative)
}

/**
 * A kiosk device, authenticated by its device token (docs/decisions/0013-kiosks.md): it may call the kiosk
 * endpoints only.
 */
export interface KioskDevice {
  kioskId: string
  tenantId: string
  name: string
  workCenterId: string | null
}

/**
 * One request's entry in the access log (docs/decisions/0011-reports-sign-off-and-inspector-keys.md,
 * docs/decisions/0019-representatives-and-record-export.md): written by the read pipeline
 * (http/read-pipeline.ts) through the access-log module before the answer leaves.
 */
export interface AccessLogEntry {
  auth: AuthContext
  method: string
  route: string
  status: number
  at: string
  /** The employees whose records the answer gives out, as the service noted them. */
  userIds: readonly string[]
}
