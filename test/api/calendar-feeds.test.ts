/**
 * Calendar feeds (docs/decisions/0020-calendars-and-presence.md), read by an independent iCalendar
 * parser (ical.js, Mozilla's): events and their states, whole days as DATE values, hours placed
 * right across the change of daylight-saving time, hidden types and sick leave never named, an
 * update in place (same UID, higher SEQUENCE), need-to-know per scope, and the address's life:
 * ETag, 304, revocation, deactivation, a lost HR role, the limit per feed.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import ICAL from 'ical.js'
import { withHr } from '../helpers/absences.js'
import { type Client, expectError, forEachEngine, type TestContext } from '../helpers/harness.js'

let now = Date.parse('2026-10-20T08:00:00Z')

interface Parsed {
  uid: string
  summary: string
  status: string
  sequence: number
  /** YYYY-MM-DD for whole days, else the instant in UTC. */
  start: string
  end: string
  busy: string
}

function parse(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    const when = (t: ICAL.Time) => (t.isDate ? t.toString() : t.toJSDate().toISOString())
    return {
      uid: event.uid,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue('status')),
      sequence: event.sequence,
      start: when(event.startDate),
      end: when(event.endDate),
      busy: String(vevent.getFirstPropertyValue('x-microsoft-cdo-busystatus')),
    }
  })
}

async function feed(t: TestContext, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers })
  return res
}

