/**
 * Who is in now (docs/decisions/0020-calendars-and-presence.md): each state from the effective
 * punches, today's approved absences (a full day, an hourly one now or later), holidays and the
 * schedule; need-to-know on the list.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { punch } from '../helpers/attendance.js'
import { type Client, forEachEngine } from '../helpers/harness.js'

let now = Date.parse('2026-11-18T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

async function presence(client: Client, query = ''): Promise<Record<string, any>> {
  const res = await client.get(`/api/v1/attendance/now?page_size=100${query}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return Object.fromEntries(res.body.data.map((row: any) => [row.full_name, row]))
}

forEachEngine(
  'who is in now',
  (t) => {
    it('in, on a break, out, away for a day or for some hours, off; seen under need-to-know', async () => {
      setNow('2026-11-18T06:00:00Z') // a Wednesday
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const boss = await tenant.createUser({ full_name: 'Boss' })
      const make = (full_name: string, extra: Record<string, unknown> = {}) =>
        tenant.createUser({ full_name, manager_id: boss.id, remote_work_allowed: true, ...extra })
      const working = await make('Working')
      const resting = await make('Resting')
      const left = await make('Left')
      const absent = await make('Absent')
      const doctor = await make('Doctor')
      const later = await make('Later')
      await make('Future', { hire_date: '2026-12-01' })
      const forgot = await make('Forgot')
      const gone = await make('Gone')
      await tenant.admin.post(`/api/v1/users/${gone.id}/deactivate`)
      setNow('2026-11-18T10:30:00Z')
      await punch(tenant, working.id, 'in', '2026-11-18T08:00:00Z', { modality: 'remote' })
      // Clocked in on Monday and never out: on vacation today, not in for 50 hours.
      await punch(tenant, forgot.id, 'in', '2026-11-16T08:00:00Z')
      await punch(tenant, resting.id, 'in', '2026-11-18T08:00:00Z')
      await punch(tenant, resting.id, 'break_start', '2026-11-18T10:00:00Z')
      await punch(tenant, left.id, 'in', '2026-11-18T08:00:00Z')
      await punch(tenant, left.id, 'out', '2026-11-18T09:00:00Z')
      const record = async (user_id: string, body: Record<string, unknown>) => {
        const res = await tenant.admin.post('/api/v1/absences/record', {
          user_id,
          start_date: '2026-11-18',
          end_date: '2026-11-18',
          ...body,
        })
        assert.equal(res.status, 201, JSON.stringify(res.body))
      }
      await record(absent.id, { type: 'sick' })
      await record(forgot.id, { type: 'personal' })
      await record(doctor.id, { type: 'justified', start_time: '10:00', end_time: '12:00' })
      await record(later.id, { type: 'justified', start_time: '12:00', end_time: '13:00' })
      const seen = await presence(tenant.admin)
      const pick = (row: any) => [row.state, row.since, row.modality]
      assert.deepEqual(pick(seen.Working), ['in', '2026-11-18T08:00:00.000Z', 'remote'])
      assert.deepEqual(pick(seen.Resting), ['on_break', '2026-11-18T10:00:00.000Z', 'onsite'])
      assert.deepEqual(pick(seen.Left), ['out', '2026-11-18T09:00:00.000Z', null])
      assert.deepEqual(pick(seen.Absent), ['absent', '2026-11-18T00:00:00.000Z', null])
      assert.deepEqual(pick(seen.Doctor), ['absent', '2026-11-18T10:00:00.000Z', null])
      assert.deepEqual(pick(seen.Later), ['out', null, null])
      assert.deepEqual(pick(seen.Future), ['off', null, null])
      assert.deepEqual(pick(seen.Forgot), ['absent', '2026-11-18T00:00:00.000Z', null])
      assert.equal(seen.Gone, undefined, 'only active employees')
      assert.deepEqual(Object.keys(seen).sort(), [
        'Absent',
        'Admin User',
        'Boss',
        'Doctor',
        'Forgot',
        'Future',
        'Later',
        'Left',
        'Resting',
        'Working',
      ])
      // The supervisor sees their team and themselves; an employee only themselves.
      const bossView = await presence(await tenant.keyFor(boss.id))
      assert.equal(Object.keys(bossView).length, 9)
      assert.deepEqual(Object.keys(await presence(await tenant.keyFor(working.id))), ['Working'])
      // Another company sees none of them.
      const other = await t.newTenant({ timezone: 'UTC' })
      assert.deepEqual(Object.keys(await presence(other.admin)), ['Admin User'])
      // The doctor's hours pass: out again.
      setNow('2026-11-18T12:30:00Z')
      assert.deepEqual(pick((await presence(tenant.admin)).Doctor), ['out', null, null])
      assert.deepEqual(pick((await presence(tenant.admin)).Later), ['absent', '2026-11-18T12:00:00.000Z', null])
    })

    it('a holiday shows as such, except for who works it; a weekend is off', async () => {
      setNow('2026-11-18T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      await tenant.createUser({ full_name: 'Resting' })
      const working = await tenant.createUser({ full_name: 'Working' })
      assert.equal((await tenant.admin.post('/api/v1/holidays', { date: '2026-11-19', name: 'Fiesta' })).status, 201)
      setNow('2026-11-19T09:00:00Z')
      await punch(tenant, working.id, 'in', '2026-11-19T08:00:00Z')
      const seen = await presence(tenant.admin)
      assert.equal(seen.Resting.state, 'holiday')
      assert.equal(seen.Working.state, 'in')
      setNow('2026-11-21T09:00:00Z') // a Saturday
      assert.equal((await presence(tenant.admin)).Resting.state, 'off')
      // Filters that match nobody answer an empty page.
      const filtered = await tenant.admin.get('/api/v1/attendance/now?department_id=dep_nope')
      assert.deepEqual([filtered.status, filtered.body.data, filtered.body.meta.total], [200, [], 0])
    })
  },
  { app: { clock: () => now } },
)
