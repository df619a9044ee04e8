/**
 * Employees at a kiosk (docs/decisions/0013-kiosks.md): the start of the fake clock, a minute, and
 * an employee with a DNI, a phone and a one-time PIN plus a kiosk, shared by the test/api/kiosk-sign-in-*.test.ts
 * files. Each test file keeps its own clock (`now`), which its tests move forward.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../src/db/schema.js'
import { hashPassword } from '../../src/lib/secrets.js'
import { setKioskPin } from '../../src/modules/users/index.js'
import type { TestContext, TestTenant } from './harness.js'

/** The moment every test file's clock starts at: Friday 2026-11-20 08:00 UTC. */
export const CLOCK_START = Date.parse('2026-11-20T08:00:00Z')

export const MINUTE = 60_000

/**
 * Gives an employee a one-time kiosk PIN, as the mail of an administrator's reset brings it: it
 * must be changed at first use, and it is the employee's own (it reached them alone). No PIN is
 * ever derived from what an administrator gives, so the tests that need a known first PIN put it
 * where the mail's would be (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
 */
export async function giveOneTimePin(
  t: Pick<TestContext, 'database'>,
  tenantId: string,
  userId: string,
  pin: string,
): Promise<void> {
  const db = t.database.db as unknown as Kysely<Database>
  await setKioskPin(db, tenantId, userId, await hashPassword(pin), true, new Date().toISOString(), null)
}

/** An employee with a DNI (identifier 12345678), a phone, and a one-time PIN (1222); and a kiosk. */
export async function setUp(
  t: Pick<TestContext, 'database'>,
  tenant: TestTenant,
  dni = '12345678-Z',
  phone = '+34 600 111 222',
  initialPin = '1222',
) {
  const user = await tenant.createUser({ full_name: 'Lucía Pérez', dni, phone })
  await giveOneTimePin(t, tenant.id, user.id, initialPin)
  const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
  return { user, kiosk, identifier: dni.replace(/\D/g, ''), initialPin }
}
