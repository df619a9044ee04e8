/**
 * The daily working-time record through HTTP: worked, expected and balance minutes per local day
 * (night shifts, DST days, zones, holidays, schedules, the hire date), the range rules, and the
 * summary whose rows equal the sum of their daily entries.
 * The app's clock is set per test so punches can be placed around past DST changes while still
 * obeying "at most 60 days old, not in the future".
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { day, punch } from '../helpers/attendance.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'attendance: daily entries and summary',
  (t) => {
    it('daily entries: breaks deducted, one entry per day, empty days, expected and balance, pagination by day', async () => {
      setNow('2026-11-21T10:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      // Thursday 2026-11-19 in Madrid (UTC+1): 09:00-17:30 with a 30-minute break = 480 minutes.
      await punch(tenant, user.id, 'in', '2026-11-19T08:00:00Z')
      await punch(tenant, user.id, 'break_start', '2026-11-19T12:00:00Z')
      await punch(tenant, user.id, 'break_end', '2026-11-19T12:30:00Z')
      await punch(tenant, user.id, 'out', '2026-11-19T16:30:00Z')
      const res = await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-11-16&to=2026-11-22`)
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.meta, { page: 1, page_size: 25, total: 7 })
      const entries = res.body.data
      assert.deepEqual(
        entries.map((e: any) => e.date),
        ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'],
      )
      const thursday = entries[3]
      assert.deepEqual(Object.keys(thursday).sort(), [
        'anomalies',
        'balance_minutes',
        'date',
        'expected_minutes',
        'holiday',
        'is_workday',
        'modality',
        'punches',
        'user_id',
        'worked_minutes',
      ])
      assert.equal(thursday.worked_minutes, 480)
      assert.equal(thursday.expected_minutes, 480)
      assert.equal(thursday.balance_minutes, 0)
      assert.deepEqual(thursday.punches, [
        { type: 'in', at: '2026-11-19T08:00:00.000Z', edited: false },
        { type: 'break_start', at: '2026-11-19T12:00:00.000Z', edited: false },
        { type: 'break_end', at: '2026-11-19T12:30:00.000Z', edited: false },
        { type: 'out', at: '2026-11-19T16:30:00.000Z', edited: false },
      ])
      const friday = entries[4]
      assert.deepEqual(
        [friday.worked_minutes, friday.expected_minutes, friday.balance_minutes, friday.is_workday],
        [0, 480, -480, true],
      )
      const saturday = entries[5]
      assert.deepEqual(
        [saturday.is_workday, saturday.expected_minutes, saturday.modality, saturday.holiday, saturday.punches],
        [false, 0, 'onsite', null, []],
      )
      const pageTwo = await tenant.admin.get(
        `/api/v1/attendance?user_id=${user.id}&from=2026-11-16&to=2026-11-22&page_size=3&page=2`,
      )
      assert.deepEqual(
        pageTwo.body.data.map((e: any) => e.date),
        ['2026-11-19', '2026-11-20', '2026-11-21'],
      )
      assert.equal(pageTwo.body.data[0].worked_minutes, 480)
      const past = await tenant.admin.get(
        `/api/v1/attendance?user_id=${user.id}&from=2026-11-16&to=2026-11-22&page_size=3&page=4`,
      )
      assert.deepEqual(past.body, { data: [], meta: { page: 4, page_size: 3, total: 7 } })
    })

    it('a night shift across midnight belongs to the day it started; an open session counts up to now', async () => {
      setNow('2026-11-21T03:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      await punch(tenant, user.id, 'in', '2026-11-19T21:00:00Z') // 22:00 Madrid
      await punch(tenant, user.id, 'break_start', '2026-11-20T01:00:00Z')
      await punch(tenant, user.id, 'break_end', '2026-11-20T01:20:00Z')
      await punch(tenant, user.id, 'out', '2026-11-20T05:00:00Z') // 06:00 Madrid
      await punch(tenant, user.id, 'in', '2026-11-20T21:00:00Z')
      await punch(tenant, user.id, 'break_start', '2026-11-21T02:00:00Z') // open break at "now"
      const entries = (await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-11-19&to=2026-11-21`))
        .body.data
      assert.equal(entries[0].worked_minutes, 8 * 60 - 20, 'the whole night on Thursday')
      assert.equal(entries[0].punches.length, 4)
      assert.equal(entries[1].worked_minutes, 5 * 60, 'Friday night: 5 h so far, the open break does not count')
      assert.deepEqual(
        entries[1].punches.map((p: any) => p.type),
        ['in', 'break_start'],
      )
      assert.equal(entries[2].worked_minutes, 0)
      // Reading only the last day of a night shift shows nothing on it: the session is Thursday's.
      assert.equal((await day(tenant, user.id, '2026-11-20')).punches.length, 2)
      assert.equal(
        (await day(tenant, user.id, '2026-11-19')).worked_minutes,
        460,
        'the rest of the session is read past the range',
      )
      setNow('2026-11-21T03:30:00Z')
      await punch(tenant, user.id, 'break_end', '2026-11-21T03:00:00Z')
      assert.equal(
        (await day(tenant, user.id, '2026-11-20')).worked_minutes,
        5 * 60 + 30,
        'open session counts up to now',
      )
    })

    it('Europe/Madrid DST: the 23-hour and the 25-hour day', async () => {
      const tenant = await t.newTenant()
      // Sessions of a whole day: longer than the default maximum, within the company's.
      await tenant.admin.patch('/api/v1/tenant', { max_session_hours: 26 })
      const spring = await tenant.createUser({ works_holidays: true })
      const autumn = await tenant.createUser()
      setNow('2026-03-30T12:00:00Z')
      await punch(tenant, spring.id, 'in', '2026-03-28T23:00:00Z') // 00:00 local, CET
      await punch(tenant, spring.id, 'out', '2026-03-29T21:59:00Z') // 23:59 local, CEST
      const springDay = await day(tenant, spring.id, '2026-03-29')
      assert.equal(springDay.worked_minutes, 22 * 60 + 59, 'a local day from 00:00 to 23:59 lasts 22 h 59 min')
      const springRange = (
        await tenant.admin.get(`/api/v1/attendance?user_id=${spring.id}&from=2026-03-28&to=2026-03-30`)
      ).body.data
      assert.deepEqual(
        springRange.map((e: any) => e.worked_minutes),
        [0, 1379, 0],
      )
      setNow('2026-10-26T12:00:00Z')
      await punch(tenant, autumn.id, 'in', '2026-10-24T22:00:00Z') // 00:00 local, CEST
      await punch(tenant, autumn.id, 'out', '2026-10-25T22:59:00Z') // 23:59 local, CET
      assert.equal(
        (await day(tenant, autumn.id, '2026-10-25')).worked_minutes,
        24 * 60 + 59,
        'a local day from 00:00 to 23:59 lasts 24 h 59 min',
      )
      // Punches around the repeated hour (02:00-03:00 happens twice) land on the right day.
      const other = await tenant.createUser()
      await punch(tenant, other.id, 'in', '2026-10-25T00:30:00Z') // 02:30 CEST
      await punch(tenant, other.id, 'out', '2026-10-25T01:30:00Z') // 02:30 CET, one hour later
      const repeated = await day(tenant, other.id, '2026-10-25')
      assert.equal(repeated.worked_minutes, 60)
      assert.equal((await day(tenant, other.id, '2026-10-24')).worked_minutes, 0)
    })

    it('a zone far from UTC groups the same punches onto different days', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      await punch(tenant, user.id, 'in', '2026-11-10T20:00:00Z')
      await punch(tenant, user.id, 'out', '2026-11-10T23:30:00Z')
      const dates = async (tz: string) => {
        const res = await tenant.admin.get(
          `/api/v1/attendance?user_id=${user.id}&from=2026-11-09&to=2026-11-12&tz=${encodeURIComponent(tz)}`,
        )
        return res.body.data.filter((e: any) => e.worked_minutes > 0).map((e: any) => [e.date, e.worked_minutes])
      }
      assert.deepEqual(await dates('UTC'), [['2026-11-10', 210]])
      assert.deepEqual(await dates('Pacific/Auckland'), [['2026-11-11', 210]]) // 09:00 NZDT next day
      assert.deepEqual(await dates('America/Los_Angeles'), [['2026-11-10', 210]]) // 12:00 PST
      assert.deepEqual(await dates('Asia/Tokyo'), [['2026-11-11', 210]])
      // Default zone is the company's; changing it regroups.
      await tenant.admin.patch('/api/v1/tenant', { timezone: 'Pacific/Auckland' })
      const res = await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-11-11&to=2026-11-11`)
      assert.equal(res.body.data[0].worked_minutes, 210)
    })

    it('holidays: a public holiday on a workday, with and without works_holidays; company holidays', async () => {
      setNow('2026-12-10T12:00:00Z')
      const tenant = await t.newTenant({ country: 'ES', region: 'MD' })
      const normal = await tenant.createUser()
      const worksHolidays = await tenant.createUser({ works_holidays: true })
      // Tuesday 2026-12-08: La Inmaculada Concepción, a public holiday in Spain.
      const off = await day(tenant, normal.id, '2026-12-08')
      assert.equal(off.is_workday, false)
      assert.equal(off.expected_minutes, 0)
      assert.equal(off.holiday.type, 'public')
      assert.match(off.holiday.name, /inmaculada/i)
      const on = await day(tenant, worksHolidays.id, '2026-12-08')
      assert.deepEqual([on.is_workday, on.expected_minutes, on.holiday.type], [true, 480, 'public'])
      await punch(tenant, worksHolidays.id, 'in', '2026-12-08T08:00:00Z')
      await punch(tenant, worksHolidays.id, 'out', '2026-12-08T12:00:00Z')
      const worked = await day(tenant, worksHolidays.id, '2026-12-08')
      assert.deepEqual([worked.worked_minutes, worked.balance_minutes], [240, -240])
      const workedByOther = await day(tenant, normal.id, '2026-12-09')
      assert.deepEqual([workedByOther.is_workday, workedByOther.holiday], [true, null])
      // A company holiday on Wednesday 2026-12-09.
      assert.equal(
        (await tenant.admin.post('/api/v1/holidays', { date: '2026-12-09', name: 'Company anniversary' })).status,
        201,
      )
      const companyDay = await day(tenant, normal.id, '2026-12-09')
      assert.deepEqual(
        [companyDay.is_workday, companyDay.expected_minutes, companyDay.holiday],
        [false, 0, { name: 'Company anniversary', names: {}, type: 'company' }],
      )
      // A work center in Catalonia follows Catalan holidays: 2026-09-11 (Friday) is one, not in Madrid.
      const barcelona = (await tenant.admin.post('/api/v1/work-centers', { name: 'BCN', country: 'ES', region: 'CT' }))
        .body.data
      const catalan = await tenant.createUser({ work_center_id: barcelona.id })
      setNow('2026-09-20T12:00:00Z')
      assert.equal((await day(tenant, catalan.id, '2026-09-11')).holiday?.type, 'public')
      assert.equal((await day(tenant, normal.id, '2026-09-11')).holiday, null)
    })

    it('schedules decide expected minutes; users follow the company default unless assigned one', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const fourDays = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Four long days',
          weekday_minutes: { mon: 600, tue: 600, wed: 600, thu: 600, fri: 0, sat: 0, sun: 0 },
        })
      ).body.data
      const user = await tenant.createUser({ schedule_id: fourDays.id })
      const other = await tenant.createUser()
      const week = async (userId: string) =>
        (await tenant.admin.get(`/api/v1/attendance?user_id=${userId}&from=2026-11-16&to=2026-11-22`)).body.data.map(
          (e: any) => e.expected_minutes,
        )
      assert.deepEqual(await week(user.id), [600, 600, 600, 600, 0, 0, 0])
      assert.deepEqual(await week(other.id), [480, 480, 480, 480, 480, 0, 0])
      const saturdays = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Weekend',
          weekday_minutes: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 300, sun: 300 },
        })
      ).body.data
      // A change takes effect today (Saturday the 21st) unless it names another first day.
      await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: saturdays.id })
      assert.deepEqual(await week(other.id), [480, 480, 480, 480, 480, 300, 300])
      await tenant.admin.patch(`/api/v1/users/${user.id}`, { schedule_id: null, schedule_effective_from: '2026-11-18' })
      assert.deepEqual(await week(user.id), [600, 600, 480, 480, 480, 300, 300])
    })

    it('nothing is expected before the hire date', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ hire_date: '2026-11-18' })
      const week = (await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-11-16&to=2026-11-20`)).body
        .data
      assert.deepEqual(
        week.map((e: any) => [e.is_workday, e.expected_minutes]),
        [
          [false, 0],
          [false, 0],
          [true, 480],
          [true, 480],
          [true, 480],
        ],
      )
      const summary = (await tenant.admin.get('/api/v1/attendance/summary?from=2026-11-16&to=2026-11-20')).body.data
      assert.equal(summary.find((r: any) => r.user_id === user.id).expected_days, 3)
    })

    it('range rules: to >= from, at most 366 days, valid zone, unknown user 404', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const get = (q: string) => tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&${q}`)
      expectError(await get('from=2026-11-10&to=2026-11-09'), 400, 'invalid_request')
      expectError(await get('from=2025-01-01&to=2026-01-02'), 400, 'invalid_request') // 367 days
      assert.equal((await get('from=2024-01-01&to=2024-12-31&page_size=1')).body.meta.total, 366)
      expectError(await get('from=2026-11-01&to=2026-11-02&tz=Mars/Base'), 400, 'invalid_request')
      expectError(await get('from=2026-11-01&to=2026-11-31'), 400, 'invalid_request')
      expectError(await get('from=2026-11-01'), 400, 'invalid_request')
      expectError(await tenant.admin.get('/api/v1/attendance?from=2026-11-01&to=2026-11-02'), 400, 'invalid_request')
      expectError(await tenant.admin.get('/api/v1/attendance?user_id=usr_nope&from=2026-11-01&to=2026-11-02'), 404)
      const summary = (q: string) => tenant.admin.get(`/api/v1/attendance/summary?${q}`)
      expectError(await summary('from=2026-11-10&to=2026-11-09'), 400)
      expectError(await summary('from=2025-01-01&to=2026-01-02'), 400)
      expectError(await summary('from=2026-11-01&to=2026-11-02&page_size=101'), 400)
      expectError(await summary('from=2026-11-01&to=2026-11-02&status=gone'), 400)
    })

    it('summary: one row per employee, filters, order, pagination, and each row equals the sum of its daily entries', async () => {
      setNow('2026-11-21T12:00:00Z')
      const tenant = await t.newTenant({ country: 'ES', region: 'MD' })
      const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Night' })).body.data
      const wc = (await tenant.admin.post('/api/v1/work-centers', { name: 'Plant' })).body.data
      const zoe = await tenant.createUser({ full_name: 'Zoe', department_id: dep.id })
      const ana = await tenant.createUser({ full_name: 'ana', work_center_id: wc.id })
      const gone = await tenant.createUser({ full_name: 'Mario' })
      await punch(tenant, zoe.id, 'in', '2026-11-02T21:00:00Z')
      await punch(tenant, zoe.id, 'out', '2026-11-03T05:00:00Z')
      await punch(tenant, zoe.id, 'in', '2026-11-09T08:00:00Z')
      await punch(tenant, zoe.id, 'break_start', '2026-11-09T11:00:00Z')
      await punch(tenant, zoe.id, 'break_end', '2026-11-09T11:17:30Z')
      await punch(tenant, zoe.id, 'out', '2026-11-09T15:59:59Z')
      await punch(tenant, ana.id, 'in', '2026-11-20T08:00:00Z') // still open at "now"
      await tenant.admin.post(`/api/v1/users/${gone.id}/deactivate`)
      const range = 'from=2026-11-01&to=2026-11-30'
      const res = await tenant.admin.get(`/api/v1/attendance/summary?${range}`)
      assert.equal(res.status, 200)
      assert.deepEqual(
        res.body.data.map((r: any) => r.full_name),
        ['Admin User', 'ana', 'Mario', 'Zoe'],
      )
      assert.deepEqual(Object.keys(res.body.data[0]).sort(), [
        'anomaly_count',
        'balance_minutes',
        'balance_to_date_minutes',
        'expected_days',
        'expected_minutes',
        'expected_to_date_minutes',
        'full_name',
        'user_id',
        'worked_days',
        'worked_minutes',
      ])
      for (const row of res.body.data) {
        const daily: any[] = []
        for (let page = 1; page <= 2; page++) {
          daily.push(
            ...(await tenant.admin.get(`/api/v1/attendance?user_id=${row.user_id}&${range}&page=${page}`)).body.data,
          )
        }
        assert.equal(daily.length, 30)
        const sum = (f: (e: any) => number) => daily.reduce((s, e) => s + f(e), 0)
        assert.equal(
          row.worked_minutes,
          sum((e) => e.worked_minutes),
          row.full_name,
        )
        assert.equal(
          row.expected_minutes,
          sum((e) => e.expected_minutes),
        )
        assert.equal(row.balance_minutes, row.worked_minutes - row.expected_minutes)
        assert.equal(row.worked_days, daily.filter((e) => e.worked_minutes > 0).length)
        assert.equal(row.expected_days, daily.filter((e) => e.expected_minutes > 0).length)
        // To date (the clock's day in Madrid is the 21st): the days before it in full, the 21st as far as worked.
        const upTo = daily.filter((e) => e.date <= '2026-11-21')
        const expectedToDate = upTo.reduce(
          (s, e) => s + (e.date < '2026-11-21' ? e.expected_minutes : Math.min(e.worked_minutes, e.expected_minutes)),
          0,
        )
        assert.equal(row.expected_to_date_minutes, expectedToDate, row.full_name)
        assert.equal(row.balance_to_date_minutes, upTo.reduce((s, e) => s + e.worked_minutes, 0) - expectedToDate)
      }
      const zoeRow = res.body.data.find((r: any) => r.user_id === zoe.id)
      assert.equal(zoeRow.worked_minutes, 480 + (7 * 60 + 59 - 17) + 0) // 8 h night + 7h59m59s - 17m30s floored = 462
      assert.equal(zoeRow.worked_days, 2)
      assert.equal(
        zoeRow.expected_days,
        20,
        'November 2026 in Madrid: 21 weekdays, one of them (2 Nov) a public holiday',
      )
      const anaRow = res.body.data.find((r: any) => r.user_id === ana.id)
      assert.equal(
        anaRow.worked_minutes,
        480,
        'open since Friday 08:00 UTC, now Saturday 12:00 UTC: past the maximum, Friday counts its expected 8 hours',
      )
      const ids = async (q: string) =>
        (await tenant.admin.get(`/api/v1/attendance/summary?${range}&${q}`)).body.data.map((r: any) => r.user_id)
      assert.deepEqual(await ids('status=disabled'), [gone.id])
      assert.deepEqual(await ids(`department_id=${dep.id}`), [zoe.id])
      assert.deepEqual(await ids(`work_center_id=${wc.id}`), [ana.id])
      const page2 = await tenant.admin.get(`/api/v1/attendance/summary?${range}&page_size=3&page=2`)
      assert.deepEqual(page2.body.meta, { page: 2, page_size: 3, total: 4 })
      assert.deepEqual(
        page2.body.data.map((r: any) => r.user_id),
        [zoe.id],
      )
    })
  },
  { app: { clock: () => now } },
)
