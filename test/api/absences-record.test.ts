/**
 * Absences that already happened (issue: last week's sick leave could not be recorded): HR and
 * administrators record them up to four years back, approved at once, under the usual rules; the
 * days they cover expect no work, and a month the employee signed is superseded by them.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { DEFAULT_NOW, days, madrid, withHr } from '../helpers/absences.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { settledEventsOfType } from '../helpers/eventually.js'

let now = Date.parse(DEFAULT_NOW) // Monday 2026-11-23, 10:00 UTC

forEachEngine(
  'absences recorded afterwards',
  (t) => {
    it('HR records last week’s sick leave: approved at once, audited, announced, and the days expect no work', async () => {
      now = Date.parse(DEFAULT_NOW)
      const tenant = await madrid(t)
      const { hr, hrKey } = await withHr(tenant)
      const worker = await tenant.createUser()
      const workerKey = await tenant.keyFor(worker.id)
      // Monday to Wednesday of last week.
      const sick = days(worker.id, 'sick', '2026-11-16', '2026-11-18', { note: 'Doctor’s note handed in today' })
      expectError(await tenant.admin.post('/api/v1/absences', sick), 400, 'invalid_request')
      expectError(await workerKey.post('/api/v1/absences/record', sick), 403, 'permission_denied')
      const res = await hrKey.post('/api/v1/absences/record', sick)
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assert.deepEqual(
        [res.body.data.status, res.body.data.start_date, res.body.data.end_date],
        ['approved', '2026-11-16', '2026-11-18'],
      )
      assert.equal(res.body.data.decided_at, new Date(now).toISOString())
      const day = (await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-11-17&to=2026-11-17`)).body
        .data[0]
      assert.equal(day.expected_minutes, 0, 'a day of sick leave expects no work')
      const events = await settledEventsOfType(tenant.admin, 'absence.created')
      assert.equal(events.at(-1).data.id, res.body.data.id)
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=absences.record')).body.data
      assert.deepEqual([audit[0].resource_id, audit[0].user_id], [res.body.data.id, hr.id])
      // The same rules as a request: no overlap.
      expectError(
        await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'personal', '2026-11-18')),
        409,
        'absence_overlap',
      )
    })

    it('up to four years back, never ahead; a former employee’s past may be recorded', async () => {
      now = Date.parse(DEFAULT_NOW)
      const tenant = await madrid(t)
      const worker = await tenant.createUser()
      const ahead = expectError(
        await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-11-24')),
        400,
      )
      assert.match(ahead.details?.[0]?.message ?? '', /POST \/api\/v1\/absences/)
      const old = expectError(
        await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2022-11-22')),
        400,
      )
      assert.match(old.details?.[0]?.message ?? '', /at most 4 years back \(from 2022-11-23\)/)
      assert.equal(
        (await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2022-11-23'))).status,
        201,
      )
      // Today and on: a sick leave that started this morning and goes on.
      assert.equal(
        (await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-11-23', '2026-11-27')))
          .status,
        201,
      )
      await tenant.admin.post(`/api/v1/users/${worker.id}/deactivate`)
      assert.equal(
        (await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-10-05'))).status,
        201,
      )
      const other = await t.newTenant()
      expectError(await other.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-10-06')), 404)
    })

    it('a month the employee signed shows its signature superseded by the absence recorded afterwards', async () => {
      now = Date.parse(DEFAULT_NOW)
      const tenant = await madrid(t)
      const worker = await tenant.createUser()
      const workerKey = await tenant.keyFor(worker.id)
      assert.equal((await workerKey.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).status, 201)
      const report = async () =>
        (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10`)).body.data
      assert.equal((await report()).signature.status, 'valid')
      now += 60_000
      const absence = (await tenant.admin.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-10-14'))).body
        .data
      const signature = (await report()).signature
      assert.deepEqual([signature.status, signature.superseded_by], ['superseded', absence.id])
      // The worker signs again: valid once more.
      assert.equal((await workerKey.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).status, 201)
      assert.equal((await report()).signature.status, 'valid')
    })
  },
  { app: { clock: () => now } },
)
