/**
 * Signing off a month (docs/decisions/0011-reports-sign-off-and-inspector-keys.md) through HTTP, on
 * both engines: only once the month has ended, only one's own, over the hash of the canonical
 * report; a later correction supersedes it, and a schedule change may not take effect inside a
 * signed month. The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { it } from 'node:test'
import { canonicalJson } from '../../src/lib/canonical-json.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'
import { octoberFixture, report } from '../helpers/reports.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))
const octoberOf = octoberFixture(setNow)

forEachEngine(
  'monthly reports: sign-off',
  (t) => {
    it('sign-off: only once the month has ended, only one’s own, the hash of the canonical report; a later correction supersedes it', async () => {
      const { tenant, employee, as } = await octoberOf(t)
      setNow('2026-10-31T23:59:00Z')
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        409,
        'month_not_ended',
      )
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-11' }),
        409,
        'month_not_ended',
      )
      setNow('2026-11-01T00:00:00Z')
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10', user_id: employee.id }),
        400,
        'invalid_request',
      )
      expectError(await as.employee.post('/api/v1/attendance/reports/monthly/sign', {}), 400, 'invalid_request')
      const signed = await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })
      assert.equal(signed.status, 201, JSON.stringify(signed.body))
      assert.deepEqual(
        [
          signed.body.data.user_id,
          signed.body.data.month,
          signed.body.data.status,
          signed.body.data.signed_at,
          signed.body.data.time_zone,
        ],
        [employee.id, '2026-10', 'valid', '2026-11-01T00:00:00.000Z', 'UTC'],
      )
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        409,
        'month_already_signed',
      )
      // Anyone can check the signature from the JSON report alone.
      const data = await report(tenant.admin, employee.id, '2026-10')
      // As docs/reports.md says: each day without its anomalies nor its holiday's names, complementary_minutes
      // left out where 0.
      const asSigned = ({ complementary_minutes, ...rest }: any) =>
        complementary_minutes === 0 ? rest : { ...rest, complementary_minutes }
      const recomputed = createHash('sha256')
        .update(
          canonicalJson({
            user_id: data.user_id,
            month: data.month,
            time_zone: data.time_zone,
            days: data.days.map(({ anomalies, ...day }: any) =>
              asSigned({ ...day, holiday: day.holiday && { name: day.holiday.name, type: day.holiday.type } }),
            ),
            totals: asSigned(data.totals),
          }),
        )
        .digest('hex')
      assert.equal(data.signature.sha256, recomputed)
      assert.equal(data.content_sha256, recomputed)
      assert.equal(data.signature.status, 'valid')
      // The signature shows in the other forms too.
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      assert.ok((await pdfText(pdf.rawPayload)).text.includes(recomputed))

      // A correction of the month proposed by the employer and approved by the employee.
      setNow('2026-11-05T09:00:00Z')
      const log = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=2026-10-07&to=2026-10-07`)
      ).body.data
      const proposed = await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Left at 17:30, not 17:00',
        changes: [{ action: 'move', punch_id: log.find((p: any) => p.type === 'out').id, ts: '2026-10-07T17:30:00Z' }],
      })
      assert.equal(proposed.status, 201)
      assert.equal(
        (await report(tenant.admin, employee.id, '2026-10')).signature.status,
        'valid',
        'a pending correction changes nothing',
      )
      assert.equal(
        (
          await as.employee.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
            decision: 'approved',
          })
        ).status,
        200,
      )
      const after = await report(tenant.admin, employee.id, '2026-10')
      assert.deepEqual(
        [after.signature.id, after.signature.status, after.signature.superseded_by],
        [signed.body.data.id, 'superseded', proposed.body.data.id],
      )
      assert.notEqual(after.content_sha256, after.signature.sha256)
      // Kept, never deleted; the month can be signed again.
      const again = await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })
      assert.equal(again.status, 201)
      const rows = await t.database.db
        .selectFrom('month_signatures')
        .selectAll()
        .where('user_id', '=', employee.id)
        .execute()
      assert.equal(rows.length, 2)
      assert.equal((await report(tenant.admin, employee.id, '2026-10')).signature.status, 'valid')
      // Two later corrections: superseded_by names the one approved last, not the one proposed last.
      setNow('2026-11-06T09:00:00Z')
      const octFirst = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=2026-10-01&to=2026-10-01`)
      ).body.data
      const early = await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Back from the break at 12:20',
        changes: [
          {
            action: 'move',
            punch_id: octFirst.find((p: any) => p.type === 'break_end').id,
            ts: '2026-10-01T12:20:00Z',
          },
        ],
      })
      const late = await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Left at 17:45',
        changes: [
          { action: 'move', punch_id: octFirst.find((p: any) => p.type === 'out').id, ts: '2026-10-01T17:45:00Z' },
        ],
      })
      assert.equal(
        (await as.employee.post(`/api/v1/attendance/corrections/${late.body.data.id}/decide`, { decision: 'approved' }))
          .status,
        200,
      )
      setNow('2026-11-06T10:00:00Z')
      assert.equal(
        (
          await as.employee.post(`/api/v1/attendance/corrections/${early.body.data.id}/decide`, {
            decision: 'approved',
          })
        ).status,
        200,
      )
      assert.equal((await report(tenant.admin, employee.id, '2026-10')).signature.superseded_by, early.body.data.id)
      // Signing needs its scope; a key of someone else signs their own month, never the employee’s.
      const noScope = await tenant.keyFor(employee.id, ['attendance-reports.get'])
      expectError(
        await noScope.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        403,
        'scope_required',
      )
      // The company's first key was made for the administrator, not by them: not theirs to sign with.
      expectError(
        await tenant.admin.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        403,
        'personal_credential_required',
      )
      const adminOwn = await tenant.keyFor(tenant.adminId)
      assert.equal(
        (await adminOwn.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).body.data.user_id,
        tenant.adminId,
      )
    })

    it('a schedule change may not take effect inside a signed month (409), on the day after it may', async () => {
      const { tenant, employee, as } = await octoberOf(t)
      setNow('2026-11-02T09:00:00Z')
      assert.equal(
        (await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).status,
        201,
      )
      const schedule = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Short',
          weekday_minutes: { mon: 360, tue: 360, wed: 360, thu: 360, fri: 360, sat: 0, sun: 0 },
        })
      ).body.data
      const before = await report(tenant.admin, employee.id, '2026-10')
      expectError(
        await tenant.admin.patch(`/api/v1/users/${employee.id}`, {
          schedule_id: schedule.id,
          schedule_effective_from: '2026-10-15',
        }),
        409,
        'month_signed',
      )
      expectError(
        await tenant.admin.patch(`/api/v1/schedules/${schedule.id}`, {
          weekday_minutes: { mon: 300, tue: 300, wed: 300, thu: 300, fri: 300, sat: 0, sun: 0 },
          effective_from: '2026-10-31',
        }),
        409,
        'month_signed',
      )
      expectError(
        await tenant.admin.patch('/api/v1/tenant', {
          default_schedule_id: schedule.id,
          default_schedule_effective_from: '2026-09-01',
        }),
        409,
        'month_signed',
      )
      assert.deepEqual(await report(tenant.admin, employee.id, '2026-10').then((r) => r.signature.status), 'valid')
      assert.deepEqual((await report(tenant.admin, employee.id, '2026-10')).days, before.days, 'nothing was written')
      assert.equal(
        (
          await tenant.admin.patch(`/api/v1/users/${employee.id}`, {
            schedule_id: schedule.id,
            schedule_effective_from: '2026-11-01',
          })
        ).status,
        200,
      )
      assert.equal(
        (await tenant.admin.patch(`/api/v1/users/${employee.id}`, { schedule_id: schedule.id })).status,
        200,
        'today, by default',
      )
      // Another employee's schedule is not bound by this signature.
      const other = await tenant.createUser({ full_name: 'Other' })
      assert.equal(
        (
          await tenant.admin.patch(`/api/v1/users/${other.id}`, {
            schedule_id: schedule.id,
            schedule_effective_from: '2026-10-15',
          })
        ).status,
        200,
      )
      assert.equal((await report(tenant.admin, employee.id, '2026-10')).signature.status, 'valid')
    })
  },
  { app: { clock: () => now } },
)
