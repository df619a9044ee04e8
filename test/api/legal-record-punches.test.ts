/**
 * The legal working-time record (docs/decisions/0010-legal-working-time-record.md) through HTTP:
 * personal clock-in at the server's moment, and the punch log showing every stored punch with its
 * origin, superseded ones included. The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { company, days, punch } from '../helpers/legal-record.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'legal record: personal clock-in and the punch log',
  (t) => {
    it('personal clock-in: any employee punches for themselves at the server’s moment, with the usual rules', async () => {
      setNow('2026-11-20T08:00:00.123Z')
      const { tenant, ids, as } = await company(t)
      const res = await as.employee.post('/api/v1/attendance/clock', { type: 'in', modality: 'remote' })
      assert.equal(res.status, 201)
      assert.deepEqual(
        [
          res.body.data.user_id,
          res.body.data.type,
          res.body.data.ts,
          res.body.data.modality,
          res.body.data.source,
          res.body.data.created_by,
        ],
        [ids.employee, 'in', '2026-11-20T08:00:00.123Z', 'remote', 'clock', ids.employee],
      )
      // No other employee: the body is only { type, modality?, ts? }.
      expectError(
        await as.employee.post('/api/v1/attendance/clock', { type: 'out', user_id: ids.colleague }),
        400,
        'invalid_request',
      )
      expectError(
        await as.employee.post('/api/v1/attendance/clock', { type: 'out', modality: 'onsite' }),
        400,
        'invalid_request',
      )
      // The same moment as the last punch is not later than it.
      expectError(await as.employee.post('/api/v1/attendance/clock', { type: 'out' }), 409, 'punch_out_of_order')
      setNow('2026-11-20T12:00:00Z')
      expectError(
        await as.employee.post('/api/v1/attendance/clock', { type: 'break_end' }),
        409,
        'punch_sequence_invalid',
      )
      assert.equal((await as.employee.post('/api/v1/attendance/clock', { type: 'out' })).status, 201)
      expectError(
        await as.colleague.post('/api/v1/attendance/clock', { type: 'in', modality: 'remote' }),
        409,
        'remote_not_allowed',
      )
      const day = (await days(tenant, ids.employee, '2026-11-20'))[0]
      assert.equal(day.worked_minutes, 239)
      assert.deepEqual(
        day.punches.map((p: any) => p.edited),
        [false, false],
      )
      // A key without the scope may not clock.
      const noScope = await tenant.keyFor(ids.colleague, ['attendance.list'])
      expectError(await noScope.post('/api/v1/attendance/clock', { type: 'in' }), 403, 'scope_required')
    })

    it('a punch the app kept offline arrives later with its real moment: with an Idempotency-Key, within a week, recorded at that moment even after the maximum (art. 34.9 ET)', async () => {
      setNow('2026-11-20T18:30:00Z')
      const { tenant, ids, as } = await company(t)
      const queued = (body: Record<string, unknown>, key: string | null = `k-${Math.random()}`, who = as.employee) =>
        who.request('POST', '/api/v1/attendance/clock', body, key ? { 'idempotency-key': key } : {})
      // The Date header is the service's clock: the app stamps offline punches with it.
      const answer = await as.employee.get('/api/v1/me')
      assert.equal(answer.headers.date, 'Fri, 20 Nov 2026 18:30:00 GMT')
      // Without an Idempotency-Key a moment of one's own is refused: only a kept punch has one.
      expectError(await queued({ type: 'in', ts: '2026-11-20T08:01:00Z' }, null), 400, 'invalid_request')
      const kept = await queued({ type: 'in', ts: '2026-11-20T08:01:00Z' })
      assert.equal(kept.status, 201, JSON.stringify(kept.body))
      assert.deepEqual(
        [kept.body.data.ts, kept.body.data.source, kept.body.data.created_by],
        ['2026-11-20T08:01:00.000Z', 'clock', ids.employee],
      )
      const log = await tenant.admin.get(
        `/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-20`,
      )
      // When it arrived stays visible next to when it was made.
      assert.equal(log.body.data[0].created_at, '2026-11-20T18:30:00.000Z')
      expectError(await queued({ type: 'out', ts: '2026-11-20T07:00:00Z' }), 409, 'punch_out_of_order')
      expectError(await queued({ type: 'out', ts: '2026-11-20T18:31:30Z' }), 400, 'invalid_request')
      // A week is as long as a phone keeps a punch; older ones are corrections.
      expectError(
        await queued({ type: 'in', ts: '2026-11-12T08:00:00Z' }, undefined, as.colleague),
        400,
        'invalid_request',
      )
      // The session began at 08:01; at 23:00 it has passed the 14 hours. A clock-out the phone kept
      // since 17:00 is judged at its own moment, when the session was plausible: every day's end is
      // recorded (art. 34.9 ET), and the punch log's created_at shows that it arrived late.
      setNow('2026-11-20T23:00:00Z')
      const late = await queued({ type: 'out', ts: '2026-11-20T17:00:00Z' })
      assert.equal(late.status, 201, JSON.stringify(late.body))
      assert.deepEqual([late.body.data.ts, late.body.data.left_open_session], ['2026-11-20T17:00:00.000Z', null])
      const day = (await days(tenant, ids.employee, '2026-11-20'))[0]
      assert.equal(day.worked_minutes, 539)
      assert.ok(!day.anomalies.some((a: any) => a.type === 'session_too_long'))
    })

    it('the punch log shows every stored punch with its origin, superseded ones included, by time', async () => {
      setNow('2026-11-20T18:00:00Z')
      const { tenant, ids, as } = await company(t)
      const wrongIn = await punch(tenant, ids.employee, 'in', '2026-11-20T09:30:00Z')
      const out = await punch(tenant, ids.employee, 'out', '2026-11-20T17:00:00Z')
      const proposed = await as.employee.post('/api/v1/attendance/corrections', {
        user_id: ids.employee,
        reason: 'I arrived at 08:00; the reader failed',
        changes: [{ action: 'move', punch_id: wrongIn.id, ts: '2026-11-20T08:00:00Z' }],
      })
      assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
      assert.equal(
        (
          await as.manager.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
            decision: 'approved',
          })
        ).status,
        200,
      )

      const log = await as.employee.get(
        `/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-20&tz=UTC`,
      )
      assert.equal(log.status, 200)
      assert.equal(log.body.meta.total, 3)
      assert.deepEqual(
        log.body.data.map((p: any) => [p.type, p.ts, p.source, p.created_by, p.correction_id, p.superseded_by]),
        [
          ['in', '2026-11-20T08:00:00.000Z', 'correction', ids.employee, proposed.body.data.id, null],
          ['in', '2026-11-20T09:30:00.000Z', 'api', tenant.adminId, null, proposed.body.data.id],
          ['out', '2026-11-20T17:00:00.000Z', 'api', tenant.adminId, null, null],
        ],
      )
      assert.equal(log.body.data[2].id, out.id)
      assert.ok(log.body.data.every((p: any) => p.kiosk_id === null && !Number.isNaN(Date.parse(p.created_at))))
      // Paginated; range rules; need-to-know.
      assert.equal(
        (
          await tenant.admin.get(
            `/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-20&tz=UTC&page=2&page_size=2`,
          )
        ).body.data.length,
        1,
      )
      expectError(
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-19`),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=usr_missing&from=2026-11-20&to=2026-11-20`),
        404,
        'not_found',
      )
      expectError(
        await as.colleague.get(`/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-20`),
        404,
        'not_found',
      )
      assert.equal(
        (await as.director.get(`/api/v1/attendance/punches?user_id=${ids.employee}&from=2026-11-20&to=2026-11-20`))
          .status,
        200,
      )
      // The daily record counts the effective punches only, and marks the moved one.
      const day = (await days(tenant, ids.employee, '2026-11-20'))[0]
      assert.deepEqual(day.punches, [
        { type: 'in', at: '2026-11-20T08:00:00.000Z', edited: true },
        { type: 'out', at: '2026-11-20T17:00:00.000Z', edited: false },
      ])
      assert.equal(day.worked_minutes, 540)
    })
  },
  { app: { clock: () => now } },
)
