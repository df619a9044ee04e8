/**
 * Migrations that change existing data, tested on data written before them: the database is
 * migrated up to the previous migration, filled, then migrated to the latest.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type DatabaseHandle, migrateToLatest, migrateUpTo, openDatabase } from '../../src/db/database.js'
import type { PunchRow } from '../../src/db/schema.js'
import { newId } from '../../src/lib/ids.js'
import { verifyPunchChains } from '../../src/modules/attendance/chain-verification.service.js'
import { punchHash } from '../../src/modules/attendance/punch-chain.js'
import { createTenant } from '../../src/modules/onboarding/onboarding.service.js'
import { insertUserRecord, newUserInput } from '../../src/modules/users/users.service.js'
import * as chainHeadsMigration from '../../src/db/migrations/2026_11_21_0005_punch_chain_heads.js'
import { ENGINES, PG_URL } from '../helpers/harness.js'

/** A valid chain of `count` punches, as the API would have written it before chain heads existed. */
function chainOf(tenantId: string, userId: string, count: number): PunchRow[] {
  const rows: PunchRow[] = []
  for (let seq = 1; seq <= count; seq++) {
    const ts = new Date(Date.parse('2026-11-02T08:00:00Z') + seq * 3_600_000).toISOString()
    const unhashed = {
      id: newId('punch'),
      tenant_id: tenantId,
      user_id: userId,
      seq,
      type: seq % 2 === 1 ? ('in' as const) : ('out' as const),
      ts,
      modality: 'onsite' as const,
      source: 'api',
      created_at: ts,
      prev_hash: rows.at(-1)?.hash ?? null,
    }
    rows.push({ ...unhashed, hash: punchHash(unhashed) })
  }
  return rows
}

for (const target of ENGINES) {
  const skip = target.engine === 'postgres' && !PG_URL ? 'PostgreSQL SKIPPED: set TEST_DATABASE_URL to run it' : false
  describe(`migration 0005, punch chain heads [${target.engine}]`, { skip }, () => {
    let handle: DatabaseHandle
    let cleanup: () => Promise<void>

    before(async () => {
      const fresh = await target.freshDatabase()
      cleanup = fresh.cleanup
      handle = await openDatabase(fresh.url, fresh.options)
    })
    after(async () => {
      await handle?.destroy()
      await cleanup?.()
    })

    it('gives every existing chain its last punch as head, and verification then passes', async () => {
      await migrateUpTo(handle, '2026_11_21_0004_absences')
      const { tenant } = await createTenant(handle.db, { name: 'Before heads', admin_email: 'admin@heads.example', admin_name: 'Admin' })
      const long = await insertUserRecord(handle.db, tenant.id, newUserInput({ email: 'long@heads.example', fullName: 'Long' }))
      const short = await insertUserRecord(handle.db, tenant.id, newUserInput({ email: 'short@heads.example', fullName: 'Short' }))
      const longChain = chainOf(tenant.id, long, 5)
      await handle.db.insertInto('punches').values([...longChain, ...chainOf(tenant.id, short, 1)]).execute()

      assert.deepEqual((await migrateToLatest(handle))[0], '2026_11_21_0005_punch_chain_heads')
      const heads = await handle.db.selectFrom('punch_chain_heads').selectAll().where('tenant_id', '=', tenant.id).orderBy('seq').execute()
      assert.deepEqual(
        heads.map((h) => [h.user_id, Number(h.seq)]),
        [
          [short, 1],
          [long, 5],
        ],
      )
      assert.equal(heads[1]!.hash, longChain[4]!.hash)
      const report = await verifyPunchChains(handle.db, tenant.id)
      assert.deepEqual([report.ok, report.users_checked, report.punches_checked], [true, 2, 6])

      // A run cut short (SQLite does not run a migration as one transaction) can run again.
      await chainHeadsMigration.up(handle.db)
      const again = await handle.db.selectFrom('punch_chain_heads').selectAll().where('tenant_id', '=', tenant.id).orderBy('seq').execute()
      assert.deepEqual(again, heads)
    })
  })
}
