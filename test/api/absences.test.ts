/**
 * Absences through HTTP: the type catalogue, requests, vacation balances, decisions,
 * cancellations, listing, their effect on the attendance record, and races. The app's clock is
 * fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so "not in the past"
 * is deterministic.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { beforeEach, it } from 'node:test'
import type { Transaction } from 'kysely'
import { scopeOf } from '../../src/auth/request-scope.js'
import type { Database } from '../../src/db/schema.js'
import { decideAbsence } from '../../src/modules/absences/absences.service.js'
import { authenticate } from '../../src/modules/keys/keys.service.js'
import { expectError, forEachEngine, type Client, type TestContext, type TestTenant } from '../helpers/harness.js'

const DEFAULT_NOW = '2026-11-23T10:00:00Z'
const TODAY = '2026-11-23'
let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

const ABSENCE_KEYS = [
  'created_at',
  'decided_at',
  'end_date',
  'end_time',
  'id',
  'start_date',
  'start_time',
  'status',
  'type',
  'user_id',
]
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

type Body = Record<string, unknown>

/** Full-day absence body. */
const days = (user_id: string, type: string, start_date: string, end_date = start_date, extra: Body = {}): Body => ({
  user_id,
  type,
  start_date,
  end_date,
  ...extra,
})
/** Hourly absence body. */
const span = (user_id: string, type: string, date: string, start_time: string, end_time: string): Body => ({
  user_id,
  type,
  start_date: date,
  end_date: date,
  start_time,
  end_time,
})

