/**
 * Every month of the record gets its lots (docs/decisions/0022-overtime-as-the-law-counts-it.md):
 * the first settlement reaches back to the first punch, at most the four years the record is kept
 * (art. 34.9 ET), and a change of the record in any ended month of those years settles it, before
 * the company's first settled month too (art. 35 ET: hours worked beyond the ordinary day were
 * worked, whenever they come to light).
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { workday } from '../helpers/attendance.js'
import { type Client, forEachEngine, type TestTenant } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'
import { report } from '../helpers/reports.js'

let now = Date.parse('2026-03-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

async function lots(client: Client, query = ''): Promise<any[]> {
  const res = await client.get(`/api/v1/overtime/lots${query ? `?${query}` : ''}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

/** A correction the company proposes and the employee accepts (consent), adding a day worked. */
async function addDay(tenant: TestTenant, employee: Client, userId: string, date: string, from: string, to: string) {
  const proposed = await tenant.admin.post('/api/v1/attendance/corrections', {
    user_id: userId,
    reason: 'Worked that day; nobody punched',
    changes: [
      { action: 'add', type: 'in', ts: `${date}T${from}:00Z` },
      { action: 'add', type: 'out', ts: `${date}T${to}:00Z` },
    ],
  })
  assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
  const decided = await employee.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
    decision: 'approved',
  })
  assert.equal(decided.status, 200, JSON.stringify(decided.body))
}

forEachEngine(
  'overtime lots for every month of the record',
  (t) => {
    it('a correction adding a Saturday in a month before the first settled one gets its lot, listed by the month’s report (issue case 8)', async () => {
      setNow('2026-03-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const employee = await tenant.createUser({ full_name: 'Marta' })
      const employeeKey = await tenant.keyFor(employee.id)
      // The company starts punching in April: March has no punch.
      setNow('2026-04-06T20:00:00Z')
      await workday(tenant, employee.id, '2026-04-06', 480)
      setNow('2026-05-04T20:00:00Z')
      await workday(tenant, employee.id, '2026-05-04', 540)
      // June: the first settlement gives May its lot; March and April have no overtime.
      setNow('2026-06-02T09:00:00Z')
      assert.deepEqual(
        (await lots(tenant.admin)).map((l) => [l.month, l.minutes]),
        [['2026-05', 60]],
      )
      // A Saturday of March, 08:00-15:00, found in June: seven hours beyond a day off.
      await addDay(tenant, employeeKey, employee.id, '2026-03-14', '08:00', '15:00')
      const march = await lots(tenant.admin, 'from=2026-03&to=2026-03')
      assert.equal(march.length, 1, JSON.stringify(march))
      assert.equal(march[0].minutes, 420)
      assert.deepEqual(march[0].days, [{ date: '2026-03-14', minutes: 420 }])
      // The month's report: the day's overtime, the total and the section's lot agree.
      const data = await report(tenant.admin, employee.id, '2026-03')
      assert.equal(data.days.find((d: any) => d.date === '2026-03-14').overtime_minutes, 420)
      assert.equal(data.totals.overtime_minutes, 420)
      assert.deepEqual(
        data.overtime.lots.map((l: any) => l.minutes),
        [420],
      )
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-03&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      assert.equal(pdf.statusCode, 200)
      const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ')
      assert.doesNotMatch(text, /Ninguna en este mes/)
      assert.match(text, /7:00 pendiente de decisión/)
    })

    it('a company whose settlement began when it reached less far gets the lots of its earlier months once', async () => {
      setNow('2026-01-05T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const employee = await tenant.createUser({ full_name: 'Luis' })
      setNow('2026-02-02T20:00:00Z')
      await workday(tenant, employee.id, '2026-02-02', 600)
      // A settlement written when the first settled month was April (before every month got lots).
      await t.database.db
        .insertInto('overtime_settlements')
        .values({
          tenant_id: tenant.id,
          first_month: '2026-04',
          settled_month: '2026-04',
          changes_seen_until: '2026-05-01T00:00:00.000Z',
        })
        .execute()
      setNow('2026-05-04T09:00:00Z')
      assert.deepEqual(
        (await lots(tenant.admin)).map((l) => [l.month, l.minutes]),
        [['2026-02', 120]],
      )
      const state = await t.database.db
        .selectFrom('overtime_settlements')
        .selectAll()
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow()
      // Four years back from May 2026: every month from May 2022 on has been settled.
      assert.equal(state.first_month, '2022-05')
      assert.equal(state.settled_month, '2026-04')
    })

    it('the first settlement reaches back to the first punch, more than a year, at most four years (art. 34.9 ET)', async () => {
      setNow('2022-04-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const employee = await tenant.createUser({ full_name: 'Ana' })
      // Ten hours on a Monday of May 2022, of June 2022 and of March 2025.
      for (const date of ['2022-05-02', '2022-06-06', '2025-03-03']) {
        setNow(`${date}T20:00:00Z`)
        await workday(tenant, employee.id, date, 600)
      }
      // June 2026: the record's four years are June 2022 to May 2026; May 2022 is beyond them.
      setNow('2026-06-02T09:00:00Z')
      assert.deepEqual((await lots(tenant.admin, 'from=2022-01&to=2026-05')).map((l) => [l.month, l.minutes]).sort(), [
        ['2022-06', 120],
        ['2025-03', 120],
      ])
      // A change of the record fifteen months back settles its month: the lot follows it.
      setNow('2026-06-03T09:00:00Z')
      await addDay(tenant, await tenant.keyFor(employee.id), employee.id, '2025-03-04', '08:00', '17:00')
      assert.deepEqual(
        (await lots(tenant.admin, 'from=2025-03&to=2025-03')).map((l) => [l.month, l.minutes]),
        [['2025-03', 180]],
      )
    })
  },
  { app: { clock: () => now } },
)
