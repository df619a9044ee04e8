/**
 * Corrections of the legal record (docs/decisions/0010-legal-working-time-record.md) kept coherent:
 * proposals are judged and judged again on approval, chain verification finds tampered or removed
 * corrections and superseded marks, and concurrent approvals and clock-ins leave one coherent record.
 * The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { verifyPunchChains } from '../../src/modules/attendance/chain-verification.service.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { company, days, punch } from '../helpers/legal-record.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'legal record: correction checks, verification and races',
  (t) => {
    it('proposals are judged: coherent sequence (409), punches of the employee (404), not superseded (409), valid changes (400)', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      const inn = await punch(tenant, ids.employee, 'in', '2026-11-20T08:00:00Z')
      const out = await punch(tenant, ids.employee, 'out', '2026-11-20T16:00:00Z')
      const theirs = await punch(tenant, ids.colleague, 'in', '2026-11-20T08:00:00Z')
      const propose = (changes: unknown[], reason: unknown = 'Fix') =>
        tenant.admin.post('/api/v1/attendance/corrections', { user_id: ids.employee, reason, changes })
      // Incoherent: an out after an out, an in moved after its out, two punches at one moment.
      expectError(
        await propose([{ action: 'add', type: 'out', ts: '2026-11-20T17:00:00Z' }]),
        409,
        'correction_incoherent',
      )
      expectError(
        await propose([{ action: 'move', punch_id: inn.id, ts: '2026-11-20T16:30:00Z' }]),
        409,
        'correction_incoherent',
      )
      expectError(await propose([{ action: 'void', punch_id: inn.id }]), 409, 'correction_incoherent')
      expectError(
        await propose([{ action: 'add', type: 'break_start', ts: '2026-11-20T16:00:00Z' }]),
        409,
        'correction_incoherent',
      )
      // Coherent: a break inside the session.
      assert.equal(
        (
          await propose([
            { action: 'add', type: 'break_start', ts: '2026-11-20T12:00:00Z' },
            { action: 'add', type: 'break_end', ts: '2026-11-20T12:30:00Z' },
          ])
        ).status,
        201,
      )
      // Punches of someone else, or of nobody: 404.
      expectError(await propose([{ action: 'void', punch_id: theirs.id }]), 404, 'not_found')
      expectError(
        await propose([{ action: 'move', punch_id: 'pun_missing', ts: '2026-11-20T07:00:00Z' }]),
        404,
        'not_found',
      )
      // Invalid in themselves: 400.
      expectError(await propose([]), 400, 'invalid_request')
      expectError(await propose([{ action: 'void', punch_id: out.id }], ''), 400, 'invalid_request')
      expectError(await propose([{ action: 'add', type: 'out', ts: '2026-11-20T19:00:00Z' }]), 400, 'invalid_request') // future
      expectError(
        await propose([
          { action: 'void', punch_id: out.id },
          { action: 'move', punch_id: out.id, ts: '2026-11-20T15:00:00Z' },
        ]),
        400,
        'invalid_request',
      )
      expectError(
        await propose([{ action: 'add', type: 'out', ts: '2026-11-20T15:00:00Z', modality: 'remote' }]),
        400,
        'invalid_request',
      )
      expectError(
        await propose([
          { action: 'add', type: 'in', ts: '2026-10-01T08:00:00Z' },
          { action: 'add', type: 'out', ts: '2026-11-20T07:00:00Z' },
        ]),
        400,
        'invalid_request',
      )
      expectError(await propose([{ action: 'edit', punch_id: out.id }]), 400, 'invalid_request')
      expectError(
        await propose([{ action: 'move', punch_id: out.id, ts: '2026-11-20T17:00:00+01:00' }]),
        400,
        'invalid_request',
      ) // where it is
      expectError(
        await tenant.admin.post('/api/v1/attendance/corrections', {
          user_id: 'usr_missing',
          reason: 'x',
          changes: [{ action: 'void', punch_id: out.id }],
        }),
        404,
        'not_found',
      )
      expectError(
        await as.colleague.post('/api/v1/attendance/corrections', {
          user_id: ids.employee,
          reason: 'x',
          changes: [{ action: 'void', punch_id: out.id }],
        }),
        404,
        'not_found',
      )
      expectError(
        await propose([
          { action: 'add', type: 'in', ts: '2026-11-20T17:00:00Z', modality: 'remote' },
          { action: 'add', type: 'out', ts: '2026-11-20T17:30:00Z' },
        ]).then(async () => {
          await tenant.admin.patch(`/api/v1/users/${ids.employee}`, { remote_work_allowed: false })
          return propose([
            { action: 'add', type: 'in', ts: '2026-11-20T17:00:00Z', modality: 'remote' },
            { action: 'add', type: 'out', ts: '2026-11-20T17:30:00Z' },
          ])
        }),
        409,
        'remote_not_allowed',
      )

      // Superseded punches cannot be corrected again: their replacement can.
      const moved = (await propose([{ action: 'move', punch_id: out.id, ts: '2026-11-20T17:00:00Z' }])).body.data
      assert.equal(
        (await as.employee.post(`/api/v1/attendance/corrections/${moved.id}/decide`, { decision: 'approved' })).status,
        200,
      )
      expectError(
        await propose([{ action: 'move', punch_id: out.id, ts: '2026-11-20T16:45:00Z' }]),
        409,
        'punch_superseded',
      )
    })

    it('approval judges the record again: a proposal made incoherent in between is 409 and stays pending', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      await punch(tenant, ids.employee, 'in', '2026-11-20T08:00:00Z')
      const proposal = (
        await as.hr.post('/api/v1/attendance/corrections', {
          user_id: ids.employee,
          reason: 'Forgot to clock out at 16:00',
          changes: [{ action: 'add', type: 'out', ts: '2026-11-20T16:00:00Z' }],
        })
      ).body.data
      // Meanwhile the employee clocks out for real at 18:00: adding another out before it breaks the sequence.
      assert.equal((await as.employee.post('/api/v1/attendance/clock', { type: 'out' })).status, 201)
      expectError(
        await as.employee.post(`/api/v1/attendance/corrections/${proposal.id}/decide`, { decision: 'approved' }),
        409,
        'correction_incoherent',
      )
      assert.equal((await as.employee.get(`/api/v1/attendance/corrections/${proposal.id}`)).body.data.status, 'pending')
      assert.equal(
        (await as.employee.post(`/api/v1/attendance/corrections/${proposal.id}/decide`, { decision: 'rejected' })).body
          .data.status,
        'rejected',
      )
    })

    it('verification reports a tampered correction, a removed one, and a superseded mark no correction accounts for', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      const inn = await punch(tenant, ids.employee, 'in', '2026-11-20T08:00:00Z')
      await punch(tenant, ids.employee, 'out', '2026-11-20T16:00:00Z')
      const c = (
        await as.hr.post('/api/v1/attendance/corrections', {
          user_id: ids.employee,
          reason: 'Arrived at 07:30',
          changes: [{ action: 'move', punch_id: inn.id, ts: '2026-11-20T07:30:00Z' }],
        })
      ).body.data
      await as.employee.post(`/api/v1/attendance/corrections/${c.id}/decide`, { decision: 'approved' })
      assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true)
      const db = t.database.db
      // Someone rewrites the reason of the approved correction.
      await db.updateTable('punch_corrections').set({ reason: 'Arrived at 06:00' }).where('id', '=', c.id).execute()
      assert.deepEqual((await verifyPunchChains(db, tenant.id)).broken, [
        { user_id: ids.employee, punch_id: c.id, seq: 3, problem: 'hash_mismatch' },
      ])
      await db.updateTable('punch_corrections').set({ reason: 'Arrived at 07:30' }).where('id', '=', c.id).execute()
      // Someone relabels the approved correction as rejected, or an untouched proposal as approved.
      await db.updateTable('punch_corrections').set({ status: 'rejected' }).where('id', '=', c.id).execute()
      assert.deepEqual((await verifyPunchChains(db, tenant.id)).broken, [
        { user_id: ids.employee, punch_id: c.id, seq: 3, problem: 'correction_status_mismatch' },
      ])
      await db.updateTable('punch_corrections').set({ status: 'approved' }).where('id', '=', c.id).execute()
      const pending = (
        await as.employee.post('/api/v1/attendance/corrections', {
          user_id: ids.employee,
          reason: 'Later',
          changes: [{ action: 'add', type: 'in', ts: '2026-11-20T17:00:00Z' }],
        })
      ).body.data
      await db
        .updateTable('punch_corrections')
        .set({ status: 'approved', decided_by: ids.manager })
        .where('id', '=', pending.id)
        .execute()
      assert.deepEqual((await verifyPunchChains(db, tenant.id)).broken, [
        { user_id: ids.employee, punch_id: pending.id, seq: 0, problem: 'correction_status_mismatch' },
      ])
      await db
        .updateTable('punch_corrections')
        .set({ status: 'pending', decided_by: null })
        .where('id', '=', pending.id)
        .execute()
      // Someone removes the superseded mark to bring the original punch back.
      await db.deleteFrom('punch_supersessions').where('punch_id', '=', inn.id).execute()
      assert.deepEqual((await verifyPunchChains(db, tenant.id)).broken, [
        { user_id: ids.employee, punch_id: inn.id, seq: 1, problem: 'supersession_mismatch' },
      ])
      // ... or marks a punch superseded that no correction names.
      const other = (
        await db
          .selectFrom('punches')
          .select('id')
          .where('user_id', '=', ids.employee)
          .where('seq', '=', 2)
          .executeTakeFirstOrThrow()
      ).id
      await db
        .insertInto('punch_supersessions')
        .values([
          {
            punch_id: inn.id,
            tenant_id: tenant.id,
            user_id: ids.employee,
            correction_id: c.id,
            created_at: '2026-11-20T18:00:00.000Z',
          },
          {
            punch_id: other,
            tenant_id: tenant.id,
            user_id: ids.employee,
            correction_id: c.id,
            created_at: '2026-11-20T18:00:00.000Z',
          },
        ])
        .execute()
      assert.deepEqual((await verifyPunchChains(db, tenant.id)).broken, [
        { user_id: ids.employee, punch_id: other, seq: 2, problem: 'supersession_mismatch' },
      ])
    })

    it('races: two approvals over the same punch leave one coherent record (one 409); an approval during a clock-in stays coherent', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      const late = await punch(tenant, ids.employee, 'in', '2026-11-20T09:00:00Z')
      await punch(tenant, ids.employee, 'out', '2026-11-20T17:00:00Z')
      const propose = async (ts: string) =>
        (
          await as.hr.post('/api/v1/attendance/corrections', {
            user_id: ids.employee,
            reason: 'Earlier',
            changes: [{ action: 'move', punch_id: late.id, ts }],
          })
        ).body.data
      const [a, b] = [await propose('2026-11-20T08:00:00Z'), await propose('2026-11-20T08:30:00Z')]
      const results = await Promise.all(
        [a, b].map((c) => as.employee.post(`/api/v1/attendance/corrections/${c.id}/decide`, { decision: 'approved' })),
      )
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409])
      assert.equal(results.find((r) => r.status === 409)!.body.error.code, 'punch_superseded')
      const day = (await days(tenant, ids.employee, '2026-11-20'))[0]
      assert.equal(day.punches.length, 2)
      assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true)

      // A missing out is approved while the employee clocks: whichever goes first, the other is judged against it.
      setNow('2026-11-21T10:00:00Z')
      await punch(tenant, ids.employee, 'in', '2026-11-21T08:00:00Z')
      const addOut = (
        await as.hr.post('/api/v1/attendance/corrections', {
          user_id: ids.employee,
          reason: 'Left at 09:00 for the doctor',
          changes: [{ action: 'add', type: 'out', ts: '2026-11-21T09:00:00Z' }],
        })
      ).body.data
      const [approval, clock] = await Promise.all([
        as.employee.post(`/api/v1/attendance/corrections/${addOut.id}/decide`, { decision: 'approved' }),
        as.employee.post('/api/v1/attendance/clock', { type: 'out' }),
      ])
      assert.ok(approval.status === 200 || approval.status === 409, JSON.stringify(approval.body))
      assert.ok(clock.status === 201 || clock.status === 409, JSON.stringify(clock.body))
      assert.ok(approval.status === 200 || clock.status === 201)
      const punches = (await days(tenant, ids.employee, '2026-11-21'))[0].punches.map((p: any) => p.type)
      assert.deepEqual(punches.slice(0, 2), ['in', 'out'])
      for (let i = 1; i < punches.length; i++)
        assert.notEqual(punches[i], punches[i - 1], 'never two punches of one type in a row')
      assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true)
    })
  },
  { app: { clock: () => now } },
)
