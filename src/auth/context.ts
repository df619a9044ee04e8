/** Who is calling: resolved once per request from the API key, then read by handlers and policies. */
import type { TenantRow } from '../db/schema.js'

export interface Actor {
  id: string
  email: string
  fullName: string
  role: 'member' | 'admin'
  departmentId: string | null
}

export interface AuthContext {
  keyId: string
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
