/**
 * The legal working-time record (decisions 10) through HTTP: personal clock-in, the origin of
 * every punch, the punch log, corrections with the consent of both sides applied append-only and
 * hash-chained, employment periods and schedules with a history. The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { verifyPunchChains } from '../../src/modules/attendance/chain-verification.service.js'
import { expectError, forEachEngine, type TestTenant } from '../helpers/harness.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

async function punch(tenant: TestTenant, userId: string, type: string, ts: string) {
  const res = await tenant.admin.post('/api/v1/attendance', { user_id: userId, type, ts })
  if (res.status !== 201) throw new Error(`punch ${type} ${ts}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

async function days(tenant: TestTenant, userId: string, from: string, to = from) {
  const res = await tenant.admin.get(`/api/v1/attendance?user_id=${userId}&from=${from}&to=${to}&tz=UTC&page_size=100`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data as any[]
}

/** A company with HR, and an employee under a manager under a director. */
async function company(t: { newTenant(): Promise<TestTenant> }) {
  const tenant = await t.newTenant()
  const hrDep = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
  await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDep.id })
  const director = await tenant.createUser({ full_name: 'Director' })
  const manager = await tenant.createUser({ full_name: 'Manager', manager_id: director.id })
  const employee = await tenant.createUser({ full_name: 'Employee', manager_id: manager.id, remote_work_allowed: true })
  const colleague = await tenant.createUser({ full_name: 'Colleague' })
  const hr = await tenant.createUser({ full_name: 'HR person', department_id: hrDep.id })
  return {
    tenant,
    ids: { director: director.id, manager: manager.id, employee: employee.id, colleague: colleague.id, hr: hr.id },
    as: {
      director: await tenant.keyFor(director.id),
      manager: await tenant.keyFor(manager.id),
      employee: await tenant.keyFor(employee.id),
      colleague: await tenant.keyFor(colleague.id),
      hr: await tenant.keyFor(hr.id),
    },
  }
}

