/**
 * Absences in the attendance record: approved absences reduce the expected minutes (a full day to
 * 0, an hourly one by its span) in the daily entries and the summary; other states, holidays,
 * weekends and other employees are unaffected.
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { forEachEngine } from '../helpers/harness.js'
import { cancel, create, days, decide, DEFAULT_NOW, madrid, span, withHr } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'absences: effect on attendance',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('attendance: approved absences reduce expected_minutes (full day to 0, hourly by its span); pending, rejected, cancelled do not', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)
      // Mon 23 .. Fri 27 November 2026, no holidays in Madrid.
      await create(userKey, days(user.id, 'sick', '2026-11-23')) // approved, full day
      await create(userKey, span(user.id, 'sick', '2026-11-24', '09:00', '11:00')) // approved, 2 h
      const vacation = await create(userKey, days(user.id, 'vacation', '2026-11-25')) // pending
      const rejected = await create(userKey, days(user.id, 'personal', '2026-11-26'))
      await decide(hrKey, rejected.id, 'rejected')
      const cancelled = await create(userKey, days(user.id, 'sick', '2026-11-27'))
      await cancel(userKey, cancelled.id)
      const justified = await create(userKey, span(user.id, 'justified', '2026-11-30', '12:00', '13:30'))
      await decide(hrKey, justified.id, 'approved')
      await create(userKey, span(user.id, 'sick', '2026-11-30', '15:00', '16:00'))
      await create(userKey, days(user.id, 'sick', '2026-11-28', '2026-11-29')) // a weekend

      // A week later, push 8 hours of work on each of those days (08:00-16:00 Madrid).
      setNow('2026-12-01T12:00:00Z')
      for (const date of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30']) {
        for (const [type, ts] of [
          ['in', `${date}T07:00:00Z`],
          ['out', `${date}T15:00:00Z`],
        ] as const) {
          const res = await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type, ts })
          assert.equal(res.status, 201, JSON.stringify(res.body))
        }
      }
      const entries = async () => {
        const res = await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-11-23&to=2026-11-30`)
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return Object.fromEntries(res.body.data.map((e: any) => [e.date, e]))
      }
      let byDate = await entries()
      const expectedOf = (e: Record<string, any>) =>
        Object.values(e).map((x) => [x.date, x.worked_minutes, x.expected_minutes, x.balance_minutes])
      assert.deepEqual(expectedOf(byDate), [
        // Full-day sick: expected 0, and the work under it is flagged absence_overlaps_work and counts
        // nothing (docs/decisions/0023-daily-limits-and-real-life.md: never overtime).
        ['2026-11-23', 0, 0, 0],
        ['2026-11-24', 480, 360, 120], // 09:00-11:00 off an 8-hour day
        ['2026-11-25', 480, 480, 0], // pending vacation
        ['2026-11-26', 480, 480, 0], // rejected
        ['2026-11-27', 480, 480, 0], // cancelled
        ['2026-11-28', 0, 0, 0],
        ['2026-11-29', 0, 0, 0],
        ['2026-11-30', 480, 330, 150], // 90 + 60 minutes off
      ])

      // Approving the pending vacation (after the fact) takes that day off too.
      await decide(hrKey, vacation.id, 'approved')
      byDate = await entries()
      assert.equal(byDate['2026-11-25'].expected_minutes, 0)
      assert.equal(byDate['2026-11-25'].balance_minutes, 480)

      // The summary is the sum of the daily entries.
      const summary = await tenant.admin.get('/api/v1/attendance/summary?from=2026-11-23&to=2026-11-30&page_size=100')
      assert.equal(summary.status, 200, JSON.stringify(summary.body))
      const row = summary.body.data.find((r: any) => r.user_id === user.id)
      const daily = Object.values(byDate) as any[]
      assert.deepEqual(row, {
        user_id: user.id,
        full_name: user.full_name,
        worked_minutes: daily.reduce((s, d) => s + d.worked_minutes, 0),
        expected_minutes: daily.reduce((s, d) => s + d.expected_minutes, 0),
        balance_minutes: daily.reduce((s, d) => s + d.balance_minutes, 0),
        worked_days: daily.filter((d) => d.worked_minutes > 0).length,
        expected_days: daily.filter((d) => d.expected_minutes > 0).length,
        anomaly_count: daily.reduce((s, d) => s + d.anomalies.length, 0),
        // The week is wholly past at the clock's 1 December: to date is all of it.
        expected_to_date_minutes: daily.reduce((s, d) => s + d.expected_minutes, 0),
        balance_to_date_minutes: daily.reduce((s, d) => s + d.balance_minutes, 0),
      })
      assert.equal(row.expected_minutes, 0 + 360 + 0 + 480 + 480 + 330)
      assert.equal(row.expected_days, 4)
    })

    it('attendance: a full-day absence on a holiday or weekend changes nothing; another user is unaffected', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      const colleague = await tenant.createUser()
      await create(tenant.admin, days(user.id, 'sick', '2026-12-07', '2026-12-09'))
      const res = await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-12-06&to=2026-12-10`)
      assert.deepEqual(
        res.body.data.map((e: any) => [e.date, e.expected_minutes]),
        [
          ['2026-12-06', 0],
          ['2026-12-07', 0],
          ['2026-12-08', 0],
          ['2026-12-09', 0],
          ['2026-12-10', 480],
        ],
      )
      const other = await tenant.admin.get(`/api/v1/attendance?user_id=${colleague.id}&from=2026-12-09&to=2026-12-09`)
      assert.equal(other.body.data[0].expected_minutes, 480)
    })
  },
  { app: { clock: () => now } },
)