async function create(client: Client, body: Body): Promise<any> {
  const res = await client.post('/api/v1/absences', body)
  assert.equal(res.status, 201, `create ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

async function decide(client: Client, id: string, decision: 'approved' | 'rejected', note?: string): Promise<any> {
  const res = await client.post(`/api/v1/absences/${id}/decide`, { decision, ...(note ? { note } : {}) })
  assert.equal(res.status, 200, `decide ${id}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

async function cancel(client: Client, id: string): Promise<any> {
  const res = await client.post(`/api/v1/absences/${id}/cancel`)
  assert.equal(res.status, 200, `cancel ${id}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

async function balance(client: Client, userId: string, year: number): Promise<any> {
  const res = await client.get(`/api/v1/users/${userId}/vacation-balance?year=${year}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

async function list(client: Client, query: string): Promise<{ data: any[]; meta: any }> {
  const res = await client.get(`/api/v1/absences?${query}`)
  assert.equal(res.status, 200, `list ${query}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

async function setVacationDays(tenant: TestTenant, userId: string, vacation_days: number | null) {
  const res = await tenant.admin.patch(`/api/v1/users/${userId}`, { vacation_days })
  assert.equal(res.status, 200, JSON.stringify(res.body))
}

/** An HR department set on the tenant, and one member of it with a key. */
async function withHr(tenant: TestTenant): Promise<{ hr: any; hrKey: Client; departmentId: string }> {
  const dep = await tenant.admin.post('/api/v1/departments', { name: `HR ${randomBytes(3).toString('hex')}` })
  assert.equal(dep.status, 201, JSON.stringify(dep.body))
  const res = await tenant.admin.patch('/api/v1/tenant', { hr_department_id: dep.body.data.id })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const hr = await tenant.createUser({ department_id: dep.body.data.id })
  return { hr, hrKey: await tenant.keyFor(hr.id), departmentId: dep.body.data.id }
}

/** A tenant in Madrid (ES-MD): 2026-12-07, 12-08, 12-25, 2027-01-01 and 01-06 are public holidays. */
const madrid = (t: TestContext) => t.newTenant({ country: 'ES', region: 'MD' })

forEachEngine(
  'absences',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    // -----------------------------------------------------------------------------------------
    // Type catalogue

    it('every new tenant gets the default types with the documented flags, ordered by key', async () => {
      const tenant = await t.newTenant()
      const res = await tenant.admin.get('/api/v1/absence-types')
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.meta, { page: 1, page_size: 25, total: 4 })
      assert.deepEqual(res.body.data, [
        {
          key: 'justified',
          label: 'Justified absence',
          requires_approval: true,
          allows_hourly: true,
          consumes_vacation: false,
        },
        {
          key: 'personal',
          label: 'Personal matters',
          requires_approval: true,
          allows_hourly: true,
          consumes_vacation: false,
        },
        { key: 'sick', label: 'Sick leave', requires_approval: false, allows_hourly: true, consumes_vacation: false },
        { key: 'vacation', label: 'Vacation', requires_approval: true, allows_hourly: false, consumes_vacation: true },
      ])
      const member = await tenant.keyFor((await tenant.createUser()).id)
      assert.equal((await member.get('/api/v1/absence-types')).status, 200, 'members read the catalogue')
    })

    it('POST /absence-types: admin 201 with defaults, 409 duplicate key, 400 hourly+vacation, 403 member, usable at once', async () => {
      const tenant = await t.newTenant()
      const res = await tenant.admin.post('/api/v1/absence-types', { key: 'training', label: '  Training  ' })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assert.deepEqual(res.body.data, {
        key: 'training',
        label: 'Training',
        requires_approval: true,
        allows_hourly: false,
        consumes_vacation: false,
      })
      const full = await tenant.admin.post('/api/v1/absence-types', {
        key: 'moving',
        label: 'Moving house',
        requires_approval: false,
        allows_hourly: true,
      })
      assert.equal(full.status, 201)
      assert.deepEqual(full.body.data, {
        key: 'moving',
        label: 'Moving house',
        requires_approval: false,
        allows_hourly: true,
        consumes_vacation: false,
      })

      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'training', label: 'Again' }),
        409,
        'absence_type_exists',
      )
      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'vacation', label: 'Vacation 2' }),
        409,
        'absence_type_exists',
      )
      const incoherent = expectError(
        await tenant.admin.post('/api/v1/absence-types', {
          key: 'halfvac',
          label: 'Half vacation',
          allows_hourly: true,
          consumes_vacation: true,
        }),
        400,
        'invalid_request',
      )
      assert.ok(
        incoherent.details?.some((d) => d.field === 'allows_hourly'),
        JSON.stringify(incoherent),
      )
      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'Bad Key', label: 'x' }),
        400,
        'invalid_request',
      )
      expectError(await tenant.admin.post('/api/v1/absence-types', { key: 'nolabel' }), 400, 'invalid_request')
      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'x1', label: 'x', color: 'red' }),
        400,
        'invalid_request',
      )

      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(
        await member.post('/api/v1/absence-types', { key: 'party', label: 'Party' }),
        403,
        'permission_denied',
      )

      const types = (await tenant.admin.get('/api/v1/absence-types')).body
      assert.equal(types.meta.total, 6)
      assert.deepEqual(
        types.data.map((x: any) => x.key),
        ['justified', 'moving', 'personal', 'sick', 'training', 'vacation'],
      )

      const user = await tenant.createUser()
      const moving = await create(tenant.admin, days(user.id, 'moving', '2026-12-01'))
      assert.equal(moving.status, 'approved')
      assert.deepEqual(moving.type, { key: 'moving', label: 'Moving house' })
      const training = await create(tenant.admin, days(user.id, 'training', '2026-12-02'))
      assert.equal(training.status, 'pending')
    })

    it('PATCH /absence-types/{key}: 404 unknown, changes flags, 400 incoherent, 403 member; approval change affects only new requests', async () => {
      const tenant = await t.newTenant()
      expectError(await tenant.admin.patch('/api/v1/absence-types/nope', { label: 'x' }), 404, 'not_found')
      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await member.patch('/api/v1/absence-types/personal', { label: 'Mine' }), 403, 'permission_denied')
      const incoherent = await tenant.admin.patch('/api/v1/absence-types/sick', { consumes_vacation: true })
      expectError(incoherent, 400, 'invalid_request')
      expectError(
        await tenant.admin.patch('/api/v1/absence-types/vacation', { allows_hourly: true }),
        400,
        'invalid_request',
      )
      expectError(await tenant.admin.patch('/api/v1/absence-types/personal', { color: 'red' }), 400, 'invalid_request')

      const user = await tenant.createUser()
      const before = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      assert.equal(before.status, 'pending')

      const res = await tenant.admin.patch('/api/v1/absence-types/personal', {
        requires_approval: false,
        label: 'Personal',
      })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.deepEqual(res.body.data, {
        key: 'personal',
        label: 'Personal',
        requires_approval: false,
        allows_hourly: true,
        consumes_vacation: false,
      })
      const listed = (await tenant.admin.get('/api/v1/absence-types')).body.data.find((x: any) => x.key === 'personal')
      assert.deepEqual(listed, res.body.data)

      const stillPending = (await tenant.admin.get(`/api/v1/absences/${before.id}`)).body.data
      assert.equal(stillPending.status, 'pending', 'an existing request keeps its status')
      assert.equal(stillPending.decided_at, null)
      assert.equal(stillPending.type.label, 'Personal', 'the label is read from the type')
      const after = await create(tenant.admin, days(user.id, 'personal', '2026-12-02'))
      assert.equal(after.status, 'approved', 'a new request follows the new flag')
      assert.equal(after.decided_at, after.created_at)

      // The other way round: sick now needs approval.
      assert.equal((await tenant.admin.patch('/api/v1/absence-types/sick', { requires_approval: true })).status, 200)
      assert.equal((await create(tenant.admin, days(user.id, 'sick', '2026-12-03'))).status, 'pending')
      // Taking hourly away makes hourly requests of that type 400; vacation can now be coherent with hourly off.
      assert.equal((await tenant.admin.patch('/api/v1/absence-types/justified', { allows_hourly: false })).status, 200)
      expectError(
        await tenant.admin.post('/api/v1/absences', span(user.id, 'justified', '2026-12-04', '09:00', '10:00')),
        400,
        'invalid_request',
      )
      const empty = await tenant.admin.patch('/api/v1/absence-types/justified', {})
      assert.equal(empty.status, 200)
      assert.equal(empty.body.data.allows_hourly, false)
    })

    // -----------------------------------------------------------------------------------------
    // Create

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
      assert.deepEqual(sick.type, { key: 'sick', label: 'Sick leave' })
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
      assert.deepEqual(vacation.type, { key: 'vacation', label: 'Vacation' })

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

    // -----------------------------------------------------------------------------------------
    // Vacation balance

    it('vacation: 5 days of 5 fit, one more is 409 vacation_balance_exceeded; sick leave does not count', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      await setVacationDays(tenant, user.id, 5)
      // Mon 2026-11-30 .. Fri 2026-12-04: five working days.
      await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-04'))
      const over = expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-09')),
        409,
        'vacation_balance_exceeded',
      )
      assert.match(over.message, /2026/)
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 5,
        approved: 0,
        pending: 5,
        remaining: 0,
      })
      // A weekend uses no working days and other types use no vacation.
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-05', '2026-12-06'))
      await create(tenant.admin, days(user.id, 'sick', '2026-12-09', '2026-12-11'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 5)
      // More days make room.
      await setVacationDays(tenant, user.id, 6)
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-14'))
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 6,
        approved: 0,
        pending: 6,
        remaining: 0,
      })
    })

    it('vacation days are working days: weekends and public holidays (ES-MD 2026-12-07/08, 12-25) are not counted', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      await setVacationDays(tenant, user.id, 7)
      // Sat 12-05 .. Fri 12-11: only Wed 9, Thu 10, Fri 11 are working days.
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-05', '2026-12-11'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 3)
      // Mon 12-21 .. Sun 12-27: Christmas Friday is a holiday, so four days: 3 + 4 = 7 fits exactly.
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-21', '2026-12-27'))
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 7,
        approved: 0,
        pending: 7,
        remaining: 0,
      })
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-28')),
        409,
        'vacation_balance_exceeded',
      )
      // A holiday alone uses nothing (Wed 2027-01-06, Epiphany).
      await create(tenant.admin, days(user.id, 'vacation', '2027-01-06'))
      assert.equal((await balance(tenant.admin, user.id, 2027)).pending, 0)
      // A tenant without a country has no public holidays: the same week counts five.
      const plain = await t.newTenant()
      const other = await plain.createUser()
      await create(plain.admin, days(other.id, 'vacation', '2026-12-07', '2026-12-11'))
      assert.equal((await balance(plain.admin, other.id, 2026)).pending, 5)
    })

    it('vacation days and expected time follow the employee’s own schedule (Mon-Sat)', async () => {
      const tenant = await madrid(t)
      const schedule = await tenant.admin.post('/api/v1/schedules', {
        name: 'Six days',
        weekday_minutes: { mon: 420, tue: 420, wed: 420, thu: 420, fri: 420, sat: 300, sun: 0 },
      })
      assert.equal(schedule.status, 201, JSON.stringify(schedule.body))
      const user = await tenant.createUser({ schedule_id: schedule.body.data.id, vacation_days: 6 })
      // Mon 11-30 .. Sun 12-06: six working days for this user.
      await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-06'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 6)
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-09')),
        409,
        'vacation_balance_exceeded',
      )
      await create(tenant.admin, span(user.id, 'sick', '2026-12-12', '09:00', '11:00')) // Saturday
      const res = await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-12-11&to=2026-12-12`)
      assert.deepEqual(
        res.body.data.map((e: any) => e.expected_minutes),
        [420, 180],
      )
    })

    it('a user working holidays spends vacation on holidays too', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser({ works_holidays: true })
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-07', '2026-12-11'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 5)
    })

    it('pending requests count: a pending request blocks the next one until it is rejected', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser({ vacation_days: 5 })
      const first = await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-02')) // 3 days
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-14', '2026-12-16')),
        409,
        'vacation_balance_exceeded',
      )
      await decide(hrKey, first.id, 'rejected')
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-14', '2026-12-16'))
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 5,
        approved: 0,
        pending: 3,
        remaining: 2,
      })
    })

    it('a request across New Year counts in each year separately', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      await setVacationDays(tenant, user.id, 4)
      // 2026: Mon 28 .. Thu 31 = 4. 2027: Fri 1 (holiday), Mon 4, Tue 5, Wed 6 (holiday), Thu 7, Fri 8 = 4.
      const a = await create(tenant.admin, days(user.id, 'vacation', '2026-12-28', '2027-01-08'))
      assert.equal(a.status, 'pending')
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 4,
        approved: 0,
        pending: 4,
        remaining: 0,
      })
      assert.deepEqual(await balance(tenant.admin, user.id, 2027), {
        user_id: user.id,
        year: 2027,
        entitled: 4,
        approved: 0,
        pending: 4,
        remaining: 0,
      })
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2027-01-11')),
        409,
        'vacation_balance_exceeded',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-18')),
        409,
        'vacation_balance_exceeded',
      )
      await setVacationDays(tenant, user.id, 5)
      await create(tenant.admin, days(user.id, 'vacation', '2027-01-11'))
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-18'))
      assert.equal((await balance(tenant.admin, user.id, 2027)).remaining, 0)
      assert.equal((await balance(tenant.admin, user.id, 2026)).remaining, 0)
      // A request whose 2026 part fits but whose 2027 part does not is refused as a whole.
      const other = await tenant.createUser({ vacation_days: 4 })
      await create(tenant.admin, days(other.id, 'vacation', '2027-01-11', '2027-01-12'))
      expectError(
        await tenant.admin.post('/api/v1/absences', days(other.id, 'vacation', '2026-12-28', '2027-01-08')),
        409,
        'vacation_balance_exceeded',
      )
      assert.equal((await balance(tenant.admin, other.id, 2026)).pending, 0)
    })

    it('GET /users/{id}/vacation-balance follows approve, reject and cancel; 404 unknown user; 400 bad year', async () => {
      const tenant = await madrid(t)
      const other = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)
      const b = () => balance(tenant.admin, user.id, 2026)
      assert.deepEqual(
        await b(),
        { user_id: user.id, year: 2026, entitled: 22, approved: 0, pending: 0, remaining: 22 },
        'the company default',
      )
      await setVacationDays(tenant, user.id, 10)
      assert.deepEqual(await b(), {
        user_id: user.id,
        year: 2026,
        entitled: 10,
        approved: 0,
        pending: 0,
        remaining: 10,
      })

      const a = await create(userKey, days(user.id, 'vacation', '2026-11-30', '2026-12-02')) // 3
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 0, pending: 3, remaining: 7 })
      await decide(hrKey, a.id, 'approved')
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 0, remaining: 7 })
      const r = await create(userKey, days(user.id, 'vacation', '2026-12-09', '2026-12-10')) // 2
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 2, remaining: 5 })
      await decide(hrKey, r.id, 'rejected')
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 0, remaining: 7 })
      const c = await create(userKey, days(user.id, 'vacation', '2026-12-14', '2026-12-15')) // 2
      assert.equal((await b()).pending, 2)
      await cancel(userKey, c.id)
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 0, remaining: 7 })
      await cancel(userKey, a.id) // approved, not yet started
      assert.deepEqual(await b(), {
        user_id: user.id,
        year: 2026,
        entitled: 10,
        approved: 0,
        pending: 0,
        remaining: 10,
      })
      assert.deepEqual(await balance(tenant.admin, user.id, 2027), {
        user_id: user.id,
        year: 2027,
        entitled: 10,
        approved: 0,
        pending: 0,
        remaining: 10,
      })

      // The default year is the clock's.
      const def = await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance`)
      assert.equal(def.status, 200)
      assert.equal(def.body.data.year, 2026)
      await setVacationDays(tenant, user.id, null)
      assert.equal((await b()).entitled, 22, 'null resets to the company default')

      expectError(await tenant.admin.get('/api/v1/users/usr_nobody/vacation-balance?year=2026'), 404, 'not_found')
      const foreign = await other.createUser()
      expectError(await tenant.admin.get(`/api/v1/users/${foreign.id}/vacation-balance?year=2026`), 404, 'not_found')
      expectError(
        await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance?year=twenty`),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance?year=2026&month=1`),
        400,
        'invalid_request',
      )
    })

    it('a vacation request spanning three calendar years is judged year by year (409), not a 500', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      // 2026 part: Thu 12-31 only (1 day, fits); 2027: a whole year of working days (does not fit).
      const res = await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-31', '2028-01-03'))
      expectError(res, 409, 'vacation_balance_exceeded')
    })

    it('the default year of the vacation balance is this year in the company zone', async () => {
      setNow('2026-12-31T23:30:00Z')
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      const res = await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance`)
      assert.equal(res.status, 200)
      assert.equal(res.body.data.year, 2027)
    })

    // -----------------------------------------------------------------------------------------
    // Decide

    it('decide: approved or rejected sets decided_at; only pending can be decided (409 absence_not_pending); note never returned', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      setNow('2026-11-23T12:34:56.789Z')
      const approved = await decide(hrKey, a.id, 'approved', 'enjoy, secret-decision-text')
      assert.deepEqual(Object.keys(approved).sort(), ABSENCE_KEYS)
      assert.equal(approved.status, 'approved')
      assert.equal(approved.decided_at, '2026-11-23T12:34:56.789Z')
      assert.equal(approved.created_at, '2026-11-23T10:00:00.000Z')
      assert.ok(!JSON.stringify(approved).includes('secret-decision-text'))
      const got = (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data
      assert.deepEqual(got, approved)
      const row = await t.database.db
        .selectFrom('absences')
        .select(['decision_note', 'decided_by'])
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow()
      assert.equal(row.decision_note, 'enjoy, secret-decision-text', 'the decision note is stored')
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }),
        409,
        'absence_not_pending',
      )
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'rejected' }),
        409,
        'absence_not_pending',
      )

      const r = await create(tenant.admin, days(user.id, 'personal', '2026-12-02'))
      const rejected = await decide(hrKey, r.id, 'rejected')
      assert.equal(rejected.status, 'rejected')
      assert.equal(rejected.decided_at, '2026-11-23T12:34:56.789Z')
      expectError(
        await hrKey.post(`/api/v1/absences/${r.id}/decide`, { decision: 'approved' }),
        409,
        'absence_not_pending',
      )

      const sick = await create(tenant.admin, days(user.id, 'sick', '2026-12-03'))
      expectError(
        await hrKey.post(`/api/v1/absences/${sick.id}/decide`, { decision: 'rejected' }),
        409,
        'absence_not_pending',
      )

      const c = await create(tenant.admin, days(user.id, 'personal', '2026-12-04'))
      const cancelled = await cancel(hrKey, c.id)
      assert.equal(cancelled.status, 'cancelled')
      assert.equal(cancelled.decided_at, null, 'cancelling is not deciding')
      expectError(
        await hrKey.post(`/api/v1/absences/${c.id}/decide`, { decision: 'approved' }),
        409,
        'absence_not_pending',
      )
      assert.equal((await tenant.admin.get(`/api/v1/absences/${c.id}`)).body.data.status, 'cancelled')
    })

    it('decide: 404 unknown absence, 400 bad body (checked before 404)', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      expectError(await hrKey.post('/api/v1/absences/abs_nope/decide', { decision: 'approved' }), 404, 'not_found')
      expectError(await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'maybe' }), 400, 'invalid_request')
      expectError(await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'pending' }), 400, 'invalid_request')
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'cancelled' }),
        400,
        'invalid_request',
      )
      expectError(await hrKey.post(`/api/v1/absences/${a.id}/decide`, {}), 400, 'invalid_request')
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved', extra: 1 }),
        400,
        'invalid_request',
      )
      expectError(await hrKey.post('/api/v1/absences/abs_nope/decide', { decision: 'maybe' }), 400, 'invalid_request')
      assert.equal((await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status, 'pending')
    })

    it('decide: HR decides anyone’s; supervisors at depth 1 and 3 decide; admins and the requester get 403; unrelated colleagues 404', async () => {
      const tenant = await t.newTenant()
      const { hr, hrKey } = await withHr(tenant)
      // top -> mid -> boss -> emp
      const top = await tenant.createUser()
      const mid = await tenant.createUser({ manager_id: top.id })
      const boss = await tenant.createUser({ manager_id: mid.id })
      const emp = await tenant.createUser({ manager_id: boss.id })
      const peer = await tenant.createUser({ manager_id: boss.id })
      const [topKey, bossKey, empKey, peerKey] = await Promise.all([
        tenant.keyFor(top.id),
        tenant.keyFor(boss.id),
        tenant.keyFor(emp.id),
        tenant.keyFor(peer.id),
      ])

      const req = async (start: string) => create(empKey, days(emp.id, 'personal', start))
      assert.equal((await decide(bossKey, (await req('2026-12-01')).id, 'approved')).status, 'approved', 'depth 1')
      assert.equal((await decide(topKey, (await req('2026-12-02')).id, 'rejected')).status, 'rejected', 'depth 3')
      assert.equal(
        (await decide(hrKey, (await req('2026-12-03')).id, 'approved')).status,
        'approved',
        'HR, outside the chain',
      )

      const pending = await req('2026-12-04')
      // A colleague outside the chain does not see the absence at all (need-to-know): 404.
      expectError(
        await peerKey.post(`/api/v1/absences/${pending.id}/decide`, { decision: 'approved' }),
        404,
        'not_found',
      )
      expectError(
        await empKey.post(`/api/v1/absences/${pending.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      expectError(
        await tenant.admin.post(`/api/v1/absences/${pending.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      // Downwards does not count: emp does not supervise boss, and does not see boss's absences.
      const bossOwn = await create(bossKey, days(boss.id, 'personal', '2026-12-04'))
      expectError(
        await empKey.post(`/api/v1/absences/${bossOwn.id}/decide`, { decision: 'approved' }),
        404,
        'not_found',
      )
      assert.equal((await tenant.admin.get(`/api/v1/absences/${pending.id}`)).body.data.status, 'pending')

      // Nobody decides their own: not HR, not an admin who is also HR and a supervisor of nobody.
      const hrOwn = await create(hrKey, days(hr.id, 'personal', '2026-12-07'))
      expectError(
        await hrKey.post(`/api/v1/absences/${hrOwn.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      const hrAdmin = await tenant.createUser({
        role: 'admin',
        department_id: (await tenant.admin.get('/api/v1/tenant')).body.data.hr_department_id,
      })
      const hrAdminKey = await tenant.keyFor(hrAdmin.id)
      const adminOwn = await create(hrAdminKey, days(hrAdmin.id, 'personal', '2026-12-08'))
      expectError(
        await hrAdminKey.post(`/api/v1/absences/${adminOwn.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      assert.equal((await decide(hrKey, adminOwn.id, 'approved')).status, 'approved', 'another HR member may')

      // 403 comes before 409: a non-decider who sees it deciding an already decided absence.
      const decided = await req('2026-12-09')
      await decide(bossKey, decided.id, 'approved')
      expectError(
        await tenant.admin.post(`/api/v1/absences/${decided.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      // 404 comes before 403.
      expectError(await peerKey.post('/api/v1/absences/abs_nope/decide', { decision: 'approved' }), 404, 'not_found')
    })

    it('decide: HR membership and the hierarchy are read at decision time', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const boss = await tenant.createUser()
      const bossKey = await tenant.keyFor(boss.id)
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      expectError(await bossKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }), 404, 'not_found')
      assert.equal((await tenant.admin.patch(`/api/v1/users/${user.id}`, { manager_id: boss.id })).status, 200)
      await decide(bossKey, a.id, 'approved')

      const b = await create(tenant.admin, days(user.id, 'personal', '2026-12-02'))
      const dep = (await tenant.admin.post('/api/v1/departments', { name: 'People' })).body.data
      const clerk = await tenant.createUser({ department_id: dep.id })
      const clerkKey = await tenant.keyFor(clerk.id)
      expectError(await clerkKey.post(`/api/v1/absences/${b.id}/decide`, { decision: 'rejected' }), 404, 'not_found')
      assert.equal((await tenant.admin.patch('/api/v1/tenant', { hr_department_id: dep.id })).status, 200)
      assert.equal((await decide(clerkKey, b.id, 'rejected')).status, 'rejected')
    })

    // -----------------------------------------------------------------------------------------
    // Cancel

    it('cancel: by the requester or HR; supervisors and admins get 403; unrelated colleagues and unknown ids 404', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const boss = await tenant.createUser()
      const user = await tenant.createUser({ manager_id: boss.id })
      const stranger = await tenant.createUser()
      const [bossKey, userKey, strangerKey] = await Promise.all([
        tenant.keyFor(boss.id),
        tenant.keyFor(user.id),
        tenant.keyFor(stranger.id),
      ])
      const a = await create(userKey, days(user.id, 'personal', '2026-12-01'))
      for (const key of [bossKey, tenant.admin]) {
        expectError(await key.post(`/api/v1/absences/${a.id}/cancel`), 403, 'permission_denied')
      }
      expectError(await strangerKey.post(`/api/v1/absences/${a.id}/cancel`), 404, 'not_found')
      const cancelled = await cancel(userKey, a.id)
      assert.deepEqual(Object.keys(cancelled).sort(), ABSENCE_KEYS)
      assert.equal(cancelled.status, 'cancelled')
      const b = await create(tenant.admin, days(user.id, 'sick', '2026-12-02')) // approved at once
      assert.equal((await cancel(hrKey, b.id)).status, 'cancelled', 'HR cancels an approved absence')
      expectError(await userKey.post('/api/v1/absences/abs_nope/cancel'), 404, 'not_found')
      expectError(await strangerKey.post('/api/v1/absences/abs_nope/cancel'), 404, 'not_found')
    })

    it('cancel: pending or approved that have not ended; rejected, cancelled or ended ones are 409 absence_not_cancellable', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)

      const r = await create(userKey, days(user.id, 'personal', '2026-12-01'))
      await decide(hrKey, r.id, 'rejected')
      expectError(await userKey.post(`/api/v1/absences/${r.id}/cancel`), 409, 'absence_not_cancellable')
      const c = await create(userKey, days(user.id, 'personal', '2026-12-02'))
      await cancel(userKey, c.id)
      expectError(await userKey.post(`/api/v1/absences/${c.id}/cancel`), 409, 'absence_not_cancellable')
      // 403 before 409.
      expectError(await tenant.admin.post(`/api/v1/absences/${c.id}/cancel`), 403, 'permission_denied')

      // Approved sick leave today only, one under way from tomorrow, one ending on the 28th, and a pending one on the 30th.
      const ended = await create(userKey, days(user.id, 'sick', TODAY))
      const running = await create(userKey, days(user.id, 'sick', '2026-11-24', '2026-11-26'))
      const endsOn28 = await create(userKey, days(user.id, 'sick', '2026-11-27', '2026-11-28'))
      const pendingPast = await create(userKey, days(user.id, 'personal', '2026-11-30'))
      // Two days later (in Madrid): the first has ended, the second is under way.
      setNow('2026-11-25T09:00:00Z')
      expectError(await userKey.post(`/api/v1/absences/${ended.id}/cancel`), 409, 'absence_not_cancellable')
      expectError(await hrKey.post(`/api/v1/absences/${ended.id}/cancel`), 409, 'absence_not_cancellable')
      assert.equal((await cancel(userKey, running.id)).status, 'cancelled', 'under way, not ended')
      // On its last day an absence has not ended yet.
      setNow('2026-11-28T22:59:00Z') // 23:59 in Madrid on the 28th
      assert.equal((await cancel(userKey, endsOn28.id)).status, 'cancelled')
      setNow('2026-11-30T23:00:00Z') // already Dec 1st in Madrid
      expectError(await userKey.post(`/api/v1/absences/${pendingPast.id}/cancel`), 409, 'absence_not_cancellable')
      assert.equal((await tenant.admin.get(`/api/v1/absences/${pendingPast.id}`)).body.data.status, 'pending')
    })

    // -----------------------------------------------------------------------------------------
    // List

    it('list: every absence overlapping [from, to], including those starting before or ending after; bounds included', async () => {
      const tenant = await t.newTenant()
      const u1 = await tenant.createUser()
      const u2 = await tenant.createUser()
      const a = await create(tenant.admin, days(u1.id, 'personal', '2026-12-01', '2026-12-03'))
      const b = await create(tenant.admin, days(u1.id, 'personal', '2026-12-05', '2026-12-10'))
      const c = await create(tenant.admin, days(u1.id, 'personal', '2026-12-12'))
      const d = await create(tenant.admin, days(u2.id, 'sick', '2026-11-28', '2026-12-15'))
      const e = await create(tenant.admin, span(u2.id, 'sick', '2026-12-16', '09:00', '10:00'))
      const ids = async (q: string) => (await list(tenant.admin, q)).data.map((x) => x.id)
      assert.deepEqual(await ids('from=2026-12-04&to=2026-12-11'), [b.id, d.id])
      assert.deepEqual(await ids('from=2026-12-03&to=2026-12-05'), [b.id, a.id, d.id])
      assert.deepEqual(await ids('from=2026-12-12&to=2026-12-12'), [c.id, d.id])
      assert.deepEqual(await ids('from=2026-12-16&to=2026-12-31'), [e.id])
      assert.deepEqual(await ids('from=2026-11-01&to=2026-11-27'), [])
      assert.deepEqual(await ids('from=2026-11-28&to=2026-11-28'), [d.id])
      const all = await list(tenant.admin, 'from=2026-01-01&to=2027-12-31')
      assert.equal(all.meta.total, 5)
      assert.deepEqual(
        all.data.map((x) => x.id),
        [e.id, c.id, b.id, a.id, d.id],
      )
      for (const item of all.data) assert.deepEqual(Object.keys(item).sort(), ABSENCE_KEYS)
      assert.deepEqual(all.data[0], e)
    })

    it('list filters: user_id, status, type, combined', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const u1 = await tenant.createUser()
      const u2 = await tenant.createUser()
      const p1 = await create(tenant.admin, days(u1.id, 'personal', '2026-12-01'))
      const v1 = await create(tenant.admin, days(u1.id, 'vacation', '2026-12-02'))
      const s1 = await create(tenant.admin, days(u1.id, 'sick', '2026-12-03'))
      const p2 = await create(tenant.admin, days(u2.id, 'personal', '2026-12-01'))
      const v2 = await create(tenant.admin, days(u2.id, 'vacation', '2026-12-02'))
      await decide(hrKey, v1.id, 'approved')
      await decide(hrKey, p2.id, 'rejected')
      await cancel(hrKey, v2.id)
      const ids = async (q: string) =>
        (await list(tenant.admin, `from=2026-12-01&to=2026-12-31&${q}`)).data.map((x) => x.id).sort()
      const sorted = (...xs: any[]) => xs.map((x) => x.id).sort()
      assert.deepEqual(await ids(`user_id=${u1.id}`), sorted(p1, v1, s1))
      assert.deepEqual(await ids(`user_id=${u2.id}`), sorted(p2, v2))
      assert.deepEqual(await ids('status=approved'), sorted(v1, s1))
      assert.deepEqual(await ids('status=pending'), sorted(p1))
      assert.deepEqual(await ids('status=rejected'), sorted(p2))
      assert.deepEqual(await ids('status=cancelled'), sorted(v2))
      assert.deepEqual(await ids('type=vacation'), sorted(v1, v2))
      assert.deepEqual(await ids('type=sick'), sorted(s1))
      assert.deepEqual(await ids(`type=vacation&status=approved&user_id=${u1.id}`), sorted(v1))
      assert.deepEqual(await ids(`type=personal&user_id=${u2.id}&status=pending`), [])
      assert.deepEqual(await ids('type=unknowntype'), [])
      assert.deepEqual(await ids('user_id=usr_nobody'), [])
      const filtered = await list(tenant.admin, `from=2026-12-01&to=2026-12-31&type=vacation`)
      assert.equal(filtered.meta.total, 2)
      expectError(
        await tenant.admin.get('/api/v1/absences?from=2026-12-01&to=2026-12-31&status=done'),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get('/api/v1/absences?from=2026-12-01&to=2026-12-31&type=Bad%20Key'),
        400,
        'invalid_request',
      )
    })

    it('list order: start_date desc, then created_at desc, then id desc; stable pagination', async () => {
      const tenant = await t.newTenant()
      const users = await Promise.all(Array.from({ length: 7 }, () => tenant.createUser()))
      const made: any[] = []
      // Same start date, created at three different moments.
      for (let i = 0; i < 3; i++) {
        setNow(`2026-11-23T10:0${i}:00Z`)
        made.push(await create(tenant.admin, days(users[i]!.id, 'personal', '2026-12-10', '2026-12-10')))
      }
      // Same start date and same created_at: ordered by id.
      setNow('2026-11-23T11:00:00Z')
      for (let i = 3; i < 6; i++)
        made.push(await create(tenant.admin, days(users[i]!.id, 'personal', '2026-12-10', `2026-12-1${i}`)))
      // Earlier and later start dates.
      made.push(await create(tenant.admin, days(users[6]!.id, 'personal', '2026-12-09', '2026-12-12')))
      made.push(await create(tenant.admin, days(users[0]!.id, 'sick', '2026-12-11')))
      made.push(await create(tenant.admin, days(users[1]!.id, 'sick', '2026-12-08', '2026-12-09')))

      const expected = [...made]
        .sort((x, y) =>
          x.start_date !== y.start_date
            ? x.start_date < y.start_date
              ? 1
              : -1
            : x.created_at !== y.created_at
              ? x.created_at < y.created_at
                ? 1
                : -1
              : x.id < y.id
                ? 1
                : -1,
        )
        .map((x) => x.id)
      const all = await list(tenant.admin, 'from=2026-12-01&to=2026-12-31')
      assert.deepEqual(
        all.data.map((x) => x.id),
        expected,
      )
      assert.equal(all.data[0]!.start_date, '2026-12-11')
      assert.deepEqual(
        all.data.slice(1, 4).map((x) => x.id),
        [...made.slice(3, 6)].sort((x, y) => (x.id < y.id ? 1 : -1)).map((x) => x.id),
        'same instant: by id desc',
      )
      assert.deepEqual(
        all.data.slice(4, 7).map((x) => x.id),
        [made[2].id, made[1].id, made[0].id],
        'then by created_at desc',
      )
      assert.equal(all.data.at(-1)!.start_date, '2026-12-08')
      // Stable across calls and pages.
      assert.deepEqual(
        (await list(tenant.admin, 'from=2026-12-01&to=2026-12-31')).data.map((x) => x.id),
        expected,
      )
      const paged: string[] = []
      for (let page = 1; page <= 4; page++) {
        const res = await list(tenant.admin, `from=2026-12-01&to=2026-12-31&page=${page}&page_size=3`)
        assert.deepEqual(res.meta, { page, page_size: 3, total: 9 })
        assert.equal(res.data.length, page <= 3 ? 3 : 0)
        paged.push(...res.data.map((x) => x.id))
      }
      assert.deepEqual(paged, expected)
      const p2 = await list(tenant.admin, 'from=2026-12-01&to=2026-12-31&page=2&page_size=4')
      assert.deepEqual(
        p2.data.map((x) => x.id),
        expected.slice(4, 8),
      )
      assert.deepEqual((await list(tenant.admin, 'from=2026-12-01&to=2026-12-31&page_size=100')).data.length, 9)
    })

    it('list validation: from and to required and valid, to >= from (400); page_size at most 100; unknown parameters 400', async () => {
      const tenant = await t.newTenant()
      const bad = async (q: string) =>
        expectError(await tenant.admin.get(`/api/v1/absences?${q}`), 400, 'invalid_request')
      const backwards = await bad('from=2026-12-10&to=2026-12-09')
      assert.ok(
        backwards.details?.some((d) => d.field === 'to'),
        JSON.stringify(backwards),
      )
      await bad('to=2026-12-09')
      await bad('from=2026-12-09')
      await bad('')
      await bad('from=2026-13-01&to=2026-12-31')
      await bad('from=2026-12-01&to=tomorrow')
      await bad('from=2026-12-01&to=2026-12-31&page=0')
      await bad('from=2026-12-01&to=2026-12-31&page_size=101')
      await bad('from=2026-12-01&to=2026-12-31&page_size=0')
      await bad('from=2026-12-01&to=2026-12-31&sort=asc')
      const same = await list(tenant.admin, 'from=2026-12-01&to=2026-12-01')
      assert.deepEqual(same.meta, { page: 1, page_size: 25, total: 0 })
      // A long window is fine for absences (no 366-day limit is documented).
      assert.equal((await tenant.admin.get('/api/v1/absences?from=2020-01-01&to=2030-12-31')).status, 200)
      const member = await tenant.keyFor((await tenant.createUser()).id, ['absences.get'])
      expectError(await member.get('/api/v1/absences?from=2026-12-01&to=2026-12-01'), 403, 'scope_required')
    })

    it('tenants are isolated: list, get, decide, cancel and balance never reach another tenant’s absences', async () => {
      const a = await t.newTenant()
      const b = await t.newTenant()
      const { hrKey: hrA } = await withHr(a)
      const userA = await a.createUser()
      const userB = await b.createUser()
      const absA = await create(a.admin, days(userA.id, 'personal', '2026-12-01'))
      const absB = await create(b.admin, days(userB.id, 'personal', '2026-12-01'))
      const listA = await list(a.admin, 'from=2026-01-01&to=2027-12-31')
      assert.deepEqual(
        listA.data.map((x) => x.id),
        [absA.id],
      )
      assert.equal(listA.meta.total, 1)
      assert.deepEqual((await list(a.admin, `from=2026-01-01&to=2027-12-31&user_id=${userB.id}`)).data, [])
      expectError(await a.admin.get(`/api/v1/absences/${absB.id}`), 404, 'not_found')
      expectError(await a.admin.get('/api/v1/absences/abs_unknown'), 404, 'not_found')
      expectError(await hrA.post(`/api/v1/absences/${absB.id}/decide`, { decision: 'approved' }), 404, 'not_found')
      expectError(await hrA.post(`/api/v1/absences/${absB.id}/cancel`), 404, 'not_found')
      expectError(await a.admin.post(`/api/v1/absences/${absB.id}/cancel`), 404, 'not_found')
      expectError(await a.admin.get(`/api/v1/users/${userB.id}/vacation-balance?year=2026`), 404, 'not_found')
      assert.equal((await b.admin.get(`/api/v1/absences/${absB.id}`)).body.data.status, 'pending', 'untouched')
      // Same dates for users of two tenants never conflict.
      await create(b.admin, days(userB.id, 'sick', '2026-12-02'))
      await create(a.admin, days(userA.id, 'sick', '2026-12-02'))
      // Catalogues are per tenant.
      assert.equal((await b.admin.post('/api/v1/absence-types', { key: 'bonly', label: 'B only' })).status, 201)
      expectError(await a.admin.patch('/api/v1/absence-types/bonly', { label: 'x' }), 404, 'not_found')
      assert.equal(
        (await a.admin.post('/api/v1/absence-types', { key: 'bonly', label: 'A too' })).status,
        201,
        'the same key in another tenant',
      )
      assert.equal((await a.admin.patch('/api/v1/absence-types/personal', { label: 'Asuntos propios' })).status, 200)
      assert.deepEqual((await b.admin.get(`/api/v1/absences/${absB.id}`)).body.data.type, {
        key: 'personal',
        label: 'Personal matters',
      })
      assert.deepEqual((await a.admin.get(`/api/v1/absences/${absA.id}`)).body.data.type, {
        key: 'personal',
        label: 'Asuntos propios',
      })
    })

    it('order of checks: 401 without a valid key, 403 scope before 400 validation, 400 before 404', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      expectError(
        await t.client(null).post('/api/v1/absences', days(user.id, 'personal', '2026-12-02')),
        401,
        'unauthenticated',
      )
      expectError(await t.client('jnd_bogus_key').get(`/api/v1/absences/${a.id}`), 401, 'unauthenticated')
      const readOnly = await tenant.keyFor(tenant.adminId, ['absences.list', 'absences.get'])
      expectError(await readOnly.post('/api/v1/absences', { nonsense: true }), 403, 'scope_required')
      expectError(await readOnly.post(`/api/v1/absences/${a.id}/decide`, { decision: 'maybe' }), 403, 'scope_required')
      expectError(await readOnly.post(`/api/v1/absences/${a.id}/cancel`), 403, 'scope_required')
      expectError(await readOnly.get('/api/v1/absence-types'), 403, 'scope_required')
      expectError(await readOnly.get(`/api/v1/users/${user.id}/vacation-balance`), 403, 'scope_required')
      assert.equal((await readOnly.get(`/api/v1/absences/${a.id}`)).status, 200)
      // Validation comes before looking the user up.
      expectError(
        await tenant.admin.post('/api/v1/absences', days('usr_nope', 'personal', '2026-11-01')),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days('usr_nope', 'nosuchtype', '2026-12-01')),
        400,
        'invalid_request',
      )
      assert.equal((await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status, 'pending')
    })

    // -----------------------------------------------------------------------------------------
    // Attendance integration

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
        ['2026-11-23', 480, 0, 480], // full-day sick: expected 0, balance = worked
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

    // -----------------------------------------------------------------------------------------
    // Races

    it('race: two vacation requests that fit alone but not together give exactly one 201 and one 409', async () => {
      for (let round = 0; round < 5; round++) {
        const tenant = await madrid(t)
        const user = await tenant.createUser({ vacation_days: 5 })
        const [a, b] = await Promise.all([
          tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-11-30', '2026-12-02')),
          tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-14', '2026-12-16')),
        ])
        assert.deepEqual([a.status, b.status].sort(), [201, 409], `round ${round}: ${JSON.stringify([a.body, b.body])}`)
        expectError(a.status === 409 ? a : b, 409, 'vacation_balance_exceeded')
        assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
          user_id: user.id,
          year: 2026,
          entitled: 5,
          approved: 0,
          pending: 3,
          remaining: 2,
        })
      }
    })

    it('race: two overlapping requests (also by the employee and an admin) give exactly one 201', async () => {
      // Every pair of these three overlaps on 2026-12-02.
      for (let round = 0; round < 5; round++) {
        const tenant = await t.newTenant()
        const user = await tenant.createUser()
        const userKey = await tenant.keyFor(user.id)
        const results = await Promise.all([
          tenant.admin.post('/api/v1/absences', days(user.id, 'sick', '2026-12-01', '2026-12-03')),
          userKey.post('/api/v1/absences', days(user.id, 'personal', '2026-12-02', '2026-12-04')),
          userKey.post('/api/v1/absences', span(user.id, 'justified', '2026-12-02', '09:00', '10:00')),
        ])
        const statuses = results.map((r) => r.status)
        assert.equal(statuses.filter((s) => s === 201).length, 1, `round ${round}: ${statuses}`)
        for (const r of results) if (r.status !== 201) expectError(r, 409, 'absence_overlap')
        assert.equal((await list(tenant.admin, `from=2026-12-01&to=2026-12-31&user_id=${user.id}`)).meta.total, 1)
      }
    })

    it('race: decide (reject) against cancel on one pending absence: one wins, the other is 409', async () => {
      for (let round = 0; round < 6; round++) {
        const tenant = await t.newTenant()
        const { hrKey } = await withHr(tenant)
        const user = await tenant.createUser()
        const userKey = await tenant.keyFor(user.id)
        const a = await create(userKey, days(user.id, 'personal', '2026-12-01'))
        const decideReq = () => hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'rejected' })
        const cancelReq = () => userKey.post(`/api/v1/absences/${a.id}/cancel`)
        // Alternate which request is sent first.
        const [decided, cancelled] =
          round % 2 === 0
            ? await Promise.all([decideReq(), cancelReq()])
            : await Promise.all([cancelReq(), decideReq()]).then(([c, d]) => [d, c] as const)
        assert.deepEqual(
          [decided.status, cancelled.status].sort(),
          [200, 409],
          `round ${round}: ${JSON.stringify([decided.body, cancelled.body])}`,
        )
        const final = (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data
        if (decided.status === 200) {
          expectError(cancelled, 409, 'absence_not_cancellable')
          assert.equal(final.status, 'rejected')
          assert.notEqual(final.decided_at, null)
        } else {
          expectError(decided, 409, 'absence_not_pending')
          assert.equal(final.status, 'cancelled')
          assert.equal(final.decided_at, null)
        }
      }
    })

    /** One pending vacation, then an approval by HR and a cancellation by the employee at the same moment. */
    async function approveAgainstCancel() {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser({ vacation_days: 3 })
      const userKey = await tenant.keyFor(user.id)
      const a = await create(userKey, days(user.id, 'vacation', '2026-12-01', '2026-12-03'))
      const [decided, cancelled] = await Promise.all([
        hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }),
        userKey.post(`/api/v1/absences/${a.id}/cancel`),
      ])
      const final = (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data
      return { decided, cancelled, final, balance: await balance(tenant.admin, user.id, 2026), userId: user.id }
    }

    it('race: decide (approve) against cancel: either cancel wins and decide is 409, or approve then cancel both succeed', async () => {
      for (let round = 0; round < 6; round++) {
        const { decided, cancelled, final, balance: b, userId } = await approveAgainstCancel()
        assert.equal(cancelled.status, 200, 'pending or approved, it can be cancelled')
        assert.equal(cancelled.body.data.status, 'cancelled')
        assert.equal(final.status, 'cancelled')
        if (decided.status === 200) {
          // The status in the decide response is checked by the next test.
          assert.notEqual(decided.body.data.decided_at, null)
          assert.notEqual(final.decided_at, null)
        } else {
          expectError(decided, 409, 'absence_not_pending')
          assert.equal(final.decided_at, null)
        }
        assert.deepEqual(b, { user_id: userId, year: 2026, entitled: 3, approved: 0, pending: 0, remaining: 3 })
      }
    })

    it('race: a 200 from decide carries the status it decided, even when a cancel commits right after it', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)
      const a = await create(userKey, days(user.id, 'personal', '2026-12-01'))
      const auth = await authenticate(t.database.db, hrKey.key!, Date.now())
      assert.ok(auth)
      // The database as the service sees it, with the employee's cancel landing just after the decision commits.
      const real = t.database.db
      const interleaved = new Proxy(real, {
        get(target, prop) {
          if (prop === 'transaction') {
            return () => ({
              execute: async <T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
                const result = await target.transaction().execute(fn)
                await cancel(userKey, a.id)
                return result
              },
            })
          }
          const value = Reflect.get(target, prop, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const decided = await decideAbsence(scopeOf(interleaved, auth, now), a.id, { decision: 'approved' })
      assert.equal(
        (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status,
        'cancelled',
        'the cancel did land',
      )
      assert.equal(decided.status, 'approved', 'the decide response shows the decision it made')
    })

    it('race: two deciders on one pending absence: exactly one decision', async () => {
      for (let round = 0; round < 5; round++) {
        const tenant = await t.newTenant()
        const { hrKey } = await withHr(tenant)
        const boss = await tenant.createUser()
        const bossKey = await tenant.keyFor(boss.id)
        const user = await tenant.createUser({ manager_id: boss.id })
        const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
        const [x, y] = await Promise.all([
          hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }),
          bossKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'rejected' }),
        ])
        assert.deepEqual([x.status, y.status].sort(), [200, 409], `round ${round}`)
        const winner = x.status === 200 ? x : y
        expectError(x.status === 200 ? y : x, 409, 'absence_not_pending')
        assert.equal((await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status, winner.body.data.status)
      }
    })
  },
  { app: { clock: () => now } },
)
