/**
 * The audit log: an entry for every successful write of the API (each write operation of the
 * OpenAPI document is exercised), with field names and never values; administrators only.
 */
import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { it } from 'node:test'
import { SecretBox } from '../../src/lib/secret-box.js'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { INJECT_ORIGIN, SoftwareAuthenticator } from '../helpers/software-authenticator.js'
import { longDayLastMonth } from '../helpers/attendance.js'
import { expenseBody } from '../helpers/fixtures.js'
import { type Client, expectError, forEachEngine, type TestTenant } from '../helpers/harness.js'

const SENSITIVE = {
  iban: 'ES9121000418450200051332',
  ssn: '281234567840',
  passport_number: 'PAA123456',
  health_insurance: 'Sanitas 123',
  birth_date: '1990-05-04',
}
const WRITE_METHODS = new Set(['post', 'patch', 'put', 'delete'])

interface Caller {
  request(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>
}

async function everyWrite(tenant: TestTenant, anonymous: Client): Promise<Map<string, string | null>> {
  const admin = tenant.admin
  const done = new Map<string, string | null>()
  async function call(
    operation: string,
    method: string,
    url: string,
    body?: unknown,
    by: Caller = admin,
  ): Promise<any> {
    const res = await by.request(method, url, body)
    assert.ok(res.status < 300, `${operation}: ${res.status} ${JSON.stringify(res.body)}`)
    const id =
      url.match(/\/((?:usr|dep|wcr|sch|hol|prj|alc|abs|cor|key|whk|kio|otl|caf|psh)_[0-9A-Z]+)/)?.[1] ??
      res.body?.data?.id ??
      null
    done.set(operation, id)
    return res.body?.data
  }
  const hr = await call('departments.create', 'POST', '/api/v1/departments', { name: 'People' })
  await call('departments.update', 'PATCH', `/api/v1/departments/${hr.id}`, { name: 'HR' })
  const wc = await call('work-centers.create', 'POST', '/api/v1/work-centers', { name: 'Madrid' })
  await call('work-centers.update', 'PATCH', `/api/v1/work-centers/${wc.id}`, { name: 'Madrid HQ' })
  await call('tenant.update', 'PATCH', '/api/v1/tenant', { default_vacation_days: 23 })
  await call('tenant.rotate-record-key', 'POST', '/api/v1/tenant/record-key/rotate')
  const user = await call('users.create', 'POST', '/api/v1/users', {
    email: `audit.${Date.now()}@example.com`,
    full_name: 'Ana',
    password: 'correct horse battery',
    dni: '12345678Z',
    phone: '+34 600 111 222',
  })
  await call('users.update', 'PATCH', `/api/v1/users/${user.id}`, { ...SENSITIVE, department_id: hr.id })
  await call('users.deactivate', 'POST', `/api/v1/users/${user.id}/deactivate`)
  await call('users.reactivate', 'POST', `/api/v1/users/${user.id}/reactivate`)
  const schedule = await call('schedules.create', 'POST', '/api/v1/schedules', {
    name: 'Short',
    weekday_minutes: { mon: 300, tue: 300, wed: 300, thu: 300, fri: 300, sat: 0, sun: 0 },
  })
  await call('schedules.update', 'PATCH', `/api/v1/schedules/${schedule.id}`, { name: 'Shorter' })
  const holiday = await call('holidays.create', 'POST', '/api/v1/holidays', { date: '2030-01-02', name: 'Founders' })
  await call('holidays.delete', 'DELETE', `/api/v1/holidays/${holiday.id}`)
  // A long day of last month, which has ended: overtime, decided and paid below.
  await longDayLastMonth(admin, user.id)
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
  await call('attendance.batch', 'POST', '/api/v1/attendance/batch', {
    punches: [
      { user_id: user.id, type: 'in', ts: hoursAgo(3) },
      { user_id: user.id, type: 'out', ts: hoursAgo(2) },
    ],
  })
  const punch = await call('attendance.create', 'POST', '/api/v1/attendance', {
    user_id: user.id,
    type: 'in',
    ts: new Date(Date.now() - 3_600_000).toISOString(),
  })
  // Clocking in and signing are personal acts: the administrator's own key, not the company's first.
  const adminOwn = await tenant.keyFor(tenant.adminId)
  await call('attendance.clock', 'POST', '/api/v1/attendance/clock', { type: 'in' }, adminOwn)
  const project = await call('projects.create', 'POST', '/api/v1/projects', { code: 'AUD', name: 'Audit' })
  await call('projects.update', 'PATCH', `/api/v1/projects/${project.id}`, { name: 'Audited' })
  const allocation = await call('allocations.create', 'POST', '/api/v1/allocations', {
    user_id: user.id,
    project_id: project.id,
    start: '2026-01-05T08:00:00Z',
    end: '2026-01-05T09:00:00Z',
  })
  await call('allocations.delete', 'DELETE', `/api/v1/allocations/${allocation.id}`)
  await call('expenses.create', 'POST', '/api/v1/expenses', expenseBody(user.id))
  await call('absence-types.create', 'POST', '/api/v1/absence-types', {
    key: 'training',
    label: 'Training',
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
  })
  await call('absence-types.update', 'PATCH', '/api/v1/absence-types/training', { label: 'Courses' })
  const userKey = await tenant.keyFor(user.id)
  const absence = (
    await userKey.post('/api/v1/absences', {
      user_id: user.id,
      type: 'personal',
      start_date: '2030-03-04',
      end_date: '2030-03-04',
    })
  ).body.data
  await call('absences.decide', 'POST', `/api/v1/absences/${absence.id}/decide`, { decision: 'approved' })
  await call('absences.create', 'POST', '/api/v1/absences', {
    user_id: user.id,
    type: 'sick',
    start_date: '2030-04-01',
    end_date: '2030-04-01',
  })
  const sick = [...done.entries()].find(([op]) => op === 'absences.create')![1]!
  await call('absences.record', 'POST', '/api/v1/absences/record', {
    user_id: user.id,
    type: 'sick',
    start_date: '2025-03-03',
    end_date: '2025-03-04',
  })
  await call('absences.cancel', 'POST', `/api/v1/absences/${sick}/cancel`)
  const calendar = await call('calendar-feeds.create', 'POST', '/api/v1/calendar-feeds', { scope: 'company' })
  await call('calendar-feeds.delete', 'DELETE', `/api/v1/calendar-feeds/${calendar.id}`)
  const [lot] = (await admin.get(`/api/v1/overtime/lots?user_id=${user.id}`)).body.data
  await call('overtime-lots.decide', 'POST', `/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
  await call('overtime-lots.pay', 'POST', `/api/v1/overtime/lots/${lot.id}/pay`, {
    minutes: 30,
    payroll_month: new Date().toISOString().slice(0, 7),
  })
  // The employee proposes a correction of their punch; the administrator, in HR, consents.
  const moved = (
    await userKey.post('/api/v1/attendance/corrections', {
      user_id: user.id,
      reason: 'I was in earlier',
      changes: [{ action: 'move', punch_id: punch.id, ts: new Date(Date.now() - 5_400_000).toISOString() }],
    })
  ).body.data
  await call('attendance-corrections.decide', 'POST', `/api/v1/attendance/corrections/${moved.id}/decide`, {
    decision: 'approved',
    note: 'Seen on camera',
  })
  const proposal = await call('attendance-corrections.create', 'POST', '/api/v1/attendance/corrections', {
    user_id: user.id,
    reason: 'Forgot to clock out',
    changes: [{ action: 'add', type: 'out', ts: new Date(Date.now() - 600_000).toISOString() }],
  })
  await call('attendance-corrections.cancel', 'POST', `/api/v1/attendance/corrections/${proposal.id}/cancel`)
  // Last month has ended: the administrator signs their own record of it.
  const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15))
    .toISOString()
    .slice(0, 7)
  await call(
    'attendance-reports.sign',
    'POST',
    '/api/v1/attendance/reports/monthly/sign',
    { month: lastMonth },
    adminOwn,
  )
  const key = await call('keys.create', 'POST', '/api/v1/keys', { name: 'Audited', scopes: ['users.list'] })
  await call('keys.revoke', 'POST', `/api/v1/keys/${key.id}/revoke`)
  const webhook = await call('webhooks.create', 'POST', '/api/v1/webhooks', {
    url: 'https://hooks.example.com/audit',
    events: ['*'],
  })
  await call('webhooks.update', 'PATCH', `/api/v1/webhooks/${webhook.id}`, { active: false })
  await call('webhooks.delete', 'DELETE', `/api/v1/webhooks/${webhook.id}`)
  const kiosk = await call('kiosks.create', 'POST', '/api/v1/kiosks', { name: 'Front door' })
  await call('kiosks.revoke', 'POST', `/api/v1/kiosks/${kiosk.id}/revoke`)
  await call('users.reset-kiosk-pin', 'POST', `/api/v1/users/${user.id}/kiosk-pin/reset`)
  // The administrator is invited, chooses a password, signs in and out, and changes it.
  const invitation = await call('users.invite', 'POST', `/api/v1/users/${tenant.adminId}/invite`)
  const token = /token=(.+)$/.exec(invitation.link)![1]
  const completed = await call(
    'auth.password-reset.complete',
    'POST',
    '/api/v1/auth/password-reset/complete',
    {
      token,
      password: PASSWORD,
    },
    anonymous,
  )
  const email = completed.user.email
  await call('auth.password-reset', 'POST', '/api/v1/auth/password-reset', { email }, anonymous)
  await call('auth.login', 'POST', '/api/v1/auth/login', { email, password: PASSWORD }, anonymous)
  const session = await signedIn(tenant.admin.app, email)
  const other = await signedIn(tenant.admin.app, email)
  const sessions = (await session.get('/api/v1/auth/sessions')).body.data
  const otherId = sessions.find((s: { current: boolean }) => !s.current).id
  await call('auth.sessions.end', 'DELETE', `/api/v1/auth/sessions/${otherId}`, undefined, session)
  // A passkey: registered from the session, signed in with, deleted.
  const phone = new SoftwareAuthenticator(INJECT_ORIGIN)
  const creation = await call(
    'auth.passkeys.registration-options',
    'POST',
    '/api/v1/auth/passkeys/registration/options',
    undefined,
    session,
  )
  const passkey = await call(
    'auth.passkeys.register',
    'POST',
    '/api/v1/auth/passkeys/registration/verify',
    phone.create(creation),
    session,
  )
  const request = await call(
    'auth.passkeys.login-options',
    'POST',
    '/api/v1/auth/passkeys/login/options',
    undefined,
    anonymous,
  )
  await call('auth.passkeys.login', 'POST', '/api/v1/auth/passkeys/login/verify', phone.get(request), anonymous)
  await call('auth.passkeys.delete', 'DELETE', `/api/v1/auth/passkeys/${passkey.id}`, undefined, session)
  await call(
    'me.password',
    'POST',
    '/api/v1/me/password',
    { current_password: PASSWORD, password: `${PASSWORD}!` },
    session,
  )
  // The administrator, given a DNI, chooses their own kiosk PIN.
  await admin.patch(`/api/v1/users/${tenant.adminId}`, { dni: '87654321-X' })
  await call('me.kiosk-pin.set', 'PUT', '/api/v1/me/kiosk-pin', { pin: '482619' }, session)
  await call('me.notifications.update', 'PATCH', '/api/v1/me/notifications', { language: 'en' }, session)
  // The browser's push subscription of an installation of the app: a real P-256 key and 16 bytes of auth.
  const installation = await call(
    'push-subscriptions.create',
    'POST',
    '/api/v1/me/push-subscriptions',
    {
      endpoint: 'https://push.example.com/send/audit',
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
    session,
  )
  await call(
    'push-subscriptions.delete',
    'DELETE',
    `/api/v1/me/push-subscriptions/${installation.id}`,
    undefined,
    session,
  )
  await call('auth.logout', 'POST', '/api/v1/auth/logout', undefined, session)
  expectError(await other.get('/api/v1/me'), 401, 'unauthenticated')
  return done
}

/**
 * The starts of passkey ceremonies: they store only a challenge that lapses in five minutes,
 * nothing of anyone's; what the ceremony ends with is audited.
 */
const CEREMONY_STARTS = new Set(['auth.passkeys.registration-options', 'auth.passkeys.login-options'])
/** Operations with no caller: their entries name no key and no user. */
const ANONYMOUS = new Set(['auth.password-reset'])
/** Operations of a signed-in person, or that sign one in: their entries name the session. */
const BY_SESSION = new Set([
  'auth.login',
  'auth.passkeys.register',
  'auth.passkeys.login',
  'auth.passkeys.delete',
  'auth.password-reset.complete',
  'auth.sessions.end',
  'me.password',
  'me.kiosk-pin.set',
  'me.notifications.update',
  'push-subscriptions.create',
  'push-subscriptions.delete',
  'auth.logout',
])

forEachEngine(
  'audit log',
  (t) => {
    it('every write operation of the API leaves one entry: when, key, user, operation, resource and field names, never values', async () => {
      const tenant = await t.newTenant()
      // The administrator joins HR so that they may decide and cancel absences.
      const hrDep = (await tenant.admin.post('/api/v1/departments', { name: 'Setup' })).body.data
      await tenant.admin.patch(`/api/v1/users/${tenant.adminId}`, { department_id: hrDep.id })
      await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDep.id })
      const before = (await tenant.admin.get('/api/v1/audit-log?page_size=100')).body.meta.total
      const writes = await everyWrite(tenant, t.client(null))

      const openapi = (await t.client(null).get('/api/v1/openapi.json')).body
      const writeOperations = Object.values<any>(openapi.paths)
        // Kiosk writes are made by a device, not a key: test/api/kiosk-sign-in-punches.test.ts checks their entries.
        .flatMap((item) =>
          Object.entries<any>(item)
            .filter(([method, op]) => WRITE_METHODS.has(method) && !op.security?.[0]?.kioskDevice)
            .map(([, op]) => op.operationId as string),
        )
        .sort()
      assert.deepEqual(
        [...writes.keys()].sort(),
        writeOperations,
        'the test exercises every write operation of the document',
      )

      const log = (await tenant.admin.get('/api/v1/audit-log?page_size=100')).body
      const entries = log.data.slice(0, log.meta.total - before)
      for (const [operation, resourceId] of writes) {
        if (CEREMONY_STARTS.has(operation)) continue
        const entry = entries.find(
          (e: any) => e.operation === operation && (resourceId === null || e.resource_id === resourceId),
        )
        assert.ok(entry, `an entry for ${operation} ${resourceId ?? ''}`)
        assert.equal(entry.source, 'api')
        assert.equal(entry.user_id, ANONYMOUS.has(operation) ? null : tenant.adminId)
        if (ANONYMOUS.has(operation)) assert.equal(entry.key_id, null)
        else assert.match(entry.key_id, BY_SESSION.has(operation) ? /^ses_/ : /^key_/, operation)
        assert.ok(!Number.isNaN(Date.parse(entry.at)))
      }
      const update = entries.find((e: any) => e.operation === 'users.update' && e.fields.includes('iban'))
      assert.deepEqual(update.fields.sort(), [...Object.keys(SENSITIVE), 'department_id'].sort())
      const text = JSON.stringify(log)
      for (const value of [...Object.values(SENSITIVE), 'correct horse battery', PASSWORD])
        assert.ok(!text.includes(value), `${value} is not in the audit log`)
      // Newest first.
      const times = log.data.map((e: any) => e.at)
      assert.deepEqual(times, [...times].sort().reverse())
    })

    it('self-service changes are audited (an employee’s own IBAN); refused writes leave nothing', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const own = await tenant.keyFor(user.id)
      assert.equal((await own.patch(`/api/v1/users/${user.id}`, { iban: 'ES7921000813610123456789' })).status, 200)
      expectError(await own.patch(`/api/v1/users/${user.id}`, { dni: '12345678Z' }), 403, 'permission_denied')
      expectError(await own.patch(`/api/v1/users/${user.id}`, { iban: 'ES00' }), 400, 'invalid_request')
      const log = (await tenant.admin.get(`/api/v1/audit-log?user_id=${user.id}`)).body
      assert.equal(log.meta.total, 1)
      assert.deepEqual(
        { operation: log.data[0].operation, resource_id: log.data[0].resource_id, fields: log.data[0].fields },
        { operation: 'users.update', resource_id: user.id, fields: ['iban'] },
      )
      assert.equal(
        (await tenant.admin.get(`/api/v1/audit-log?operation=users.update&resource_id=${user.id}`)).body.meta.total,
        1,
      )
      assert.equal((await tenant.admin.get('/api/v1/audit-log?operation=users.deactivate')).body.meta.total, 0)
    })

    it('administrators only; filters are validated; another tenant’s entries are never listed', async () => {
      const tenant = await t.newTenant()
      const other = await t.newTenant()
      await other.createUser()
      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await member.get('/api/v1/audit-log'), 403, 'permission_denied')
      expectError(await tenant.admin.get('/api/v1/audit-log?from=yesterday'), 400, 'invalid_request')
      expectError(
        await tenant.admin.get('/api/v1/audit-log?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'),
        400,
        'invalid_request',
      )
      expectError(await tenant.admin.get('/api/v1/audit-log?page_size=101'), 400, 'invalid_request')
      const mine = (await tenant.admin.get('/api/v1/audit-log?page_size=100')).body.data
      assert.ok(mine.every((e: any) => e.key_id === null || e.user_id !== other.adminId))
      assert.equal((await tenant.admin.get(`/api/v1/audit-log?user_id=${other.adminId}`)).body.meta.total, 0)
      await tenant.createUser()
      const page = (await tenant.admin.get('/api/v1/audit-log?page=2&page_size=1')).body
      assert.equal(page.data.length, 1)
      assert.equal(page.meta.total, 2, 'the two users created through the API')
    })
  },
  { app: { secrets: new SecretBox(randomBytes(32)) } },
)
