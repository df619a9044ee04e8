/**
 * The limits of the working day and week as anomalies (docs/decisions/0023-daily-limits-and-real-life.md), through HTTP on both
 * engines: the company's agreement figures on /tenant (art. 34.3 ET), the daily rest and the
 * ordinary day (art. 34.3 ET), a minor's day and break (art. 34.3 and 34.4 ET), the weekly rest
 * (art. 37.1 ET), a night worker's average (art. 36.1 ET), and work under sick leave, which is
 * flagged and never overtime. They show in the daily entries, the anomalies list (its type filter)
 * and the summary's count; a range's first and last days are judged with the days around them.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { create, days } from '../helpers/absences.js'
import { punch, workday } from '../helpers/attendance.js'
import { type TestTenant, expectError, forEachEngine } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'

let now = Date.parse('2026-11-23T10:00:00Z') // Monday
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

async function shifts(tenant: TestTenant, userId: string, pairs: [string, string][]) {
  for (const [from, to] of pairs) {
    await punch(tenant, userId, 'in', from)
    await punch(tenant, userId, 'out', to)
  }
}

async function entries(tenant: TestTenant, userId: string, from: string, to = from) {
  const res = await tenant.admin.get(`/api/v1/attendance?user_id=${userId}&from=${from}&to=${to}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

/** The anomalies of one day as [type, minutes, limit_minutes]. */
async function flags(tenant: TestTenant, userId: string, date: string, only?: string) {
  const [entry] = await entries(tenant, userId, date)
  return entry.anomalies
    .filter((a: any) => !only || a.type === only)
    .map((a: any) => [a.type, a.minutes, a.limit_minutes])
}

