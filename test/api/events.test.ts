/**
 * The event outbox (docs/decisions/0012-integrations.md): every change of state writes its event in
 * the change's transaction, and GET /events reads them in commit order from a cursor.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { EVENT_TYPES } from '../../src/modules/events/events.logic.js'
import { purgeEvents, recordEvent } from '../../src/modules/events/events.service.js'
import { purgeExpired } from '../../src/modules/housekeeping/housekeeping.service.js'
import { eventually } from '../helpers/eventually.js'
import { type Client, expectError, forEachEngine, type TestContext, uniqueEmail } from '../helpers/harness.js'

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

/**
 * The stream once it holds at least `count` events: on PostgreSQL an event shows once every write
 * transaction begun before it has ended, and other tests write on the same server meanwhile.
 */
function settledEvents(admin: Client, count: number): Promise<any[]> {
  return eventually(
    `${count} events`,
    () => allEvents(admin),
    (events) => events.length >= count,
  )
}

async function allEvents(admin: Client, query = ''): Promise<any[]> {
  const events: any[] = []
  let after: string | null = null
  for (;;) {
    const res: any = await admin.get(`/api/v1/events?page_size=500${query}${after ? `&after=${after}` : ''}`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    events.push(...res.body.data)
    if (!res.body.meta.has_more) return events
    after = res.body.meta.next_after
  }
}

forEachEngine('events', (t: TestContext) => {
  it('every change writes its event, with the actor and the resource as the API returned it', async () => {
    const tenant = await t.newTenant()
    const admin = tenant.admin
    const user = (
      await admin.post('/api/v1/users', {
        email: uniqueEmail(),
        full_name: 'Evented',
        dni: '12345678Z',
        phone: '600123456',
        manager_id: tenant.adminId,
      })
    ).body.data
    const updated = (await admin.patch(`/api/v1/users/${user.id}`, { full_name: 'Evented Renamed' })).body.data
    const punch = (await admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts: hoursAgo(3) })).body.data
    const out = (await admin.post('/api/v1/attendance', { user_id: user.id, type: 'out', ts: hoursAgo(2) })).body.data
    const correction = (
      await admin.post('/api/v1/attendance/corrections', {
        user_id: user.id,
        reason: 'Forgot to clock',
        changes: [{ action: 'move', punch_id: out.id, ts: hoursAgo(1.5) }],
      })
    ).body.data
    const worker = await tenant.keyFor(user.id)
    const approvedCorrection = (
      await worker.post(`/api/v1/attendance/corrections/${correction.id}/decide`, { decision: 'approved' })
    ).body.data
    const second = (
      await admin.post('/api/v1/attendance/corrections', {
        user_id: user.id,
        reason: 'Another',
        changes: [{ action: 'add', type: 'in', ts: hoursAgo(1) }],
      })
    ).body.data
    const rejectedCorrection = (
      await worker.post(`/api/v1/attendance/corrections/${second.id}/decide`, { decision: 'rejected' })
    ).body.data
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const absence = (
      await worker.post('/api/v1/absences', { user_id: user.id, type: 'personal', start_date: day, end_date: day })
    ).body.data
    const approvedAbsence = (await admin.post(`/api/v1/absences/${absence.id}/decide`, { decision: 'approved' })).body
      .data
    assert.ok(approvedAbsence, JSON.stringify((await admin.get(`/api/v1/absences/${absence.id}`)).body))
    const cancelled = (await worker.post(`/api/v1/absences/${absence.id}/cancel`)).body.data
    const another = (
      await worker.post('/api/v1/absences', { user_id: user.id, type: 'personal', start_date: day, end_date: day })
    ).body.data
    const rejectedAbsence = (await admin.post(`/api/v1/absences/${another.id}/decide`, { decision: 'rejected' })).body
      .data
    const allocation = (
      await admin.post('/api/v1/allocations', {
        user_id: user.id,
        note: 'Training',
        start: hoursAgo(30),
        end: hoursAgo(29),
      })
    ).body.data
    assert.equal((await admin.delete(`/api/v1/allocations/${allocation.id}`)).status, 204)
    const expense = (
      await admin.post('/api/v1/expenses', {
        user_id: user.id,
        merchant: 'Bar Pepe',
        expense_date: hoursAgo(48).slice(0, 10),
        amount: 1250,
        currency: 'EUR',
        amount_eur: 1250,
        category: { key: 'meals', label: 'Meals' },
      })
    ).body
    assert.ok(expense.data, JSON.stringify(expense))
    const deactivated = (await admin.post(`/api/v1/users/${user.id}/deactivate`)).body.data
    assert.equal(
      (await admin.post(`/api/v1/users/${user.id}/deactivate`)).status,
      200,
      'a second deactivation changes nothing',
    )
    const reactivated = (await admin.post(`/api/v1/users/${user.id}/reactivate`)).body.data
    const { link, ...invited } = (await admin.post(`/api/v1/users/${user.id}/invite`)).body.data
    assert.match(link, /#token=/, 'the answer alone carries the link')

    const events = await settledEvents(admin, 19)
    const adminKeyId = events[0].actor.key_id
    const withoutSensitive = (u: any) => ({ ...u, profile: { ...u.profile, dni: null, phone_personal: null } })
    const expected: [string, unknown, string][] = [
      ['user.created', withoutSensitive(user), tenant.adminId],
      ['user.updated', withoutSensitive(updated), tenant.adminId],
      ['punch.created', punch, tenant.adminId],
      ['punch.created', out, tenant.adminId],
      ['correction.proposed', correction, tenant.adminId],
      ['correction.approved', approvedCorrection, user.id],
      ['correction.proposed', second, tenant.adminId],
      ['correction.rejected', rejectedCorrection, user.id],
      ['absence.created', absence, user.id],
      ['absence.approved', approvedAbsence, tenant.adminId],
      ['absence.cancelled', cancelled, user.id],
      ['absence.created', another, user.id],
      ['absence.rejected', rejectedAbsence, tenant.adminId],
      ['allocation.created', allocation, tenant.adminId],
      ['allocation.deleted', allocation, tenant.adminId],
      ['expense.created', expense.data, tenant.adminId],
      ['user.deactivated', withoutSensitive(deactivated), tenant.adminId],
      ['user.reactivated', withoutSensitive(reactivated), tenant.adminId],
      ['user.invited', invited, tenant.adminId],
    ]
    assert.deepEqual(
      events.map((e) => [e.type, e.data, e.actor.user_id]),
      expected,
    )
    // The company's own detection of a forgotten clock-out: test/api/attendance-anomalies.test.ts;
    // overtime, which needs a month to end: test/api/overtime-lots.test.ts.
    assert.deepEqual(
      new Set(events.map((e) => e.type)),
      new Set(EVENT_TYPES.filter((type) => type !== 'attendance.anomaly_detected' && !type.startsWith('overtime.'))),
      'the test covers the whole catalogue',
    )
    for (const e of events) {
      assert.match(e.id, /^evt_/)
      assert.equal(e.tenant_id, tenant.id)
      assert.ok(Math.abs(Date.parse(e.occurred_at) - Date.now()) < 60_000)
      if (e.actor.user_id === tenant.adminId) assert.equal(e.actor.key_id, adminKeyId)
    }
    assert.equal(events[0].data.profile.dni, null, 'sensitive fields never leave through events')
    assert.equal(user.profile.dni, '12345678Z', 'although the administrator’s own answer showed them')
  })

  it('a refused or rolled-back write leaves no event', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    await settledEvents(tenant.admin, 1)
    expectError(
      await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'out', ts: hoursAgo(1) }),
      409,
      'punch_sequence_invalid',
    )
    expectError(await tenant.admin.post('/api/v1/users', { email: user.email, full_name: 'Twin' }), 409, 'email_taken')
    // A write that succeeds after them: once its event shows, any of theirs would have too.
    const marker = await tenant.createUser()
    assert.deepEqual(
      (await settledEvents(tenant.admin, 2)).map((e) => e.data.id),
      [user.id, marker.id],
    )
  })

  it('reads oldest first from a cursor, filtered by type, page by page; unknown cursors are 404, other tenants invisible', async () => {
    const tenant = await t.newTenant()
    const users = []
    for (let i = 0; i < 5; i++) users.push(await tenant.createUser({ full_name: `Cursor ${i}` }))
    await tenant.admin.post('/api/v1/attendance', { user_id: users[0].id, type: 'in', ts: hoursAgo(1) })
    await settledEvents(tenant.admin, 6)
    const first = await tenant.admin.get('/api/v1/events?page_size=2')
    assert.deepEqual(
      first.body.data.map((e: any) => e.data.id),
      [users[0].id, users[1].id],
    )
    assert.deepEqual(first.body.meta, { page_size: 2, next_after: first.body.data[1].id, has_more: true })
    const rest = await tenant.admin.get(`/api/v1/events?after=${first.body.meta.next_after}`)
    assert.deepEqual(
      rest.body.data.map((e: any) => e.type),
      ['user.created', 'user.created', 'user.created', 'punch.created'],
    )
    const tail = await tenant.admin.get(`/api/v1/events?after=${rest.body.meta.next_after}`)
    assert.deepEqual(tail.body, {
      data: [],
      meta: { page_size: 100, next_after: rest.body.meta.next_after, has_more: false },
    })
    const punches = await tenant.admin.get('/api/v1/events?type=punch.created,absence.approved')
    assert.deepEqual(
      punches.body.data.map((e: any) => e.type),
      ['punch.created'],
    )
    expectError(await tenant.admin.get('/api/v1/events?type=punch.deleted'), 400)
    expectError(await tenant.admin.get('/api/v1/events?after=evt_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    const other = await t.newTenant()
    assert.deepEqual((await other.admin.get('/api/v1/events')).body.data, [])
    expectError(await other.admin.get(`/api/v1/events?after=${first.body.data[0].id}`), 404)
    expectError(await (await tenant.keyFor(users[0].id)).get('/api/v1/events'), 403, 'permission_denied')
  })

  it('events older than 30 days are purged, with the day-old idempotency answers, by the hourly housekeeping', async () => {
    const tenant = await t.newTenant()
    await tenant.createUser()
    await settledEvents(tenant.admin, 1)
    await purgeEvents(t.database.db, Date.now() + 29 * 86_400_000)
    assert.equal((await allEvents(tenant.admin)).length, 1)
    const report = await purgeExpired({ db: t.database.db, now: Date.now() + 31 * 86_400_000 })
    assert.ok(report.events >= 1 && report.idempotency_keys >= 0)
    assert.equal((await allEvents(tenant.admin)).length, 0)
  })

  it('an event appears only once every transaction begun before it has ended, so a reader never skips one (PostgreSQL)', async (ctx) => {
    if (t.engine !== 'postgres')
      return ctx.skip('SQLite writes one transaction at a time: insertion order is commit order')
    const tenant = await t.newTenant()
    const auth = { tenantId: tenant.id, keyId: 'cli', actor: { id: 'cli' } } as any
    const slow = await t.database.db.startTransaction().execute()
    await recordEvent({ db: slow, auth, now: Date.now() }, 'user.created', { n: 'slow, inserted first' })
    await recordEvent({ db: t.database.db, auth, now: Date.now() }, 'user.created', { n: 'fast, committed first' })
    const seen = (await allEvents(tenant.admin)).map((e) => e.data.n)
    assert.deepEqual(seen, [], 'the fast event waits behind the slow transaction')
    await slow.commit().execute()
    assert.deepEqual(
      (await settledEvents(tenant.admin, 2)).map((e) => e.data.n),
      ['slow, inserted first', 'fast, committed first'],
    )
  })
})
