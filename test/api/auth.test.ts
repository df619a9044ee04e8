import assert from 'node:assert/strict'
import { it } from 'node:test'
import { FIELD_SCOPES, SCOPES } from '../../src/auth/scopes.js'
import { createKey, revokeKey } from '../../src/modules/keys/keys.service.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

/** Calls for the expense scopes; kept here so the matrix covers every scope. */
function EXPENSE_CALLS(userId: string): Record<string, () => [string, string, unknown?]> {
  return {
    'expenses.get': () => ['GET', '/api/v1/expenses/exp_missing'],
    'expenses.list': () => ['GET', '/api/v1/expenses'],
    'expenses.create': () => ['POST', '/api/v1/expenses', { user_id: userId }],
  }
}

forEachEngine('authentication and scopes', (t) => {
  it('me returns the tenant, the scopes and the acting user', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.get('/api/v1/me')
    assert.equal(res.status, 200)
    assert.equal(res.body.data.tenant.id, tenant.id)
    assert.deepEqual(res.body.data.scopes, [...SCOPES])
    assert.equal(res.body.data.acts_as_user.id, tenant.adminId)
    assert.equal(res.body.data.acts_as_user.name, 'Admin User')
    assert.match(res.body.data.acts_as_user.email, /@example\.com$/)
  })

  it('401 for a missing, malformed, unknown or wrong-secret key, in the error format', async () => {
    const tenant = await t.newTenant()
    expectError(await t.client(null).get('/api/v1/me'), 401, 'unauthenticated')
    expectError(await t.client('not-a-key').get('/api/v1/me'), 401, 'unauthenticated')
    const [, ulid] = /^jnd_([0-9A-Z]{26})_/.exec(tenant.adminKey)!
    expectError(await t.client(`jnd_${ulid}_${'x'.repeat(43)}`).get('/api/v1/me'), 401, 'unauthenticated')
    expectError(
      await t.client(`jnd_01ARZ3NDEKTSV4RRFFQ69G5FAV_${'y'.repeat(43)}`).get('/api/v1/me'),
      401,
      'unauthenticated',
    )
    const res = await t
      .client(null)
      .request('GET', '/api/v1/me', undefined, { authorization: `Basic ${tenant.adminKey}` })
    expectError(res, 401, 'unauthenticated')
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })

  it('a revoked key is 401 at once', async () => {
    const tenant = await t.newTenant()
    const { apiKey, key } = await createKey(
      { db: t.database.db, now: Date.now() },
      {
        tenantId: tenant.id,
        actsAsUserId: tenant.adminId,
        scopes: ['users.list'],
      },
    )
    assert.equal((await t.client(apiKey).get('/api/v1/me')).status, 200)
    await revokeKey({ db: t.database.db, now: Date.now() }, key.id)
    expectError(await t.client(apiKey).get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('an expired key is 401; one expiring later works', async () => {
    const tenant = await t.newTenant()
    // Created a minute before it expired, a second ago.
    const expired = await createKey(
      { db: t.database.db, now: Date.now() - 61_000 },
      {
        tenantId: tenant.id,
        actsAsUserId: tenant.adminId,
        scopes: ['users.list'],
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      },
    )
    expectError(await t.client(expired.apiKey).get('/api/v1/me'), 401, 'unauthenticated')
    const later = await createKey(
      { db: t.database.db, now: Date.now() },
      {
        tenantId: tenant.id,
        actsAsUserId: tenant.adminId,
        scopes: ['users.list'],
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    )
    assert.equal((await t.client(later.apiKey).get('/api/v1/me')).status, 200)
    const keys = async () =>
      (await t.database.db.selectFrom('api_keys').select('id').where('tenant_id', '=', tenant.id).execute()).length
    const before = await keys()
    const input = { tenantId: tenant.id, actsAsUserId: tenant.adminId, scopes: ['users.list'] }
    await assert.rejects(
      createKey({ db: t.database.db, now: Date.now() }, { ...input, expiresAt: '2020-01-01T00:00:00Z' }),
      {
        code: 'invalid_request',
        message: /expires_at: must be in the future/,
      },
    )
    await assert.rejects(createKey({ db: t.database.db, now: Date.now() }, { ...input, expiresAt: 'next tuesday' }), {
      code: 'invalid_request',
      message: /expires_at/,
    })
    await assert.rejects(createKey({ db: t.database.db, now: Date.now() }, { ...input, expiresAt: '' }), {
      code: 'invalid_request',
      message: /expires_at/,
    })
    assert.equal(await keys(), before, 'no key was created')
  })

  it('a key acting as a user stops working the moment the user is deactivated, and stays revoked after reactivation', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const userKey = await tenant.keyFor(user.id, ['users.get'])
    assert.equal((await userKey.get(`/api/v1/users/${user.id}`)).status, 200)
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)).status, 200)
    expectError(await userKey.get('/api/v1/me'), 401, 'unauthenticated')
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/reactivate`)).status, 200)
    expectError(await userKey.get('/api/v1/me'), 401, 'unauthenticated')
    const row = await t.database.db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('acts_as_user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    assert.ok(row.revoked_at, 'the key is marked revoked, not merely refused')
    const fresh = await tenant.keyFor(user.id, ['users.get'])
    assert.equal((await fresh.get('/api/v1/me')).status, 200, 'a new key for the reactivated user works')
  })

  it('keys are stored as hashes, never as the secret', async () => {
    const tenant = await t.newTenant()
    const rows = await t.database.db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenant.id).execute()
    const secret = tenant.adminKey.split('_').slice(2).join('_')
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.secret_hash.length, 64)
    assert.ok(!JSON.stringify(rows).includes(secret))
  })

  it('scope matrix: a key with one scope can call exactly that operation and me, and gets 403 elsewhere', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Matrix' })).body.data
    const wc = (await tenant.admin.post('/api/v1/work-centers', { name: 'Matrix WC' })).body.data
    const schedule = (
      await tenant.admin.post('/api/v1/schedules', {
        name: 'Matrix',
        weekday_minutes: { mon: 1, tue: 1, wed: 1, thu: 1, fri: 1, sat: 0, sun: 0 },
      })
    ).body.data
    const holiday = (await tenant.admin.post('/api/v1/holidays', { date: '2030-01-02', name: 'Matrix day' })).body.data
    const project = (await tenant.admin.post('/api/v1/projects', { code: 'MATRIX', name: 'Matrix' })).body.data
    const allocation = (
      await tenant.admin.post('/api/v1/allocations', {
        user_id: user.id,
        start: '2026-01-01T08:00:00Z',
        end: '2026-01-01T09:00:00Z',
        note: 'm',
      })
    ).body.data
    const calls: Record<string, () => [string, string, unknown?]> = {
      'users.list': () => ['GET', '/api/v1/users'],
      'users.get': () => ['GET', `/api/v1/users/${user.id}`],
      'users.create': () => ['POST', '/api/v1/users', { email: 'x', full_name: '' }],
      'users.update': () => ['PATCH', `/api/v1/users/${user.id}`, {}],
      'users.deactivate': () => ['POST', '/api/v1/users/usr_missing/deactivate'],
      'users.reactivate': () => ['POST', '/api/v1/users/usr_missing/reactivate'],
      'departments.list': () => ['GET', '/api/v1/departments'],
      'departments.create': () => ['POST', '/api/v1/departments', {}],
      'departments.update': () => ['PATCH', `/api/v1/departments/${dep.id}`, {}],
      'work-centers.list': () => ['GET', '/api/v1/work-centers'],
      'work-centers.create': () => ['POST', '/api/v1/work-centers', {}],
      'work-centers.update': () => ['PATCH', `/api/v1/work-centers/${wc.id}`, {}],
      'tenant.get': () => ['GET', '/api/v1/tenant'],
      'tenant.update': () => ['PATCH', '/api/v1/tenant', {}],
      'schedules.list': () => ['GET', '/api/v1/schedules'],
      'schedules.create': () => ['POST', '/api/v1/schedules', {}],
      'schedules.update': () => ['PATCH', `/api/v1/schedules/${schedule.id}`, {}],
      'holidays.list': () => ['GET', '/api/v1/holidays?from=2030-01-01&to=2030-01-31'],
      'holidays.create': () => ['POST', '/api/v1/holidays', {}],
      'holidays.delete': () => ['DELETE', `/api/v1/holidays/${holiday.id}`],
      'attendance.list': () => ['GET', `/api/v1/attendance?user_id=${user.id}&from=2030-01-01&to=2030-01-02`],
      'attendance.create': () => ['POST', '/api/v1/attendance', {}],
      'attendance.summary': () => ['GET', '/api/v1/attendance/summary?from=2030-01-01&to=2030-01-02'],
      'attendance.anomalies': () => ['GET', '/api/v1/attendance/anomalies?from=2030-01-01&to=2030-01-02'],
      'attendance.now': () => ['GET', '/api/v1/attendance/now'],
      'calendar-feeds.create': () => ['POST', '/api/v1/calendar-feeds', { scope: 'me' }],
      'calendar-feeds.list': () => ['GET', '/api/v1/calendar-feeds'],
      'calendar-feeds.delete': () => ['DELETE', '/api/v1/calendar-feeds/caf_missing'],
      'attendance.clock': () => ['POST', '/api/v1/attendance/clock', {}],
      'attendance.punches': () => [
        'GET',
        `/api/v1/attendance/punches?user_id=${user.id}&from=2030-01-01&to=2030-01-02`,
      ],
      'attendance-corrections.create': () => ['POST', '/api/v1/attendance/corrections', {}],
      'attendance-corrections.list': () => ['GET', '/api/v1/attendance/corrections'],
      'attendance-corrections.decide': () => [
        'POST',
        '/api/v1/attendance/corrections/cor_missing/decide',
        { decision: 'approved' },
      ],
      'attendance-corrections.cancel': () => ['POST', '/api/v1/attendance/corrections/cor_missing/cancel'],
      'users.schedule-history': () => ['GET', `/api/v1/users/${user.id}/schedule-history`],
      'projects.list': () => ['GET', '/api/v1/projects'],
      'projects.create': () => ['POST', '/api/v1/projects', {}],
      'projects.update': () => ['PATCH', `/api/v1/projects/${project.id}`, {}],
      'allocations.create': () => ['POST', '/api/v1/allocations', {}],
      'allocations.list': () => ['GET', '/api/v1/allocations'],
      'allocations.get': () => ['GET', `/api/v1/allocations/${allocation.id}`],
      'allocations.delete': () => ['DELETE', '/api/v1/allocations/alc_missing'],
      ...EXPENSE_CALLS(user.id),
      'absence-types.list': () => ['GET', '/api/v1/absence-types'],
      'absence-types.create': () => ['POST', '/api/v1/absence-types', {}],
      'absence-types.update': () => ['PATCH', '/api/v1/absence-types/vacation', {}],
      'absences.list': () => ['GET', '/api/v1/absences?from=2030-01-01&to=2030-01-31'],
      'absences.get': () => ['GET', '/api/v1/absences/abs_missing'],
      'absences.create': () => ['POST', '/api/v1/absences', {}],
      'absences.decide': () => ['POST', '/api/v1/absences/abs_missing/decide', { decision: 'approved' }],
      'absences.cancel': () => ['POST', '/api/v1/absences/abs_missing/cancel'],
      'absences.record': () => ['POST', '/api/v1/absences/record', {}],
      'overtime-lots.list': () => ['GET', '/api/v1/overtime/lots'],
      'overtime-lots.decide': () => ['POST', '/api/v1/overtime/lots/otl_missing/decide', { decision: 'approved' }],
      'overtime-lots.pay': () => [
        'POST',
        '/api/v1/overtime/lots/otl_missing/pay',
        { minutes: 1, payroll_month: '2030-01' },
      ],
      'overtime.balance': () => ['GET', `/api/v1/overtime/balance?user_id=${user.id}`],
      'users.vacation-balance': () => ['GET', `/api/v1/users/${user.id}/vacation-balance?year=2030`],
      'audit-log.list': () => ['GET', '/api/v1/audit-log'],
      'access-log.list': () => ['GET', '/api/v1/access-log'],
      'keys.list': () => ['GET', '/api/v1/keys'],
      'keys.create': () => ['POST', '/api/v1/keys', {}],
      'keys.revoke': () => ['POST', '/api/v1/keys/key_missing/revoke'],
      'events.list': () => ['GET', '/api/v1/events'],
      'webhooks.list': () => ['GET', '/api/v1/webhooks'],
      'webhooks.create': () => ['POST', '/api/v1/webhooks', {}],
      'webhooks.update': () => ['PATCH', '/api/v1/webhooks/whk_missing', {}],
      'webhooks.delete': () => ['DELETE', '/api/v1/webhooks/whk_missing'],
      'mail.list': () => ['GET', '/api/v1/mail-messages'],
      'kiosks.list': () => ['GET', '/api/v1/kiosks'],
      'kiosks.create': () => ['POST', '/api/v1/kiosks', {}],
      'kiosks.revoke': () => ['POST', '/api/v1/kiosks/kio_missing/revoke'],
      'users.reset-kiosk-pin': () => ['POST', '/api/v1/users/usr_missing/kiosk-pin/reset'],
      'users.invite': () => ['POST', '/api/v1/users/usr_missing/invite'],
      'attendance-reports.get': () => ['GET', `/api/v1/attendance/reports/monthly?user_id=${user.id}&month=2030-01`],
      'attendance-reports.export': () => ['GET', '/api/v1/attendance/reports/export?month=2030-01'],
      'attendance-reports.sign': () => ['POST', '/api/v1/attendance/reports/monthly/sign', {}],
      'attendance-reports.company': () => ['GET', '/api/v1/attendance/reports/company?month=2030-01'],
      'overtime-reports.monthly': () => ['GET', '/api/v1/overtime/reports/monthly?month=2030-01'],
      'attendance-reports.record-export': () => ['GET', '/api/v1/attendance/reports/record-export?from=2030-01-01'],
      'tenant.record-key': () => ['GET', '/api/v1/tenant/record-key'],
      'tenant.rotate-record-key': () => ['POST', '/api/v1/tenant/record-key/rotate'],
      'push-subscriptions.key': () => ['GET', '/api/v1/me/push-subscriptions/key'],
      'push-subscriptions.list': () => ['GET', '/api/v1/me/push-subscriptions'],
      'push-subscriptions.create': () => ['POST', '/api/v1/me/push-subscriptions', {}],
      'push-subscriptions.delete': () => ['DELETE', '/api/v1/me/push-subscriptions/psh_missing'],
    }
    // users.sensitive enables no operation: with it alone every call is 403 (checked by the loop).
    assert.deepEqual(
      Object.keys(calls).sort(),
      SCOPES.filter((s) => !FIELD_SCOPES.includes(s)).sort(),
      'every operation scope has a call in the matrix',
    )
    for (const scope of SCOPES) {
      const client = await tenant.keyFor(tenant.adminId, [scope])
      assert.equal((await client.get('/api/v1/me')).status, 200, `me with ${scope}`)
      for (const [operation, call] of Object.entries(calls)) {
        const [method, url, body] = call()
        const res = await client.request(method, url, body)
        if (operation === scope) {
          assert.notEqual(res.status, 403, `${scope} may call ${operation}: ${JSON.stringify(res.body)}`)
          assert.notEqual(res.status, 401)
        } else {
          expectError(res, 403, 'scope_required')
        }
      }
    }
  })

  it('order of checks: 401 before 403 before 400', async () => {
    const tenant = await t.newTenant()
    const listOnly = await tenant.keyFor(tenant.adminId, ['users.list'])
    // invalid body + no key: 401; invalid body + wrong scope: 403; right scope: 400
    expectError(await t.client(null).post('/api/v1/users', { nope: true }), 401)
    expectError(await listOnly.post('/api/v1/users', { nope: true }), 403, 'scope_required')
    expectError(await tenant.admin.post('/api/v1/users', { nope: true }), 400, 'invalid_request')
    // invalid JSON is also only seen after authentication
    expectError(await t.client(null).request('POST', '/api/v1/users', '{bad'), 401)
  })
})
