/**
 * Tenant isolation: every route that addresses a resource answers 404 for another tenant's id, and
 * no list shows another tenant's data. The table below must cover every path with a parameter in
 * the OpenAPI document, so a new route cannot be added without being checked here.
 */
import { longDayLastMonth } from '../helpers/attendance.js'
import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { it } from 'node:test'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { INJECT_ORIGIN, SoftwareAuthenticator, registerPasskey } from '../helpers/software-authenticator.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('tenant isolation', (t) => {
  it('another tenant’s resources are 404 on every addressed route and never listed', async () => {
    const mine = await t.newTenant()
    const theirs = await t.newTenant()
    const theirUser = await theirs.createUser({ full_name: 'Their Employee' })
    const theirDep = (await theirs.admin.post('/api/v1/departments', { name: 'Their Dep' })).body.data
    const theirWc = (await theirs.admin.post('/api/v1/work-centers', { name: 'Their WC' })).body.data
    const weekly = { mon: 60, tue: 60, wed: 60, thu: 60, fri: 60, sat: 0, sun: 0 }
    const theirSchedule = (
      await theirs.admin.post('/api/v1/schedules', { name: 'Their schedule', weekday_minutes: weekly })
    ).body.data
    const theirHoliday = (await theirs.admin.post('/api/v1/holidays', { date: '2030-05-05', name: 'Their holiday' }))
      .body.data
    const recent = new Date(Date.now() - 3600_000).toISOString()
    const theirProject = (await theirs.admin.post('/api/v1/projects', { code: 'THEIRS', name: 'Theirs' })).body.data
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const theirAbsence = (
      await theirs.admin.post('/api/v1/absences', {
        user_id: theirUser.id,
        type: 'personal',
        start_date: soon,
        end_date: soon,
      })
    ).body.data
    await theirs.admin.post('/api/v1/absence-types', { key: 'theirs_only', label: 'Theirs only' })
    const theirExpense = (
      await theirs.admin.post('/api/v1/expenses', {
        user_id: theirUser.id,
        merchant: 'Their taxi',
        expense_date: '2026-11-02',
        amount: 1500,
        currency: 'EUR',
        amount_eur: 1500,
        category: { key: 'travel', label: 'Travel' },
      })
    ).body.data
    const theirAllocation = (
      await theirs.admin.post('/api/v1/allocations', {
        user_id: theirUser.id,
        start: '2026-01-05T08:00:00Z',
        end: '2026-01-05T09:00:00Z',
        project_id: theirProject.id,
      })
    ).body.data
    const theirPunch = (
      await theirs.admin.post('/api/v1/attendance', { user_id: theirUser.id, type: 'in', ts: recent })
    ).body.data
    const theirCorrection = (
      await theirs.admin.post('/api/v1/attendance/corrections', {
        user_id: theirUser.id,
        reason: 'Theirs',
        changes: [{ action: 'move', punch_id: theirPunch.id, ts: new Date(Date.parse(recent) - 60_000).toISOString() }],
      })
    ).body.data
    assert.match(theirCorrection.id, /^cor_/)
    const theirKey = (await theirs.admin.post('/api/v1/keys', { scopes: ['users.list'] })).body.data
    const theirWebhook = (
      await theirs.admin.post('/api/v1/webhooks', { url: 'https://hooks.example.com/theirs', events: ['*'] })
    ).body.data
    const theirKiosk = (await theirs.admin.post('/api/v1/kiosks', { name: 'Their door' })).body.data
    // A long day of last month, which has ended: their employee's overtime lot.
    const worker = await theirs.createUser()
    await longDayLastMonth(theirs.admin, worker.id)
    const [theirLot] = (await theirs.admin.get('/api/v1/overtime/lots')).body.data
    const theirFeed = (await theirs.admin.post('/api/v1/calendar-feeds', { scope: 'company' })).body.data
    assert.match(theirLot.id, /^otl_/)
    const theirSigner = await theirs.createUser({ password: PASSWORD })
    const theirSignedIn = await signedIn(t.app, theirSigner.email)
    const theirSession = (await theirSignedIn.get('/api/v1/auth/sessions')).body.data[0]
    const theirPasskey = (await registerPasskey(theirSignedIn, new SoftwareAuthenticator(INJECT_ORIGIN))).body.data
    const phone = createECDH('prime256v1')
    phone.generateKeys()
    const theirPush = (
      await theirSignedIn.post('/api/v1/me/push-subscriptions', {
        endpoint: 'https://push.example.com/theirs',
        keys: { p256dh: phone.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      })
    ).body.data
    assert.match(theirPush.id, /^psh_/)

    const addressed: Record<string, [method: string, url: string, body?: unknown][]> = {
      'get /api/v1/users/{user_id}': [
        ['GET', `/api/v1/users/${theirUser.id}`],
        ['GET', `/api/v1/users/${theirs.adminId}?include_folders=true`],
      ],
      'patch /api/v1/users/{user_id}': [['PATCH', `/api/v1/users/${theirUser.id}`, { city: 'X' }]],
      'post /api/v1/users/{user_id}/deactivate': [['POST', `/api/v1/users/${theirUser.id}/deactivate`]],
      'post /api/v1/users/{user_id}/reactivate': [['POST', `/api/v1/users/${theirUser.id}/reactivate`]],
      'post /api/v1/users/{user_id}/kiosk-pin/reset': [['POST', `/api/v1/users/${theirUser.id}/kiosk-pin/reset`]],
      'get /api/v1/departments/{id}': [['GET', `/api/v1/departments/${theirDep.id}`]],
      'patch /api/v1/departments/{id}': [['PATCH', `/api/v1/departments/${theirDep.id}`, { name: 'Mine now' }]],
      'get /api/v1/work-centers/{id}': [['GET', `/api/v1/work-centers/${theirWc.id}`]],
      'patch /api/v1/work-centers/{id}': [['PATCH', `/api/v1/work-centers/${theirWc.id}`, { name: 'Mine now' }]],
      'get /api/v1/schedules/{id}': [['GET', `/api/v1/schedules/${theirSchedule.id}`]],
      'patch /api/v1/schedules/{id}': [['PATCH', `/api/v1/schedules/${theirSchedule.id}`, { name: 'Mine now' }]],
      'get /api/v1/holidays/{id}': [['GET', `/api/v1/holidays/${theirHoliday.id}`]],
      'delete /api/v1/holidays/{id}': [['DELETE', `/api/v1/holidays/${theirHoliday.id}`]],
      'get /api/v1/projects/{id}': [['GET', `/api/v1/projects/${theirProject.id}`]],
      'patch /api/v1/projects/{id}': [['PATCH', `/api/v1/projects/${theirProject.id}`, { name: 'Mine now' }]],
      'get /api/v1/allocations/{allocation_id}': [['GET', `/api/v1/allocations/${theirAllocation.id}`]],
      'delete /api/v1/allocations/{allocation_id}': [['DELETE', `/api/v1/allocations/${theirAllocation.id}`]],
      'get /api/v1/absences/{absence_id}': [['GET', `/api/v1/absences/${theirAbsence.id}`]],
      'post /api/v1/absences/{absence_id}/decide': [
        ['POST', `/api/v1/absences/${theirAbsence.id}/decide`, { decision: 'approved' }],
      ],
      'post /api/v1/absences/{absence_id}/cancel': [['POST', `/api/v1/absences/${theirAbsence.id}/cancel`]],
      'get /api/v1/absence-types/{key}': [['GET', '/api/v1/absence-types/theirs_only']],
      'patch /api/v1/absence-types/{key}': [['PATCH', '/api/v1/absence-types/theirs_only', { label: 'Mine now' }]],
      'get /api/v1/users/{user_id}/vacation-balance': [
        ['GET', `/api/v1/users/${theirUser.id}/vacation-balance?year=2026`],
      ],
      'get /api/v1/expenses/{expense_id}': [['GET', `/api/v1/expenses/${theirExpense.id}`]],
      'get /api/v1/users/{user_id}/schedule-history': [['GET', `/api/v1/users/${theirUser.id}/schedule-history`]],
      'get /api/v1/attendance/corrections/{correction_id}': [
        ['GET', `/api/v1/attendance/corrections/${theirCorrection.id}`],
      ],
      'post /api/v1/attendance/corrections/{correction_id}/decide': [
        ['POST', `/api/v1/attendance/corrections/${theirCorrection.id}/decide`, { decision: 'approved' }],
      ],
      'post /api/v1/attendance/corrections/{correction_id}/cancel': [
        ['POST', `/api/v1/attendance/corrections/${theirCorrection.id}/cancel`],
      ],
      'get /api/v1/keys/{key_id}': [['GET', `/api/v1/keys/${theirKey.id}`]],
      'post /api/v1/keys/{key_id}/revoke': [['POST', `/api/v1/keys/${theirKey.id}/revoke`]],
      'get /api/v1/webhooks/{webhook_id}': [['GET', `/api/v1/webhooks/${theirWebhook.id}`]],
      'patch /api/v1/webhooks/{webhook_id}': [['PATCH', `/api/v1/webhooks/${theirWebhook.id}`, { active: false }]],
      'delete /api/v1/webhooks/{webhook_id}': [['DELETE', `/api/v1/webhooks/${theirWebhook.id}`]],
      'get /api/v1/webhooks/{webhook_id}/deliveries': [['GET', `/api/v1/webhooks/${theirWebhook.id}/deliveries`]],
      'get /api/v1/kiosks/{kiosk_id}': [['GET', `/api/v1/kiosks/${theirKiosk.id}`]],
      'post /api/v1/kiosks/{kiosk_id}/revoke': [['POST', `/api/v1/kiosks/${theirKiosk.id}/revoke`]],
      'get /api/v1/calendar-feeds/{feed_id}': [['GET', `/api/v1/calendar-feeds/${theirFeed.id}`]],
      'delete /api/v1/calendar-feeds/{feed_id}': [['DELETE', `/api/v1/calendar-feeds/${theirFeed.id}`]],
      'post /api/v1/overtime/lots/{lot_id}/decide': [
        ['POST', `/api/v1/overtime/lots/${theirLot.id}/decide`, { decision: 'approved' }],
      ],
      'post /api/v1/overtime/lots/{lot_id}/pay': [
        ['POST', `/api/v1/overtime/lots/${theirLot.id}/pay`, { minutes: 1, payroll_month: '2099-01' }],
      ],
      'post /api/v1/users/{user_id}/invite': [['POST', `/api/v1/users/${theirUser.id}/invite`]],
      'delete /api/v1/auth/sessions/{session_id}': [['DELETE', `/api/v1/auth/sessions/${theirSession.id}`]],
      'delete /api/v1/auth/passkeys/{passkey_id}': [['DELETE', `/api/v1/auth/passkeys/${theirPasskey.id}`]],
      'delete /api/v1/me/push-subscriptions/{subscription_id}': [
        ['DELETE', `/api/v1/me/push-subscriptions/${theirPush.id}`],
      ],
    }
    const references: [string, string, unknown][] = [
      ['POST', '/api/v1/users', { email: 'ref1@example.com', full_name: 'R', department_id: theirDep.id }],
      ['POST', '/api/v1/users', { email: 'ref2@example.com', full_name: 'R', work_center_id: theirWc.id }],
      ['POST', '/api/v1/users', { email: 'ref3@example.com', full_name: 'R', manager_id: theirUser.id }],
      ['PATCH', `/api/v1/users/${mine.adminId}`, { department_id: theirDep.id }],
      ['PATCH', `/api/v1/users/${mine.adminId}`, { manager_id: theirUser.id }],
      ['PATCH', '/api/v1/tenant', { hr_department_id: theirDep.id }],
      ['PATCH', '/api/v1/tenant', { default_schedule_id: theirSchedule.id }],
      ['POST', '/api/v1/users', { email: 'ref4@example.com', full_name: 'R', schedule_id: theirSchedule.id }],
      ['PATCH', `/api/v1/users/${mine.adminId}`, { schedule_id: theirSchedule.id }],
      ['POST', '/api/v1/holidays', { date: '2030-05-06', name: 'X', work_center_id: theirWc.id }],
      ['GET', `/api/v1/holidays?from=2030-01-01&to=2030-12-31&work_center_id=${theirWc.id}`, undefined],
      ['GET', `/api/v1/attendance?user_id=${theirUser.id}&from=2030-01-01&to=2030-01-31`, undefined],
      ['POST', '/api/v1/attendance', { user_id: theirUser.id, type: 'out', ts: new Date().toISOString() }],
      ['GET', `/api/v1/attendance/punches?user_id=${theirUser.id}&from=2026-01-01&to=2026-12-31`, undefined],
      ['GET', `/api/v1/attendance/reports/monthly?user_id=${theirUser.id}&month=2026-01`, undefined],
      ['GET', `/api/v1/attendance/reports/monthly?user_id=${theirUser.id}&month=2026-01&format=pdf`, undefined],
      ['POST', '/api/v1/keys', { scopes: ['users.list'], acts_as_user_id: theirUser.id }],
      [
        'POST',
        '/api/v1/attendance/corrections',
        { user_id: theirUser.id, reason: 'x', changes: [{ action: 'void', punch_id: theirPunch.id }] },
      ],
      // Their punch named in a correction of one of my employees: not a punch of that employee.
      [
        'POST',
        '/api/v1/attendance/corrections',
        { user_id: mine.adminId, reason: 'x', changes: [{ action: 'void', punch_id: theirPunch.id }] },
      ],
      [
        'POST',
        '/api/v1/allocations',
        { user_id: theirUser.id, start: '2026-01-06T08:00:00Z', end: '2026-01-06T09:00:00Z', note: 'x' },
      ],
      [
        'POST',
        '/api/v1/allocations',
        {
          user_id: mine.adminId,
          start: '2026-01-06T08:00:00Z',
          end: '2026-01-06T09:00:00Z',
          project_id: theirProject.id,
        },
      ],
      ['POST', '/api/v1/absences', { user_id: theirUser.id, type: 'personal', start_date: soon, end_date: soon }],
      [
        'POST',
        '/api/v1/expenses',
        {
          user_id: theirUser.id,
          merchant: 'X',
          expense_date: '2026-11-02',
          amount: 1,
          currency: 'EUR',
          amount_eur: 1,
          category: { key: 'x', label: 'X' },
        },
      ],
    ]

    const paths = (await t.client(null).get('/api/v1/openapi.json')).body.paths as Record<
      string,
      Record<string, unknown>
    >
    // A kiosk's routes take a device token, not a key: test/api/attendance-anomalies.test.ts tries
    // another company's correction at a kiosk.
    const parametrised = Object.entries(paths)
      .filter(([path]) => path.includes('{') && !path.startsWith('/api/v1/kiosk/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
    assert.deepEqual(parametrised.sort(), Object.keys(addressed).sort(), 'every addressed route is covered')

    for (const calls of Object.values(addressed)) {
      for (const [method, url, body] of calls)
        expectError(await mine.admin.request(method, url, body), 404, 'not_found')
    }
    for (const [method, url, body] of references)
      expectError(await mine.admin.request(method, url, body), 404, 'not_found')

    // Nothing of theirs changed.
    const after = (await theirs.admin.get(`/api/v1/users/${theirUser.id}`)).body.data
    assert.equal(after.status, 'active')
    assert.equal(after.profile.city, null)
    assert.equal((await theirs.admin.get('/api/v1/departments')).body.data[0].name, 'Their Dep')
    assert.equal((await theirs.admin.get('/api/v1/holidays?from=2030-05-01&to=2030-05-31')).body.meta.total, 1)
    assert.equal((await theirs.admin.get('/api/v1/overtime/lots')).body.data[0].status, 'pending')
    assert.deepEqual((await mine.admin.get('/api/v1/overtime/lots')).body.data, [])
    expectError(await mine.admin.get(`/api/v1/overtime/balance?user_id=${worker.id}`), 404, 'not_found')
    const theirDay = (
      await theirs.admin.get(
        `/api/v1/attendance?user_id=${theirUser.id}&from=${recent.slice(0, 10)}&to=${recent.slice(0, 10)}&tz=UTC`,
      )
    ).body.data[0]
    assert.deepEqual(
      theirDay.punches.map((p: any) => p.type),
      ['in'],
      'their punches untouched',
    )
    assert.equal(
      (await theirs.admin.get(`/api/v1/attendance/corrections/${theirCorrection.id}`)).body.data.status,
      'pending',
      'their correction untouched',
    )

    // Lists: only my own data, whatever the filters.
    const theirIds = new Set([
      theirUser.id,
      theirs.adminId,
      theirDep.id,
      theirWc.id,
      theirSchedule.id,
      theirHoliday.id,
      theirProject.id,
      theirAllocation.id,
      theirAbsence.id,
      theirExpense.id,
      theirCorrection.id,
      theirPunch.id,
      theirKey.id,
      theirWebhook.id,
      theirKiosk.id,
    ])
    for (const url of [
      '/api/v1/users?page_size=100',
      '/api/v1/users?detail=full&page_size=100',
      `/api/v1/users?q=their`,
      `/api/v1/users?email=${encodeURIComponent(theirUser.email)}`,
      `/api/v1/users?department_id=${theirDep.id}`,
      `/api/v1/users?work_center_id=${theirWc.id}`,
      `/api/v1/users?manager_id=${theirs.adminId}`,
      '/api/v1/departments',
      '/api/v1/work-centers',
      '/api/v1/schedules',
      '/api/v1/projects',
      `/api/v1/absences?from=2026-01-01&to=2030-12-31`,
      `/api/v1/absences?from=2026-01-01&to=2030-12-31&user_id=${theirUser.id}`,
      '/api/v1/absence-types?page_size=100',
      '/api/v1/expenses',
      `/api/v1/expenses?user_id=${theirUser.id}`,
      '/api/v1/allocations',
      `/api/v1/allocations?user_id=${theirUser.id}`,
      '/api/v1/attendance/corrections',
      `/api/v1/attendance/corrections?user_id=${theirUser.id}&from=2026-01-01&to=2026-12-31`,
      `/api/v1/allocations?project_id=${theirProject.id}`,
      '/api/v1/holidays?from=2030-01-01&to=2030-12-31',
      `/api/v1/attendance/summary?from=${recent.slice(0, 10)}&to=${recent.slice(0, 10)}&page_size=100`,
      `/api/v1/attendance/summary?from=${recent.slice(0, 10)}&to=${recent.slice(0, 10)}&work_center_id=${theirWc.id}`,
      '/api/v1/keys?page_size=100',
      '/api/v1/access-log?page_size=100',
      '/api/v1/webhooks?page_size=100',
      '/api/v1/kiosks?page_size=100',
    ]) {
      const res = await mine.admin.get(url)
      assert.equal(res.status, 200, url)
      for (const item of res.body.data) {
        assert.ok(!theirIds.has(item.id ?? item.user_id), `${url} leaked ${item.id ?? item.user_id}`)
        assert.notEqual(item.key, 'theirs_only', `${url} leaked an absence type`)
      }
    }
    const exported = String(
      (await mine.admin.get(`/api/v1/attendance/reports/export?month=${recent.slice(0, 7)}`)).body,
    )
    for (const id of theirIds) assert.ok(!exported.includes(id), `the export leaked ${id}`)
    assert.ok(exported.includes(mine.adminId))
    assert.equal((await mine.admin.get('/api/v1/users')).body.meta.total, 1)
    assert.equal((await mine.admin.get('/api/v1/tenant')).body.data.id, mine.id)
  })
})
