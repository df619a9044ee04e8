/** Who is calling: resolved once per request from the API key, then read by handlers and policies. */
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
  tenantName: string
  hrDepartmentId: string | null
  scopes: readonly string[]
  actor: Actor
}