forEachEngine(
  'legal record',
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
      // No client moment, no other employee: the body is only { type, modality? }.
      expectError(
        await as.employee.post('/api/v1/attendance/clock', { type: 'out', ts: '2026-11-20T07:00:00Z' }),
        400,
        'invalid_request',
      )
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

    it('HR proposes the missing out of a 50-hour day; the employee accepts; the day becomes the real one', async () => {
      setNow('2026-11-20T12:00:00Z')
      const { tenant, ids, as } = await company(t)
      await punch(tenant, ids.employee, 'in', '2026-11-17T08:00:00Z')
      const late = await punch(tenant, ids.employee, 'out', '2026-11-19T10:00:00Z') // forgotten, pushed two days later
      const before = (await days(tenant, ids.employee, '2026-11-17'))[0]
      assert.equal(before.worked_minutes, 50 * 60)
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

      // An out never pushed at all: the open session counts up to now, 50 hours on Monday's line.
      const colleagueKey = as.colleague
      setNow('2026-11-23T08:00:00Z')
      assert.equal((await colleagueKey.post('/api/v1/attendance/clock', { type: 'in' })).status, 201)
      setNow('2026-11-25T10:00:00Z')
      assert.equal((await days(tenant, ids.colleague, '2026-11-23'))[0].worked_minutes, 50 * 60)
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
        ]).then(async (r) => {
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

    it('employment: deactivated on the 10th nothing is expected from the 11th; reactivated on the 20th, again from the 20th', async () => {
      setNow('2026-11-02T09:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ hire_date: '2026-11-02' })
      await tenant.admin.post('/api/v1/absence-types', {
        key: 'paid',
        label: 'Paid leave',
        requires_approval: false,
        allows_hourly: false,
        consumes_vacation: true,
      })
      const leave = await tenant.admin.post('/api/v1/absences', {
        user_id: user.id,
        type: 'paid',
        start_date: '2026-11-09',
        end_date: '2026-11-13',
      })
      assert.equal(leave.body.data.status, 'approved')
      const balance = async () =>
        (await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance?year=2026`)).body.data.approved
      assert.equal(await balance(), 5)
      setNow('2026-11-10T15:00:00Z')
      assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)).status, 200)
      assert.equal(await balance(), 2, 'the days after the deactivation are no working days of the employee')
      setNow('2026-11-20T07:00:00Z')
      const reactivated = await tenant.admin.post(`/api/v1/users/${user.id}/reactivate`)
      assert.deepEqual(reactivated.body.data.employment_periods, [
        { start_date: '2026-11-02', end_date: '2026-11-10' },
        { start_date: '2026-11-20', end_date: null },
      ])
      const expected = (await days(tenant, user.id, '2026-11-09', '2026-11-24')).map((d) => [
        d.date.slice(8),
        d.expected_minutes,
        d.is_workday,
      ])
      assert.deepEqual(expected, [
        ['09', 0, true],
        ['10', 0, true],
        ['11', 0, false],
        ['12', 0, false],
        ['13', 0, false],
        ['14', 0, false],
        ['15', 0, false],
        ['16', 0, false],
        ['17', 0, false],
        ['18', 0, false],
        ['19', 0, false],
        ['20', 480, true],
        ['21', 0, false],
        ['22', 0, false],
        ['23', 480, true],
        ['24', 480, true],
      ])
      const summary = (
        await tenant.admin.get(`/api/v1/attendance/summary?from=2026-11-01&to=2026-11-30&tz=UTC&page_size=100`)
      ).body.data
      // Working days employed: the 2nd to the 10th (7, of which the 9th and 10th on leave), the 20th, the 23rd to the 30th (6).
      assert.equal(summary.find((r: any) => r.user_id === user.id).expected_days, 5 + 1 + 6)
    })

    it('schedules keep their history: a change today leaves every figure of last month identical', async () => {
      setNow('2026-11-22T10:00:00Z')
      const tenant = await t.newTenant()
      const part = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Part time',
          weekday_minutes: { mon: 240, tue: 240, wed: 240, thu: 240, fri: 240, sat: 0, sun: 0 },
        })
      ).body.data
      const own = await tenant.createUser({ schedule_id: part.id, hire_date: '2026-01-01' })
      const byDefault = await tenant.createUser({ hire_date: '2026-01-01' })
      await punch(tenant, own.id, 'in', '2026-10-27T08:00:00Z')
      await punch(tenant, own.id, 'out', '2026-10-27T13:00:00Z')
      const lastMonth = async () => ({
        summary: (await tenant.admin.get('/api/v1/attendance/summary?from=2026-10-01&to=2026-10-31&page_size=100')).body
          .data,
        own: (
          await tenant.admin.get(`/api/v1/attendance?user_id=${own.id}&from=2026-10-01&to=2026-10-31&page_size=100`)
        ).body.data,
        byDefault: (
          await tenant.admin.get(
            `/api/v1/attendance?user_id=${byDefault.id}&from=2026-10-01&to=2026-10-31&page_size=100`,
          )
        ).body.data,
      })
      const before = await lastMonth()
      const defaultId = (await tenant.admin.get('/api/v1/tenant')).body.data.default_schedule_id
      const fourDays = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Four days',
          weekday_minutes: { mon: 600, tue: 600, wed: 600, thu: 600, fri: 0, sat: 0, sun: 0 },
        })
      ).body.data
      // Every kind of change, each from today: the minutes of a schedule, a user's schedule, the company default.
      const edited = await tenant.admin.patch(`/api/v1/schedules/${part.id}`, {
        weekday_minutes: { mon: 300, tue: 300, wed: 300, thu: 300, fri: 0, sat: 0, sun: 0 },
      })
      assert.equal(edited.status, 200)
      assert.equal(edited.body.data.weekday_minutes.mon, 300)
      assert.equal(
        (
          await tenant.admin.patch(`/api/v1/schedules/${defaultId}`, {
            weekday_minutes: { mon: 420, tue: 420, wed: 420, thu: 420, fri: 420, sat: 0, sun: 0 },
          })
        ).status,
        200,
      )
      assert.equal((await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: fourDays.id })).status, 200)
      assert.deepEqual(await lastMonth(), before)
      // From today on, the new figures: Monday the 23rd.
      const monday = async (userId: string) => (await days(tenant, userId, '2026-11-23'))[0].expected_minutes
      assert.deepEqual([await monday(own.id), await monday(byDefault.id)], [300, 600])

      // What applied when, for the employee who follows the default.
      const history = await tenant.admin.get(`/api/v1/users/${byDefault.id}/schedule-history`)
      assert.equal(history.status, 200)
      assert.deepEqual(
        history.body.data.map((p: any) => [
          p.effective_from,
          p.effective_to,
          p.schedule_id,
          p.origin,
          p.weekday_minutes.mon,
          p.weekday_minutes.fri,
        ]),
        [
          [null, '2026-11-21', defaultId, 'company_default', 480, 480],
          ['2026-11-22', null, fourDays.id, 'company_default', 600, 0],
        ],
      )
      assert.equal(history.body.data[1].schedule_name, 'Four days')
      // A retroactive change names its first day; a user's schedule from a date.
      await tenant.admin.patch(`/api/v1/users/${own.id}`, { schedule_id: null, schedule_effective_from: '2026-12-01' })
      const ownHistory = (await tenant.admin.get(`/api/v1/users/${own.id}/schedule-history`)).body.data
      assert.deepEqual(
        ownHistory.map((p: any) => [p.effective_from, p.effective_to, p.origin, p.weekday_minutes.mon]),
        [
          [null, '2026-11-21', 'own', 240],
          ['2026-11-22', '2026-11-30', 'own', 300],
          ['2026-12-01', null, 'company_default', 600],
        ],
      )
      // Bad input: a date without what it dates, a date that is no date.
      expectError(
        await tenant.admin.patch(`/api/v1/schedules/${part.id}`, { name: 'X', effective_from: '2026-12-01' }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.patch(`/api/v1/users/${own.id}`, { schedule_effective_from: '2026-12-01' }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.patch('/api/v1/tenant', { default_schedule_effective_from: '2026-12-01' }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.patch(`/api/v1/schedules/${part.id}`, {
          weekday_minutes: edited.body.data.weekday_minutes,
          effective_from: '2026-02-30',
        }),
        400,
        'invalid_request',
      )
      // Need-to-know and existence.
      const colleague = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await colleague.get(`/api/v1/users/${own.id}/schedule-history`), 404, 'not_found')
      expectError(await tenant.admin.get('/api/v1/users/usr_missing/schedule-history'), 404, 'not_found')
      assert.equal((await (await tenant.keyFor(own.id)).get(`/api/v1/users/${own.id}/schedule-history`)).status, 200)
    })

    it('concurrent schedule changes for one day leave one version and one assignment of that day', async () => {
      setNow('2026-11-22T10:00:00Z')
      const tenant = await t.newTenant()
      const schedule = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Busy',
          weekday_minutes: { mon: 1, tue: 1, wed: 1, thu: 1, fri: 1, sat: 0, sun: 0 },
        })
      ).body.data
      const edits = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          tenant.admin.patch(`/api/v1/schedules/${schedule.id}`, {
            weekday_minutes: { mon: 100 + i, tue: 1, wed: 1, thu: 1, fri: 1, sat: 0, sun: 0 },
          }),
        ),
      )
      assert.deepEqual(
        edits.map((r) => r.status),
        Array(8).fill(200),
      )
      const versions = await t.database.db
        .selectFrom('schedule_versions')
        .selectAll()
        .where('schedule_id', '=', schedule.id)
        .orderBy('effective_from')
        .execute()
      assert.deepEqual(
        versions.map((v) => v.effective_from),
        ['0001-01-01', '2026-11-22'],
      )
      const switches = await Promise.all(
        Array.from({ length: 6 }, () => tenant.admin.patch('/api/v1/tenant', { default_schedule_id: schedule.id })),
      )
      assert.deepEqual(
        switches.map((r) => r.status),
        Array(6).fill(200),
      )
      const defaults = await t.database.db
        .selectFrom('schedule_assignments')
        .selectAll()
        .where('tenant_id', '=', tenant.id)
        .where('user_id', 'is', null)
        .execute()
      assert.deepEqual(defaults.map((d) => d.effective_from).sort(), ['0001-01-01', '2026-11-22'])
    })
  },
  { app: { clock: () => now } },
)