async function listed(tenant: TestTenant, query: string) {
  const res = await tenant.admin.get(`/api/v1/attendance/anomalies?${query}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data.map((r: any) => [r.date, r.type, r.minutes, r.limit_minutes])
}

/** A company in UTC with the company's break rule off, so that each test sees only its own rule. */
async function company(t: { newTenant: (o?: Record<string, unknown>) => Promise<TestTenant> }) {
  const tenant = await t.newTenant({ timezone: 'UTC' })
  const res = await tenant.admin.patch('/api/v1/tenant', { min_break_minutes: 0 })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return tenant
}

forEachEngine(
  'attendance: the limits of the working day and week',
  (t) => {
    it('art. 34.3 ET: min_daily_rest_hours (12) and max_ordinary_day_hours (9) are company settings: administrators only, a clear 400, audited', async () => {
      setNow('2026-11-23T10:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const settings = (await tenant.admin.get('/api/v1/tenant')).body.data
      assert.deepEqual([settings.min_daily_rest_hours, settings.max_ordinary_day_hours], [12, 9])
      for (const body of [
        { min_daily_rest_hours: 7 },
        { min_daily_rest_hours: 25 },
        { max_ordinary_day_hours: 13 },
        { max_ordinary_day_hours: 8.5 },
      ]) {
        const refused = expectError(await tenant.admin.patch('/api/v1/tenant', body), 400, 'invalid_request')
        assert.equal(refused.details?.[0]?.field, Object.keys(body)[0], JSON.stringify(refused))
      }
      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await member.patch('/api/v1/tenant', { max_ordinary_day_hours: 10 }), 403, 'permission_denied')
      const changed = await tenant.admin.patch('/api/v1/tenant', {
        min_daily_rest_hours: 10,
        max_ordinary_day_hours: 10,
      })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))
      assert.deepEqual([changed.body.data.min_daily_rest_hours, changed.body.data.max_ordinary_day_hours], [10, 10])
      const again = (await tenant.admin.get('/api/v1/tenant')).body.data
      assert.deepEqual([again.min_daily_rest_hours, again.max_ordinary_day_hours], [10, 10])
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=tenant.update')).body.data
      assert.deepEqual(audit[0].fields.sort(), ['max_ordinary_day_hours', 'min_daily_rest_hours'])
    })

    it('art. 34.3 ET short_daily_rest and long_ordinary_day: 9 h of rest and a 9.5 h day flagged in the days, the list (by type) and the summary; an agreement’s figures clear them', async () => {
      setNow('2026-11-23T10:00:00Z')
      const tenant = await company(t)
      const ana = await tenant.createUser({ full_name: 'Ana' })
      await shifts(tenant, ana.id, [
        ['2026-11-17T14:00:00Z', '2026-11-17T22:00:00Z'],
        // Back at 07:00 after 9 hours of rest, for 9.5 hours.
        ['2026-11-18T07:00:00Z', '2026-11-18T16:30:00Z'],
        // 15.5 hours of rest, exactly 9 hours of work.
        ['2026-11-19T08:00:00Z', '2026-11-19T17:00:00Z'],
      ])
      // The range begins on the Wednesday: the Tuesday before is read to judge its rest.
      assert.deepEqual(await flags(tenant, ana.id, '2026-11-18'), [
        ['long_ordinary_day', 570, 540],
        ['short_daily_rest', 540, 720],
      ])
      assert.deepEqual(await flags(tenant, ana.id, '2026-11-19'), [])
      assert.deepEqual(await listed(tenant, 'from=2026-11-16&to=2026-11-22&type=short_daily_rest'), [
        ['2026-11-18', 'short_daily_rest', 540, 720],
      ])
      assert.deepEqual(await listed(tenant, 'from=2026-11-16&to=2026-11-22&type=long_ordinary_day'), [
        ['2026-11-18', 'long_ordinary_day', 570, 540],
      ])
      expectError(
        await tenant.admin.get('/api/v1/attendance/anomalies?from=2026-11-16&to=2026-11-22&type=short_rest'),
        400,
        'invalid_request',
      )
      const summary = (await tenant.admin.get(`/api/v1/attendance/summary?from=2026-11-16&to=2026-11-22`)).body.data
      assert.equal(summary.find((r: any) => r.user_id === ana.id).anomaly_count, 2)
      // An agreement: 9 hours of rest, 10-hour days.
      await tenant.admin.patch('/api/v1/tenant', { min_daily_rest_hours: 9, max_ordinary_day_hours: 10 })
      assert.deepEqual(await flags(tenant, ana.id, '2026-11-18'), [])
    })

    it('art. 34.3 and 34.4 ET: a minor’s day over 8 hours and their 20-minute pause after 4 hours are flagged; an adult’s same day is not', async () => {
      setNow('2026-11-23T10:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const minor = await tenant.createUser()
      const adult = await tenant.createUser()
      for (const [person, birth_date] of [
        [minor, '2009-03-01'],
        [adult, '2008-11-16'], // 18 on Monday 16
      ]) {
        const res = await tenant.admin.patch(`/api/v1/users/${person.id}`, { birth_date })
        assert.equal(res.status, 200, JSON.stringify(res.body))
      }
      for (const person of [minor, adult]) {
        await punch(tenant, person.id, 'in', '2026-11-16T08:00:00Z')
        await punch(tenant, person.id, 'break_start', '2026-11-16T12:00:00Z')
        await punch(tenant, person.id, 'break_end', '2026-11-16T12:20:00Z')
        await punch(tenant, person.id, 'out', '2026-11-16T16:31:00Z')
      }
      assert.deepEqual(await flags(tenant, minor.id, '2026-11-16'), [
        ['missing_break', 491, 270],
        ['long_ordinary_day', 491, 480],
      ])
      assert.deepEqual(await flags(tenant, adult.id, '2026-11-16'), [])
      assert.deepEqual(
        (await listed(tenant, 'from=2026-11-16&to=2026-11-16&type=missing_break')).map((r: any[]) => r[1]),
        ['missing_break'],
      )
    })

    it('art. 37.1 ET short_weekly_rest: a week of 20-hour nights after another is flagged on its last day, judged with the days after the range', async () => {
      setNow('2026-11-25T12:00:00Z') // Wednesday: the week of 16 November and the two days after it are over
      const tenant = await company(t)
      const worker = await tenant.createUser()
      const pairs: [string, string][] = []
      for (let d = Date.parse('2026-11-02T00:00:00Z'); d <= Date.parse('2026-11-25T00:00:00Z'); d += 86_400_000) {
        const date = new Date(d).toISOString().slice(0, 10)
        pairs.push([`${date}T08:00:00Z`, `${date}T12:00:00Z`])
      }
      await shifts(tenant, worker.id, pairs)
      assert.deepEqual(await flags(tenant, worker.id, '2026-11-22', 'short_weekly_rest'), [
        ['short_weekly_rest', 1200, 2160],
      ])
      // The week before had a week of rest before it (nothing recorded): 14 days average enough.
      assert.deepEqual(await flags(tenant, worker.id, '2026-11-15', 'short_weekly_rest'), [])
      assert.deepEqual(await listed(tenant, 'from=2026-11-01&to=2026-11-25&type=short_weekly_rest'), [
        ['2026-11-22', 'short_weekly_rest', 1200, 2160],
      ])
    })

    it('art. 36.1 ET night_average_exceeded: a night worker’s 9-hour night after 14 of 8 averages over 8 hours; not a night worker, nothing', async () => {
      setNow('2026-11-23T10:00:00Z')
      const tenant = await company(t)
      const worker = await tenant.createUser()
      const pairs: [string, string][] = []
      for (let d = Date.parse('2026-11-02T00:00:00Z'); d <= Date.parse('2026-11-15T00:00:00Z'); d += 86_400_000) {
        const date = new Date(d).toISOString().slice(0, 10)
        pairs.push([`${date}T22:00:00Z`, new Date(d + 30 * 3_600_000).toISOString()])
      }
      pairs.push(['2026-11-16T22:00:00Z', '2026-11-17T07:00:00Z'])
      await shifts(tenant, worker.id, pairs)
      assert.deepEqual(await flags(tenant, worker.id, '2026-11-16', 'night_average_exceeded'), [])
      const patched = await tenant.admin.patch(`/api/v1/users/${worker.id}`, { night_worker: true })
      assert.equal(patched.status, 200, JSON.stringify(patched.body))
      assert.deepEqual(await flags(tenant, worker.id, '2026-11-16', 'night_average_exceeded'), [
        ['night_average_exceeded', 484, 480],
      ])
      assert.deepEqual(await flags(tenant, worker.id, '2026-11-15', 'night_average_exceeded'), [])
      assert.deepEqual(await listed(tenant, 'from=2026-11-16&to=2026-11-22&type=night_average_exceeded'), [
        ['2026-11-16', 'night_average_exceeded', 484, 480],
      ])
    })

    it('absence_overlaps_work (art. 35 ET): a sick day with punches is flagged, counts no worked minutes and gives no overtime lot', async () => {
      setNow('2026-10-01T06:00:00Z')
      const tenant = await company(t)
      const worker = await tenant.createUser()
      const sick = await create(tenant.admin, days(worker.id, 'sick', '2026-10-06'))
      assert.equal(sick.status, 'approved')
      setNow('2026-10-31T20:00:00Z')
      await workday(tenant, worker.id, '2026-10-05', 480)
      await workday(tenant, worker.id, '2026-10-06', 480) // under sick leave
      await workday(tenant, worker.id, '2026-10-07', 540) // an hour over
      const [sickDay] = await entries(tenant, worker.id, '2026-10-06')
      assert.deepEqual(
        [sickDay.worked_minutes, sickDay.expected_minutes, sickDay.balance_minutes, sickDay.punches.length],
        [0, 0, 0, 2],
      )
      assert.deepEqual(sickDay.anomalies, [
        {
          type: 'absence_overlaps_work',
          session_started_at: '2026-10-06T08:00:00.000Z',
          minutes: 480,
          limit_minutes: null,
          day_off: 'absence',
        },
      ])
      assert.deepEqual(await listed(tenant, 'from=2026-10-01&to=2026-10-31&type=absence_overlaps_work'), [
        ['2026-10-06', 'absence_overlaps_work', 480, null],
      ])
      assert.deepEqual(await listed(tenant, 'from=2026-10-01&to=2026-10-31&type=punch_on_day_off'), [])
      // The monthly record: the day's row names the anomaly, the PDF marks it and explains the mark.
      const report = await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10`)
      assert.equal(report.status, 200, JSON.stringify(report.body))
      const row = report.body.data.days.find((d: any) => d.date === '2026-10-06')
      assert.deepEqual([row.worked_minutes, row.anomalies], [0, ['absence_overlaps_work']])
      assert.deepEqual(report.body.data.days.find((d: any) => d.date === '2026-10-07').anomalies, [])
      const pdfOfOctober = async () => {
        const pdf = await t.app.inject({
          method: 'GET',
          url: `/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10&format=pdf`,
          headers: { authorization: `Bearer ${tenant.adminKey}` },
        })
        return (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ')
      }
      const spanish = await pdfOfOctober()
      assert.match(spanish, /mar 06 !4 08:00–16:00/)
      assert.match(spanish, /Incidencias: !4 = trabajo durante la ausencia \(no computa\)\./)
      await tenant.admin.patch('/api/v1/tenant', { language: 'en' })
      const english = await pdfOfOctober()
      assert.match(english, /Tue 06 !4 08:00–16:00/)
      assert.match(english, /Anomalies: !4 = work during the absence \(not counted\)\./)
      // Once October is over, its lot holds the hour of the 7th and nothing of the sick day.
      setNow('2026-11-02T09:00:00Z')
      const lots = await tenant.admin.get('/api/v1/overtime/lots')
      assert.equal(lots.status, 200, JSON.stringify(lots.body))
      assert.deepEqual(
        lots.body.data.map((l: any) => [l.minutes, l.days]),
        [[60, [{ date: '2026-10-07', minutes: 60 }]]],
      )
    })
  },
  { app: { clock: () => now } },
)
