/**
 * Corrections of the legal record (docs/decisions/0010-legal-working-time-record.md) with the
 * consent of both sides, through HTTP: who proposes and who decides, the approved correction
 * applied append-only and hash-chained, and rejected or cancelled corrections changing nothing.
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
  'legal record: corrections with consent',
  (t) => {
    it('an employee proposes; they cannot approve it; their manager’s manager approves; the trail is kept', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      await punch(tenant, ids.employee, 'in', '2026-11-20T08:00:00Z')
      const stray = await punch(tenant, ids.employee, 'out', '2026-11-20T09:00:00Z')
      const body = {
        user_id: ids.employee,
        reason: 'I pressed out by mistake at 09:00 and left at 17:00',
        changes: [
          { action: 'void', punch_id: stray.id },
          { action: 'add', type: 'out', ts: '2026-11-20T18:00:00+01:00' },
        ],
      }
      const res = await as.employee.post('/api/v1/attendance/corrections', body)
      assert.equal(res.status, 201, JSON.stringify(res.body))
      const correction = res.body.data
      assert.match(correction.id, /^cor_/)
      assert.deepEqual(Object.keys(correction).sort(), [
        'cancelled_at',
        'changes',
        'decided_at',
        'decided_by',
        'decision_note',
        'id',
        'proposed_at',
        'proposed_by',
        'reason',
        'status',
        'user_id',
      ])
      assert.deepEqual(
        [correction.status, correction.proposed_by, correction.proposed_at, correction.decided_by],
        ['pending', ids.employee, '2026-11-20T18:00:00.000Z', null],
      )
      assert.deepEqual(correction.changes, [
        { action: 'void', punch_id: stray.id },
        { action: 'add', type: 'out', ts: '2026-11-20T17:00:00.000Z' },
      ])
      // Nothing changes while it is pending.
      assert.equal((await days(tenant, ids.employee, '2026-11-20'))[0].worked_minutes, 60)

      const decide = (client: typeof as.employee, decision = 'approved') =>
        client.post(`/api/v1/attendance/corrections/${correction.id}/decide`, {
          decision,
          note: 'Confirmed with the team',
        })
      expectError(await decide(as.employee), 403, 'permission_denied')
      expectError(await decide(tenant.admin), 403, 'permission_denied') // an administrator outside HR and the chain is no party
      expectError(await decide(as.colleague), 404, 'not_found') // sees nothing of the employee
      const approved = await decide(as.director)
      assert.equal(approved.status, 200, JSON.stringify(approved.body))
      assert.deepEqual(
        [
          approved.body.data.status,
          approved.body.data.decided_by,
          approved.body.data.decided_at,
          approved.body.data.decision_note,
          approved.body.data.reason,
        ],
        ['approved', ids.director, '2026-11-20T18:00:00.000Z', 'Confirmed with the team', body.reason],
      )
      expectError(await decide(as.manager), 409, 'correction_not_pending')
      const day = (await days(tenant, ids.employee, '2026-11-20'))[0]
      assert.deepEqual(
        day.punches.map((p: any) => [p.type, p.at, p.edited]),
        [
          ['in', '2026-11-20T08:00:00.000Z', false],
          ['out', '2026-11-20T17:00:00.000Z', true],
        ],
      )
      assert.equal(day.worked_minutes, 540)
      assert.deepEqual(
        (await as.employee.get(`/api/v1/attendance/corrections/${correction.id}`)).body.data,
        approved.body.data,
      )
      // The chain verifies with the correction in it.
      const report = await verifyPunchChains(t.database.db, tenant.id, ids.employee)
      assert.deepEqual([report.ok, report.punches_checked], [true, 4]) // two punches, the correction, the appended out
    })

    it('HR proposes the missing out of a 46-hour day; the employee accepts; the day becomes the real one', async () => {
      setNow('2026-11-20T12:00:00Z')
      const { tenant, ids, as } = await company(t)
      // A company whose sessions may last two days (under the default maximum the 46 hours would be a
      // forgotten clock-out, counted as no more than the day's expected minutes).
      await tenant.admin.patch('/api/v1/tenant', { max_session_hours: 48 })
      await punch(tenant, ids.employee, 'in', '2026-11-17T08:00:00Z')
      const late = await punch(tenant, ids.employee, 'out', '2026-11-19T06:00:00Z') // forgotten, pushed two days later
      const before = (await days(tenant, ids.employee, '2026-11-17'))[0]
      assert.equal(before.worked_minutes, 46 * 60)
      const res = await as.hr.post('/api/v1/attendance/corrections', {
        user_id: ids.employee,
        reason: 'Out forgotten on the 17th; left at 16:30 per the access log',
        changes: [{ action: 'move', punch_id: late.id, ts: '2026-11-17T16:30:00Z' }],
      })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      // When someone else proposes, only the employee decides: not HR, not the manager.
      expectError(
        await as.hr.post(`/api/v1/attendance/corrections/${res.body.data.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      expectError(
        await as.manager.post(`/api/v1/attendance/corrections/${res.body.data.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      const accepted = await as.employee.post(`/api/v1/attendance/corrections/${res.body.data.id}/decide`, {
        decision: 'approved',
      })
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
      const after = (await days(tenant, ids.employee, '2026-11-17'))[0]
      assert.equal(after.worked_minutes, 8 * 60 + 30)
      assert.deepEqual(
        after.punches.map((p: any) => p.edited),
        [false, true],
      )
      const summary = (
        await tenant.admin.get('/api/v1/attendance/summary?from=2026-11-17&to=2026-11-19&tz=UTC&page_size=100')
      ).body.data
      assert.equal(summary.find((r: any) => r.user_id === ids.employee).worked_minutes, 510)
      // The employee can clock in again after the corrected out.
      assert.equal((await as.employee.post('/api/v1/attendance/clock', { type: 'in' })).status, 201)

      // An out never pushed at all: the open session has lasted 50 hours, past the maximum, so
      // Monday's line counts no more than the day's expected 8 hours until a correction closes it.
      const colleagueKey = as.colleague
      setNow('2026-11-23T08:00:00Z')
      assert.equal((await colleagueKey.post('/api/v1/attendance/clock', { type: 'in' })).status, 201)
      setNow('2026-11-25T10:00:00Z')
      const open = (await days(tenant, ids.colleague, '2026-11-23'))[0]
      assert.deepEqual(
        [open.worked_minutes, open.balance_minutes, open.anomalies[0].type, open.anomalies[0].minutes],
        [480, 0, 'session_too_long', 50 * 60],
      )
      const missing = await as.hr.post('/api/v1/attendance/corrections', {
        user_id: ids.colleague,
        reason: 'Missing out on Monday; left at 16:30',
        changes: [{ action: 'add', type: 'out', ts: '2026-11-23T16:30:00Z' }],
      })
      assert.equal(missing.status, 201, JSON.stringify(missing.body))
      assert.equal(
        (
          await colleagueKey.post(`/api/v1/attendance/corrections/${missing.body.data.id}/decide`, {
            decision: 'approved',
          })
        ).status,
        200,
      )
      const monday = (await days(tenant, ids.colleague, '2026-11-23'))[0]
      assert.equal(monday.worked_minutes, 8 * 60 + 30)
      assert.deepEqual(
        monday.punches.map((p: any) => [p.type, p.edited]),
        [
          ['in', false],
          ['out', true],
        ],
      )
    })

    it('a rejected or cancelled correction changes nothing; only the proposer cancels, only while pending', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      const inn = await punch(tenant, ids.employee, 'in', '2026-11-20T08:00:00Z')
      await punch(tenant, ids.employee, 'out', '2026-11-20T16:00:00Z')
      const propose = async () =>
        (
          await as.employee.post('/api/v1/attendance/corrections', {
            user_id: ids.employee,
            reason: 'Earlier',
            changes: [{ action: 'move', punch_id: inn.id, ts: '2026-11-20T07:00:00Z' }],
          })
        ).body.data
      const before = await days(tenant, ids.employee, '2026-11-20')
      const rejected = await propose()
      const res = await as.manager.post(`/api/v1/attendance/corrections/${rejected.id}/decide`, {
        decision: 'rejected',
        note: 'No evidence',
      })
      assert.deepEqual(
        [res.status, res.body.data.status, res.body.data.decision_note],
        [200, 'rejected', 'No evidence'],
      )
      assert.deepEqual(await days(tenant, ids.employee, '2026-11-20'), before)
      const log = (
        await tenant.admin.get(
          `/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-20&tz=UTC`,
        )
      ).body.data
      assert.ok(log.every((p: any) => p.superseded_by === null && p.source === 'api'))

      const cancelled = await propose()
      expectError(
        await as.manager.post(`/api/v1/attendance/corrections/${cancelled.id}/cancel`),
        403,
        'permission_denied',
      )
      const done = await as.employee.post(`/api/v1/attendance/corrections/${cancelled.id}/cancel`)
      assert.deepEqual(
        [done.status, done.body.data.status, done.body.data.cancelled_at],
        [200, 'cancelled', '2026-11-20T18:00:00.000Z'],
      )
      expectError(
        await as.employee.post(`/api/v1/attendance/corrections/${cancelled.id}/cancel`),
        409,
        'correction_not_pending',
      )
      expectError(
        await as.manager.post(`/api/v1/attendance/corrections/${cancelled.id}/decide`, { decision: 'approved' }),
        409,
        'correction_not_pending',
      )
      expectError(
        await as.employee.post(`/api/v1/attendance/corrections/${rejected.id}/cancel`),
        409,
        'correction_not_pending',
      )
      assert.deepEqual(await days(tenant, ids.employee, '2026-11-20'), before)
      expectError(await as.employee.post('/api/v1/attendance/corrections/cor_missing/cancel'), 404, 'not_found')

      // Lists: filters and need-to-know.
      const all = await tenant.admin.get(`/api/v1/attendance/corrections?user_id=${ids.employee}`)
      assert.deepEqual(
        all.body.data.map((c: any) => c.id),
        [cancelled.id, rejected.id],
      )
      assert.equal((await tenant.admin.get('/api/v1/attendance/corrections?status=rejected')).body.meta.total, 1)
      assert.equal(
        (await tenant.admin.get('/api/v1/attendance/corrections?from=2026-11-20&to=2026-11-20&tz=UTC')).body.meta.total,
        2,
      )
      assert.equal(
        (await tenant.admin.get('/api/v1/attendance/corrections?from=2026-11-21&to=2026-11-30&tz=UTC')).body.meta.total,
        0,
      )
      assert.equal((await as.colleague.get('/api/v1/attendance/corrections')).body.meta.total, 0)
      assert.equal((await as.manager.get('/api/v1/attendance/corrections')).body.meta.total, 2)
      expectError(await as.colleague.get(`/api/v1/attendance/corrections/${rejected.id}`), 404, 'not_found')
      expectError(
        await tenant.admin.get('/api/v1/attendance/corrections?from=2025-01-01&to=2026-12-31'),
        400,
        'invalid_request',
      )
    })
  },
  { app: { clock: () => now } },
)
