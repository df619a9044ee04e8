/**
 * Requesting absences through HTTP: the response shape (the note is stored, never returned), who
 * may request for whom, the date rules in the tenant's zone, hourly spans, unknown types and
 * users, and overlaps with pending or approved absences (rejected or cancelled ones free the slot).
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import {
  ABSENCE_KEYS,
  type Body,
  cancel,
  create,
  days,
  decide,
  DEFAULT_NOW,
  list,
  span,
  TODAY,
  withHr,
} from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

forEachEngine(
  'absences: requests',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('creates: sick approved at once (decided_at set), vacation pending; exact shape; the note is never returned', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const sick = await create(
        tenant.admin,
        days(user.id, 'sick', TODAY, '2026-11-25', { note: 'flu, doctor note attached' }),
      )
      assert.deepEqual(Object.keys(sick).sort(), ABSENCE_KEYS)
      assert.match(sick.id, /^abs_/)
      assert.equal(sick.user_id, user.id)
      assert.deepEqual(sick.type, { key: 'sick', label: 'Baja por enfermedad' })
      assert.equal(sick.status, 'approved')
      assert.equal(sick.start_date, TODAY)
      assert.equal(sick.end_date, '2026-11-25')
      assert.equal(sick.start_time, null)
      assert.equal(sick.end_time, null)
      assert.match(sick.created_at, ISO_UTC)
      assert.equal(sick.created_at, new Date(now).toISOString(), 'created_at comes from the clock')
      assert.equal(sick.decided_at, sick.created_at, 'approved at once: decided when created')

      const vacation = await create(
        tenant.admin,
        days(user.id, 'vacation', '2026-12-14', '2026-12-18', { note: 'trip' }),
      )
      assert.deepEqual(Object.keys(vacation).sort(), ABSENCE_KEYS)
      assert.equal(vacation.status, 'pending')
      assert.equal(vacation.decided_at, null)
      assert.deepEqual(vacation.type, { key: 'vacation', label: 'Vacaciones' })

      const hourly = await create(tenant.admin, span(user.id, 'personal', '2026-12-01', '09:30', '11:15'))
      assert.deepEqual(Object.keys(hourly).sort(), ABSENCE_KEYS)
      assert.equal(hourly.start_time, '09:30')
      assert.equal(hourly.end_time, '11:15')
      assert.equal(hourly.status, 'pending')

      const got = await tenant.admin.get(`/api/v1/absences/${vacation.id}`)
      assert.equal(got.status, 200)
      assert.deepEqual(got.body.data, vacation)
      for (const text of [
        JSON.stringify(got.body),
        JSON.stringify((await list(tenant.admin, `from=${TODAY}&to=2026-12-31`)).data),
      ]) {
        assert.ok(!text.includes('trip') && !text.includes('doctor') && !text.includes('note'), text)
      }
      const stored = await t.database.db
        .selectFrom('absences')
        .select(['id', 'request_note'])
        .where('tenant_id', '=', tenant.id)
        .execute()
      const notes = Object.fromEntries(stored.map((r) => [r.id, r.request_note]))
      assert.equal(notes[vacation.id], 'trip', 'the note is stored')
      assert.equal(notes[sick.id], 'flu, doctor note attached')
      assert.equal(notes[hourly.id], null)
    })

    it('a member creates their own (201) but not another’s (403); an admin creates for anyone', async () => {
      const tenant = await t.newTenant()
      const alice = await tenant.createUser()
      const bob = await tenant.createUser()
      const aliceKey = await tenant.keyFor(alice.id)
      const own = await create(aliceKey, days(alice.id, 'personal', '2026-12-01'))
      assert.equal(own.user_id, alice.id)
      expectError(
        await aliceKey.post('/api/v1/absences', days(bob.id, 'personal', '2026-12-01')),
        403,
        'permission_denied',
      )
      // 404 before 403: an unknown user is 404 even for a member.
      expectError(
        await aliceKey.post('/api/v1/absences', days('usr_missing', 'personal', '2026-12-01')),
        404,
        'not_found',
      )
      assert.equal((await create(tenant.admin, days(bob.id, 'personal', '2026-12-01'))).user_id, bob.id)
      assert.equal((await create(tenant.admin, days(tenant.adminId, 'vacation', '2026-12-01'))).user_id, tenant.adminId)
      const aliceAbsences = await list(tenant.admin, `from=2026-12-01&to=2026-12-01&user_id=${alice.id}`)
      assert.equal(aliceAbsences.meta.total, 1, 'the refused request wrote nothing')
    })

    it('dates: yesterday (in the tenant zone) is 400, today is fine, end before start is 400', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const past = expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'sick', '2026-11-22')),
        400,
        'invalid_request',
      )
      assert.deepEqual(
        past.details?.map((d) => d.field),
        ['start_date'],
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'sick', '2026-11-22', '2026-11-30')),
        400,
        'invalid_request',
      )
      assert.equal((await create(tenant.admin, days(user.id, 'sick', TODAY))).start_date, TODAY)
      const backwards = expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'personal', '2026-12-10', '2026-12-09')),
        400,
        'invalid_request',
      )
      assert.deepEqual(
        backwards.details?.map((d) => d.field),
        ['end_date'],
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'personal', '2026-02-30')),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'personal', '2026/12/01')),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', { user_id: user.id, type: 'personal', start_date: '2026-12-01' }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', { ...days(user.id, 'personal', '2026-12-01'), reason: 'x' }),
        400,
        'invalid_request',
      )
    })

    it('"today" is the tenant’s: 23:30 UTC on the 23rd is already the 24th in Madrid but still the 23rd in New York', async () => {
      setNow('2026-11-23T23:30:00Z')
      const madridTenant = await t.newTenant()
      const nyTenant = await t.newTenant({ timezone: 'America/New_York' })
      const m = await madridTenant.createUser()
      const n = await nyTenant.createUser()
      expectError(
        await madridTenant.admin.post('/api/v1/absences', days(m.id, 'sick', '2026-11-23')),
        400,
        'invalid_request',
      )
      await create(madridTenant.admin, days(m.id, 'sick', '2026-11-24'))
      await create(nyTenant.admin, days(n.id, 'sick', '2026-11-23'))
    })

    it('hourly: both times, same day, end after start, and a type that allows it (400 otherwise)', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const post = (body: Body) => tenant.admin.post('/api/v1/absences', body)
      const fieldsOf = (e: { details?: { field: string }[] }) => (e.details ?? []).map((d) => d.field)
      assert.deepEqual(
        fieldsOf(
          expectError(
            await post(days(user.id, 'personal', '2026-12-01', '2026-12-01', { start_time: '09:00' })),
            400,
            'invalid_request',
          ),
        ),
        ['end_time'],
      )
      assert.deepEqual(
        fieldsOf(
          expectError(
            await post(days(user.id, 'personal', '2026-12-01', '2026-12-01', { end_time: '11:00' })),
            400,
            'invalid_request',
          ),
        ),
        ['start_time'],
      )
      expectError(
        await post(days(user.id, 'personal', '2026-12-01', '2026-12-01', { start_time: '09:00', end_time: null })),
        400,
        'invalid_request',
      )
      assert.deepEqual(
        fieldsOf(
          expectError(
            await post({ ...span(user.id, 'personal', '2026-12-01', '09:00', '11:00'), end_date: '2026-12-02' }),
            400,
            'invalid_request',
          ),
        ),
        ['end_date'],
      )
      assert.deepEqual(
        fieldsOf(
          expectError(await post(span(user.id, 'personal', '2026-12-01', '11:00', '11:00')), 400, 'invalid_request'),
        ),
        ['end_time'],
      )
      assert.deepEqual(
        fieldsOf(
          expectError(await post(span(user.id, 'personal', '2026-12-01', '11:00', '09:00')), 400, 'invalid_request'),
        ),
        ['end_time'],
      )
      assert.deepEqual(
        fieldsOf(
          expectError(await post(span(user.id, 'vacation', '2026-12-01', '09:00', '11:00')), 400, 'invalid_request'),
        ),
        ['type'],
      )
      for (const bad of ['9:00', '24:00', '09:60', '09:00:00', 'noon']) {
        expectError(await post(span(user.id, 'personal', '2026-12-01', bad, '23:00')), 400, 'invalid_request')
      }
      expectError(await post(span(user.id, 'personal', '2026-11-22', '09:00', '10:00')), 400, 'invalid_request')
      assert.equal(
        (await list(tenant.admin, `from=2026-11-01&to=2026-12-31&user_id=${user.id}`)).meta.total,
        0,
        'nothing was written',
      )
      const ok = await create(tenant.admin, span(user.id, 'sick', TODAY, '00:00', '23:59'))
      assert.equal(ok.status, 'approved')
      const nullTimes = await create(
        tenant.admin,
        days(user.id, 'personal', '2026-12-01', '2026-12-01', { start_time: null, end_time: null }),
      )
      assert.equal(nullTimes.start_time, null, 'explicit nulls mean a full day')
    })

    it('unknown type 400 (details for type), unknown or foreign user 404, disabled user 409', async () => {
      const tenant = await t.newTenant()
      const other = await t.newTenant()
      const user = await tenant.createUser()
      const foreign = await other.createUser()
      const unknownType = expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'holiday', '2026-12-01')),
        400,
        'invalid_request',
      )
      assert.ok(
        unknownType.details?.some((d) => d.field === 'type'),
        JSON.stringify(unknownType),
      )
      // A key of another tenant's catalogue does not leak in.
      assert.equal((await other.admin.post('/api/v1/absence-types', { key: 'othertype', label: 'Other' })).status, 201)
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'othertype', '2026-12-01')),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days('usr_does_not_exist', 'sick', '2026-12-01')),
        404,
        'not_found',
      )
      expectError(await tenant.admin.post('/api/v1/absences', days(foreign.id, 'sick', '2026-12-01')), 404, 'not_found')
      assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)).status, 200)
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'sick', '2026-12-01')),
        409,
        'user_disabled',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-01')),
        409,
        'user_disabled',
      )
    })

    it('overlap with a pending or approved absence is 409 absence_overlap, including partial ones and ones starting before', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const someoneElse = await tenant.createUser()
      await create(tenant.admin, days(user.id, 'personal', '2026-12-09', '2026-12-11')) // pending
      await create(tenant.admin, days(user.id, 'sick', '2026-12-14', '2026-12-16')) // approved
      const overlapping = [
        days(user.id, 'personal', '2026-12-09', '2026-12-11'),
        days(user.id, 'justified', '2026-12-10'),
        days(user.id, 'personal', '2026-12-07', '2026-12-09'), // ends on the first day
        days(user.id, 'personal', '2026-12-11', '2026-12-13'), // starts on the last day
        days(user.id, 'sick', '2026-12-01', '2026-12-31'), // covers both
        days(user.id, 'vacation', '2026-12-16', '2026-12-18'),
        span(user.id, 'sick', '2026-12-15', '09:00', '10:00'),
        span(user.id, 'personal', '2026-12-09', '23:00', '23:59'),
      ]
      for (const body of overlapping)
        expectError(await tenant.admin.post('/api/v1/absences', body), 409, 'absence_overlap')
      // Right next to them, and another employee on the same days, are fine.
      await create(tenant.admin, days(user.id, 'personal', '2026-12-12', '2026-12-13'))
      await create(tenant.admin, days(user.id, 'justified', '2026-12-17'))
      await create(tenant.admin, days(someoneElse.id, 'sick', '2026-12-01', '2026-12-31'))
    })

    it('an absence already under way (started before today) still blocks the days it covers', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      setNow('2026-11-20T10:00:00Z')
      await create(tenant.admin, days(user.id, 'sick', '2026-11-20', '2026-11-27'))
      setNow(DEFAULT_NOW)
      expectError(await tenant.admin.post('/api/v1/absences', days(user.id, 'personal', TODAY)), 409, 'absence_overlap')
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'personal', '2026-11-27', '2026-11-30')),
        409,
        'absence_overlap',
      )
      await create(tenant.admin, days(user.id, 'personal', '2026-11-28'))
    })

    it('hourly absences the same day overlap only if their spans intersect; a full day overlaps any hourly one', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const d = '2026-12-02'
      await create(tenant.admin, span(user.id, 'personal', d, '09:00', '11:00'))
      await create(tenant.admin, span(user.id, 'justified', d, '11:00', '12:00'))
      await create(tenant.admin, span(user.id, 'sick', d, '08:00', '09:00'))
      expectError(
        await tenant.admin.post('/api/v1/absences', span(user.id, 'sick', d, '10:59', '11:01')),
        409,
        'absence_overlap',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', span(user.id, 'sick', d, '07:00', '13:00')),
        409,
        'absence_overlap',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', span(user.id, 'sick', d, '09:30', '10:00')),
        409,
        'absence_overlap',
      )
      expectError(await tenant.admin.post('/api/v1/absences', days(user.id, 'sick', d)), 409, 'absence_overlap')
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-01', '2026-12-03')),
        409,
        'absence_overlap',
      )
      await create(tenant.admin, span(user.id, 'sick', d, '12:00', '14:00'))
      // A full day first, then an hourly one that day.
      await create(tenant.admin, days(user.id, 'personal', '2026-12-03'))
      expectError(
        await tenant.admin.post('/api/v1/absences', span(user.id, 'sick', '2026-12-03', '16:00', '17:00')),
        409,
        'absence_overlap',
      )
      await create(tenant.admin, span(user.id, 'sick', '2026-12-04', '16:00', '17:00'))
    })

    it('a rejected or cancelled absence frees its slot', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)
      const first = await create(userKey, days(user.id, 'personal', '2026-12-01', '2026-12-02'))
      expectError(
        await userKey.post('/api/v1/absences', days(user.id, 'personal', '2026-12-02')),
        409,
        'absence_overlap',
      )
      await decide(hrKey, first.id, 'rejected')
      const second = await create(userKey, days(user.id, 'personal', '2026-12-02'))
      expectError(
        await userKey.post('/api/v1/absences', span(user.id, 'sick', '2026-12-02', '09:00', '10:00')),
        409,
        'absence_overlap',
      )
      await cancel(userKey, second.id)
      const third = await create(userKey, span(user.id, 'sick', '2026-12-02', '09:00', '10:00'))
      assert.equal(third.status, 'approved')
      await cancel(userKey, third.id)
      await create(userKey, days(user.id, 'personal', '2026-12-01', '2026-12-02'))
    })
  },
  { app: { clock: () => now } },
)
