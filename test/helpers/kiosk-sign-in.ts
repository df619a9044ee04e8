/**
 * Employees at a kiosk (docs/decisions/0013-kiosks.md): the start of the fake clock, a minute, and
 * an employee with a DNI and a phone plus a kiosk, shared by the test/api/kiosk-sign-in-*.test.ts
 * files. Each test file keeps its own clock (`now`), which its tests move forward.
 */
import type { TestTenant } from './harness.js'

/** The moment every test file's clock starts at: Friday 2026-11-20 08:00 UTC. */
export const CLOCK_START = Date.parse('2026-11-20T08:00:00Z')

export const MINUTE = 60_000

/** An employee with a DNI (identifier 12345678) and a phone (initial PIN 1222), and a kiosk. */
export async function setUp(tenant: TestTenant, dni = '12345678-Z', phone = '+34 600 111 222') {
  const user = await tenant.createUser({ full_name: 'Lucía Pérez', dni, phone })
  const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
  return { user, kiosk, identifier: dni.replace(/\D/g, ''), initialPin: phone.replace(/\D/g, '').slice(-4) }
}