async function subscribe(client: Client, body: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const res = await client.post('/api/v1/calendar-feeds', body)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

forEachEngine(
  'calendar feeds',
  (t) => {
    it('a person’s own feed: states, whole days, hours across the change of time, hidden types, updates in place', async () => {
      now = Date.parse('2026-10-20T08:00:00Z')
      const tenant = await t.newTenant({ country: 'ES', region: 'MD', timezone: 'Europe/Madrid' })
      const { hrKey } = await withHr(tenant)
      const worker = await tenant.createUser({ full_name: 'Marta' })
      const workerKey = await tenant.keyFor(worker.id)
      const vacation = await workerKey.post('/api/v1/absences', {
        user_id: worker.id,
        type: 'vacation',
        start_date: '2026-10-26',
        end_date: '2026-10-28',
      })
      assert.equal(vacation.status, 201, JSON.stringify(vacation.body))
      for (const [date, start, end] of [
        ['2026-10-23', '10:00', '12:00'], // summer time, UTC+2
        ['2026-10-29', '10:00', '12:00'], // winter time, UTC+1
      ]) {
        const doctor = await workerKey.post('/api/v1/absences', {
          user_id: worker.id,
          type: 'justified',
          start_date: date,
          end_date: date,
          start_time: start,
          end_time: end,
        })
        assert.equal(doctor.status, 201, JSON.stringify(doctor.body))
        await hrKey.post(`/api/v1/absences/${doctor.body.data.id}/decide`, { decision: 'approved' })
      }
      const sick = await hrKey.post('/api/v1/absences/record', {
        user_id: worker.id,
        type: 'sick',
        start_date: '2026-10-19',
        end_date: '2026-10-20',
      })
      assert.equal(sick.status, 201, JSON.stringify(sick.body))
      assert.equal(
        (await tenant.admin.post('/api/v1/holidays', { date: '2026-11-02', name: 'Fiesta local' })).status,
        201,
      )

      const mine = await subscribe(workerKey, { scope: 'me' })
      assert.match(mine.url, /^http:\/\/localhost(:\d+)?\/calendar\/jcf_[0-9A-Z]{26}_[A-Za-z0-9_-]+\.ics$/)
      const first = await feed(t, mine.url)
      assert.equal(first.statusCode, 200)
      assert.match(String(first.headers['content-type']), /^text\/calendar/)
      assert.match(String(first.headers['cache-control']), /max-age/)
      const etag = String(first.headers.etag)
      assert.match(first.body, /BEGIN:VTIMEZONE\r\nTZID:Europe\/Madrid/)
      // RFC 5545 §3.4: the calendar's properties come before its components (strict clients drop
      // properties found after a VTIMEZONE), and §3.8.7.2: no DTSTAMP lies in the future, not even
      // a holiday's months ahead.
      const firstComponent = first.body.indexOf('BEGIN:V', first.body.indexOf('\r\n'))
      for (const property of ['REFRESH-INTERVAL', 'X-PUBLISHED-TTL'])
        assert.ok(first.body.indexOf(property) < firstComponent, `${property} before the first component`)
      const stamps = [...first.body.matchAll(/^DTSTAMP:(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/gm)].map(
        ([, y, mo, d, h, mi, se]) => `${y}-${mo}-${d}T${h}:${mi}:${se}Z`,
      )
      assert.ok(stamps.length > 0)
      for (const stamp of stamps) assert.ok(Date.parse(stamp) <= now, `DTSTAMP ${stamp} is not after now`)
      const events = parse(first.body)
      const byUid = new Map(events.map((e) => [e.uid, e]))
      const vacationEvent = byUid.get(`${vacation.body.data.id}@jornada`)!
      assert.deepEqual(vacationEvent, {
        uid: `${vacation.body.data.id}@jornada`,
        summary: 'Fuera de la oficina',
        status: 'TENTATIVE',
        sequence: 0,
        start: '2026-10-26',
        end: '2026-10-29',
        busy: 'OOF',
      })
      const doctors = events.filter((e) => e.start.includes('T')).sort((a, b) => a.start.localeCompare(b.start))
      assert.deepEqual(
        doctors.map((e) => [e.start, e.end, e.status]),
        [
          ['2026-10-23T08:00:00.000Z', '2026-10-23T10:00:00.000Z', 'CONFIRMED'],
          ['2026-10-29T09:00:00.000Z', '2026-10-29T11:00:00.000Z', 'CONFIRMED'],
        ],
      )
      const sickEvent = byUid.get(`${sick.body.data.id}@jornada`)!
      assert.deepEqual(
        [sickEvent.summary, sickEvent.start, sickEvent.end],
        ['Fuera de la oficina', '2026-10-19', '2026-10-21'],
      )
      const holiday = events.find((e) => e.summary.includes('Fiesta local'))!
      assert.deepEqual([holiday.start, holiday.busy], ['2026-11-02', 'FREE'])
      assert.ok(!first.body.includes('Baja'), 'sick leave is never named')

      // With types: the vacation says so; sick leave still does not.
      const typed = parse((await feed(t, (await subscribe(workerKey, { scope: 'me', show_types: true })).url)).body)
      assert.equal(typed.find((e) => e.uid === vacationEvent.uid)!.summary, 'Vacaciones')
      assert.equal(typed.find((e) => e.uid === sickEvent.uid)!.summary, 'Fuera de la oficina')

      // Unchanged: 304. Approved: the same event, confirmed, a higher SEQUENCE, a new ETag.
      assert.equal((await feed(t, mine.url, { 'if-none-match': etag })).statusCode, 304)
      await hrKey.post(`/api/v1/absences/${vacation.body.data.id}/decide`, { decision: 'approved' })
      const second = await feed(t, mine.url, { 'if-none-match': etag })
      assert.equal(second.statusCode, 200)
      assert.notEqual(second.headers.etag, etag)
      const approved = parse(second.body).find((e) => e.uid === vacationEvent.uid)!
      assert.deepEqual([approved.status, approved.sequence], ['CONFIRMED', 1])
      await workerKey.post(`/api/v1/absences/${vacation.body.data.id}/cancel`)
      const cancelled = parse((await feed(t, mine.url)).body).find((e) => e.uid === vacationEvent.uid)!
      assert.deepEqual([cancelled.status, cancelled.sequence], ['CANCELLED', 2])
    })

    it('team and company feeds show what their owner may see today; revoked, deactivated or demoted: 404', async () => {
      now = Date.parse('2026-10-20T08:00:00Z')
      const tenant = await t.newTenant({ country: 'GB', timezone: 'Europe/London' })
      const { hr, hrKey } = await withHr(tenant)
      const boss = await tenant.createUser({ full_name: 'Boss' })
      const worker = await tenant.createUser({ full_name: 'Worker', manager_id: boss.id })
      const outsider = await tenant.createUser({ full_name: 'Outsider' })
      for (const [user, type] of [
        [worker, 'vacation'],
        [outsider, 'personal'],
      ] as const) {
        const res = await tenant.admin.post('/api/v1/absences/record', {
          user_id: user.id,
          type,
          start_date: '2026-10-19',
          end_date: '2026-10-19',
        })
        assert.equal(res.status, 201, JSON.stringify(res.body))
      }
      const bossKey = await tenant.keyFor(boss.id)
      const team = await subscribe(bossKey, { scope: 'team' })
      const teamTitles = parse((await feed(t, team.url)).body)
        .map((e) => e.summary)
        .filter((s) => !s.startsWith('Holiday'))
      assert.deepEqual(teamTitles, ['Worker: Out of office'])
      // A new name shows at the next fetch.
      await tenant.admin.patch(`/api/v1/users/${worker.id}`, { full_name: 'Worker Jones' })
      assert.ok((await feed(t, team.url)).body.includes('SUMMARY:Worker Jones: Out of office'))
      expectError(await bossKey.post('/api/v1/calendar-feeds', { scope: 'company' }), 403, 'permission_denied')
      const company = await subscribe(hrKey, { scope: 'company', show_types: true })
      assert.deepEqual(
        parse((await feed(t, company.url)).body)
          .map((e) => e.summary)
          .filter((s) => !s.startsWith('Holiday'))
          .sort(),
        // Types shown: vacation by name, everything else (sick leave among it) out of office.
        ['Outsider: Out of office', 'Worker Jones: Vacation'],
      )
      // Listed without their addresses; another person's or company's is 404 to revoke.
      const listed = (await bossKey.get('/api/v1/calendar-feeds')).body.data
      assert.deepEqual(
        listed.map((f: any) => [f.id, f.scope, f.url]),
        [[team.id, 'team', undefined]],
      )
      // Read one by one as listed, never with its address; only by its owner.
      assert.deepEqual((await bossKey.get(`/api/v1/calendar-feeds/${team.id}`)).body.data, listed[0])
      expectError(await hrKey.get(`/api/v1/calendar-feeds/${team.id}`), 404, 'not_found')
      expectError(await hrKey.delete(`/api/v1/calendar-feeds/${team.id}`), 404, 'not_found')
      const other = await t.newTenant()
      expectError(await other.admin.delete(`/api/v1/calendar-feeds/${team.id}`), 404, 'not_found')
      // Revoked: 404 at once.
      assert.equal((await bossKey.delete(`/api/v1/calendar-feeds/${team.id}`)).status, 204)
      expectError(await bossKey.get(`/api/v1/calendar-feeds/${team.id}`), 404, 'not_found')
      assert.equal((await feed(t, team.url)).statusCode, 404)
      // HR leaves the HR department: the company feed stops.
      await tenant.admin.patch(`/api/v1/users/${hr.id}`, { department_id: null })
      assert.equal((await feed(t, company.url)).statusCode, 404)
      // The owner deactivated: 404.
      const workerFeed = await subscribe(await tenant.keyFor(worker.id), { scope: 'me' })
      assert.equal((await feed(t, workerFeed.url)).statusCode, 200)
      await tenant.admin.post(`/api/v1/users/${worker.id}/deactivate`)
      assert.equal((await feed(t, workerFeed.url)).statusCode, 404)
      // A made-up or altered address: 404.
      assert.equal((await feed(t, workerFeed.url.replace(/_([A-Za-z0-9_-]{5})/, '_AAAAA'))).statusCode, 404)
      assert.equal((await t.app.inject({ method: 'GET', url: '/calendar/nothing.ics' })).statusCode, 404)
    })

    it('each feed has its own limit of fetches a minute', async () => {
      now = Date.parse('2026-10-20T08:00:00Z')
      const tenant = await t.newTenant()
      const person = await tenant.createUser()
      const key = await tenant.keyFor(person.id)
      const mine = await subscribe(key, { scope: 'me' })
      const statuses: number[] = []
      for (let i = 0; i < 31; i++) statuses.push((await feed(t, mine.url)).statusCode)
      assert.deepEqual([statuses.slice(0, 30).every((s) => s === 200), statuses[30]], [true, 429])
      const refused = await feed(t, mine.url)
      assert.ok(Number(refused.headers['retry-after']) >= 1, 'the refusal says when to come back')
      assert.equal(JSON.parse(refused.body).error.code, 'rate_limited')
      // Another feed is not held back.
      assert.equal((await feed(t, (await subscribe(key, { scope: 'me' })).url)).statusCode, 200)
      // At most ten feeds a person.
      for (let i = 0; i < 8; i++) await subscribe(key, { scope: 'me' })
      expectError(await key.post('/api/v1/calendar-feeds', { scope: 'me' }), 409, 'calendar_feed_limit_reached')
    })
  },
  { app: { clock: () => now } },
)
