/**
 * The integrity of the punch record: concurrent pushes give a coherent sequence, and the hash chains
 * reveal edited or removed punches, also against an earlier report's anchors and while employees
 * punch.
 * The app's clock is set per test so punches can be placed around past DST changes while still
 * obeying "at most 60 days old, not in the future".
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { anchorsOfReport, verifyPunchChains } from '../../src/modules/attendance/chain-verification.service.js'
import { punchHash } from '../../src/modules/attendance/punch-chain.js'
import { forEachEngine } from '../helpers/harness.js'
import { punch } from '../helpers/attendance.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'attendance: concurrent punches and chain integrity',
  (t) => {
    it('20 concurrent punch pushes for one user produce a coherent, strictly increasing sequence; every rejection is a 409', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const types = ['in', 'break_start', 'break_end', 'out']
      const requests = Array.from({ length: 20 }, (_, i) =>
        tenant.admin.post('/api/v1/attendance', {
          user_id: user.id,
          type: types[i % 4],
          ts: new Date(Date.parse('2026-11-21T06:00:00Z') + ((i * 7) % 20) * 60_000).toISOString(),
        }),
      )
      const results = await Promise.all(requests)
      for (const res of results)
        assert.ok(res.status === 201 || res.status === 409, `${res.status} ${JSON.stringify(res.body)}`)
      assert.ok(results.some((r) => r.status === 201))
      const stored = await t.database.db
        .selectFrom('punches')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('seq')
        .execute()
      assert.equal(stored.length, results.filter((r) => r.status === 201).length)
      let last: string | null = null
      for (const [index, p] of stored.entries()) {
        assert.equal(p.seq, index + 1)
        if (last !== null) assert.ok(p.ts > last, 'strictly later')
        last = p.ts
      }
      const { sequenceProblem } = await import('../../src/modules/attendance/attendance.logic.js')
      for (const [i, p] of stored.entries())
        assert.equal(sequenceProblem(i === 0 ? null : stored[i - 1]!.type, p.type), null)
      assert.equal((await verifyPunchChains(t.database.db, tenant.id, user.id)).ok, true)
    })

    it('tamper evidence: editing a stored punch breaks its chain and verification reports it', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const other = await tenant.createUser()
      await punch(tenant, user.id, 'in', '2026-11-20T08:00:00Z')
      const tampered = await punch(tenant, user.id, 'out', '2026-11-20T16:00:00Z')
      await punch(tenant, user.id, 'in', '2026-11-21T08:00:00Z')
      await punch(tenant, other.id, 'in', '2026-11-21T08:00:00Z')
      const clean = await verifyPunchChains(t.database.db, tenant.id)
      assert.deepEqual([clean.ok, clean.users_checked, clean.punches_checked, clean.broken], [true, 2, 4, []])
      // Somebody extends the working day directly in the database.
      await t.database.db
        .updateTable('punches')
        .set({ ts: '2026-11-20T18:00:00.000Z' })
        .where('id', '=', tampered.id)
        .execute()
      const report = await verifyPunchChains(t.database.db, tenant.id)
      assert.equal(report.ok, false)
      assert.deepEqual(report.broken, [{ user_id: user.id, punch_id: tampered.id, seq: 2, problem: 'hash_mismatch' }])
      assert.equal((await verifyPunchChains(t.database.db, tenant.id, other.id)).ok, true)
      // Deleting a punch is found too.
      await t.database.db.deleteFrom('punches').where('id', '=', tampered.id).execute()
      const afterDelete = await verifyPunchChains(t.database.db, tenant.id, user.id)
      assert.deepEqual(afterDelete.broken.map((b) => b.problem).sort(), ['prev_hash_mismatch', 'sequence_gap'])
    })

    it('tamper evidence: punches removed from the end of a chain are found against its recorded head', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const gone = await tenant.createUser()
      await punch(tenant, user.id, 'in', '2026-11-20T08:00:00Z')
      await punch(tenant, user.id, 'out', '2026-11-20T16:00:00Z')
      const last = await punch(tenant, user.id, 'in', '2026-11-21T08:00:00Z')
      const only = await punch(tenant, gone.id, 'in', '2026-11-21T08:00:00Z')
      assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true)
      // The morning's `in` is removed: what is left is a valid chain of two, yet one is missing.
      await t.database.db.deleteFrom('punches').where('id', 'in', [last.id, only.id]).execute()
      const report = await verifyPunchChains(t.database.db, tenant.id)
      assert.equal(report.ok, false)
      assert.equal(report.users_checked, 2, 'an employee whose punches are all gone is still checked')
      assert.deepEqual(
        report.broken,
        [
          { user_id: user.id, punch_id: null, seq: 3, problem: 'chain_truncated' },
          { user_id: gone.id, punch_id: null, seq: 1, problem: 'chain_truncated' },
        ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      )
      assert.deepEqual((await verifyPunchChains(t.database.db, tenant.id, gone.id)).broken, [
        { user_id: gone.id, punch_id: null, seq: 1, problem: 'chain_truncated' },
      ])
      // The next punch links to the recorded head, not to what is left: the gap stays on record.
      const next = await punch(tenant, user.id, 'in', '2026-11-21T09:00:00Z')
      const afterNext = await verifyPunchChains(t.database.db, tenant.id, user.id)
      assert.deepEqual(afterNext.broken, [
        { user_id: user.id, punch_id: next.id, seq: 4, problem: 'prev_hash_mismatch' },
        { user_id: user.id, punch_id: next.id, seq: 4, problem: 'sequence_gap' },
      ])
    })

    it('an earlier report anchors the chains: a rewrite with every hash and the head recomputed is still found', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const first = await punch(tenant, user.id, 'in', '2026-11-20T08:00:00Z')
      await punch(tenant, user.id, 'out', '2026-11-20T16:00:00Z')
      const kept = await verifyPunchChains(t.database.db, tenant.id)
      assert.equal(kept.ok, true)
      const stored = await t.database.db
        .selectFrom('punches')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('seq')
        .execute()
      assert.deepEqual(kept.anchors, [{ user_id: user.id, seq: 2, hash: stored[1]!.hash }])
      // The report travels as JSON, outside the database.
      const against = anchorsOfReport(JSON.parse(JSON.stringify(kept)), tenant.id)

      // Someone who knows the scheme starts the day an hour later and recomputes everything after it.
      let prev: string | null = null
      for (const row of stored) {
        const rewritten = { ...row, ts: row.id === first.id ? '2026-11-20T09:00:00.000Z' : row.ts, prev_hash: prev }
        const hash = punchHash(rewritten)
        await t.database.db
          .updateTable('punches')
          .set({ ts: rewritten.ts, prev_hash: prev, hash })
          .where('id', '=', row.id)
          .execute()
        prev = hash
      }
      await t.database.db.updateTable('punch_chain_heads').set({ hash: prev! }).where('user_id', '=', user.id).execute()
      assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true, 'consistent in itself')
      // An anchor given twice is compared (and reported) once.
      const report = await verifyPunchChains(t.database.db, tenant.id, undefined, [...against, ...against])
      assert.deepEqual(report.broken, [
        { user_id: user.id, punch_id: stored[1]!.id, seq: 2, problem: 'changed_since_report' },
      ])
      assert.equal(report.anchors_checked, 1)
      assert.deepEqual((await verifyPunchChains(t.database.db, tenant.id, user.id, against)).broken, report.broken)
      const colleague = await tenant.createUser()
      assert.equal(
        (await verifyPunchChains(t.database.db, tenant.id, colleague.id, against)).anchors_checked,
        0,
        'nothing of theirs anchored',
      )

      const other = await t.newTenant()
      assert.throws(() => anchorsOfReport(kept, other.id), { code: 'invalid_request', message: /another company/ })
      const stranger = await other.createUser()
      await assert.rejects(
        verifyPunchChains(t.database.db, tenant.id, undefined, [
          { user_id: stranger.id, seq: 1, hash: 'a'.repeat(64) },
        ]),
        {
          code: 'invalid_request',
          message: /no employees of this company/,
        },
      )
      assert.throws(
        () => anchorsOfReport({ tenant_id: tenant.id, anchors: [{ user_id: user.id, seq: 0, hash: 'x' }] }, tenant.id),
        {
          code: 'invalid_request',
          message: /against/,
        },
      )
    })

    it('verification while employees punch sees each chain with its head, never half of a punch', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const users = await Promise.all(Array.from({ length: 12 }, () => tenant.createUser()))
      for (const user of users) await punch(tenant, user.id, 'in', '2026-11-21T08:00:00Z')
      const [report] = await Promise.all([
        verifyPunchChains(t.database.db, tenant.id),
        ...users.map((user, i) =>
          punch(tenant, user.id, 'out', `2026-11-21T11:${String(10 + i).padStart(2, '0')}:00Z`),
        ),
      ])
      assert.deepEqual([report.ok, report.users_checked, report.broken], [true, 12, []])
      assert.ok(report.punches_checked >= 12 && report.punches_checked <= 24)
    })
  },
  { app: { clock: () => now } },
)
