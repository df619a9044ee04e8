/**
 * The legal record over time (docs/decisions/0010-legal-working-time-record.md), through HTTP:
 * employment periods (nothing is expected while deactivated) and schedules with a history (a change
 * today leaves past figures identical, also under concurrent changes).
 * The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { days, punch } from '../helpers/legal-record.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'legal record: employment periods and schedule history',
  (t) => {
    it('employment: deactivated on the 10th nothing is expected from the 11th; reactivated on the 20th, again from the 20th', async () => {
      setNow('2026-11-02T09:00:00Z')
      const tenant = await t.newTenant()
      // Hired on 2 November: 60 days of the year, so 40 days a year make 7 this year (prorated).
      const user = await tenant.createUser({ hire_date: '2026-11-02', vacation_days: 40 })
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
