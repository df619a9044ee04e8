import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import { expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('HTTP conventions', (t) => {
  it('invalid JSON is 400 invalid_json; a body over 1 MiB is 413; a non-JSON media type is 415', async () => {
    const tenant = await t.newTenant()
    expectError(await tenant.admin.request('POST', '/api/v1/users', '{"email": '), 400, 'invalid_json')
    const proto = expectError(
      await tenant.admin.request('POST', '/api/v1/users', '{"__proto__": {"x": 1}}'),
      400,
      'invalid_request',
    )
    assert.match(proto.message, /forbidden key/)
    const big = JSON.stringify({ email: 'big@example.com', full_name: 'x'.repeat(1024 * 1024) })
    expectError(await tenant.admin.request('POST', '/api/v1/users', big), 413, 'payload_too_large')
    expectError(
      await tenant.admin.request('POST', '/api/v1/users', 'email=a', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
      'unsupported_media_type',
    )
    expectError(
      await tenant.admin.request('POST', '/api/v1/users', '{"email":"x@example.com","full_name":"X"}', {
        'content-type': 'text/plain',
      }),
      415,
      'unsupported_media_type',
    )
    const role = expectError(
      await tenant.admin.post('/api/v1/users', { email: 'r@example.com', full_name: 'R', role: 'owner' }),
      400,
    )
    assert.deepEqual(role.details, [{ field: 'role', message: 'must be one of: member, admin' }])
    const scheme = expectError(
      await t.client(null).request('GET', '/api/v1/me', undefined, { authorization: `Token ${tenant.adminKey}` }),
      401,
    )
    assert.match(scheme.message, /Bearer/)
    expectError(await tenant.admin.request('POST', '/api/v1/users', 'null'), 400, 'invalid_request')
    expectError(await tenant.admin.request('POST', '/api/v1/users', '[]'), 400, 'invalid_request')
    const nul = expectError(
      await tenant.admin.post('/api/v1/users', { email: 'nul@example.com', full_name: 'a\u0000b' }),
      400,
    )
    assert.deepEqual(nul.details, [{ field: 'full_name', message: 'must not contain the NUL character' }])
    expectError(await tenant.admin.get('/api/v1/users?q=%00'), 400, 'invalid_request')
    expectError(await t.client(null).get('/api/v1/users?q=%00'), 401, 'unauthenticated')
    assert.equal((await tenant.admin.get('/api/v1/users')).body.meta.total, 1, 'nothing was written')
  })

  it('length and blank-text errors read as sentences', async () => {
    const tenant = await t.newTenant()
    const blank = expectError(
      await tenant.admin.post('/api/v1/users', { email: 'blank@example.com', full_name: '   ' }),
      400,
      'invalid_request',
    )
    assert.deepEqual(blank.details, [{ field: 'full_name', message: 'must not be blank' }])
    const empty = expectError(
      await tenant.admin.post('/api/v1/users', { email: 'empty@example.com', full_name: '' }),
      400,
      'invalid_request',
    )
    assert.deepEqual(empty.details, [{ field: 'full_name', message: 'must not be empty' }])
    const long = expectError(
      await tenant.admin.post('/api/v1/users', { email: 'long@example.com', full_name: 'x'.repeat(201) }),
      400,
      'invalid_request',
    )
    assert.deepEqual(long.details, [{ field: 'full_name', message: 'must be at most 200 characters' }])
  })

  it('routes that take no query parameters refuse any (400, nothing written), after authentication', async () => {
    const tenant = await t.newTenant()
    const weekday_minutes = { '1': 480, '2': 480, '3': 480, '4': 480, '5': 480, '6': 0, '7': 0 }
    const dryRun = expectError(
      await tenant.admin.post('/api/v1/schedules?dry_run=true', { name: 'Dry run', weekday_minutes }),
      400,
      'invalid_request',
    )
    assert.deepEqual(dryRun.details, [{ field: 'dry_run', message: 'is not a known query parameter' }])
    assert.ok(
      !(await tenant.admin.get('/api/v1/schedules')).body.data.some((s: { name: string }) => s.name === 'Dry run'),
      'nothing was written',
    )
    const two = expectError(await tenant.admin.get('/api/v1/me?foo=1&bar=2'), 400, 'invalid_request')
    assert.deepEqual(
      two.details?.map((d) => d.field),
      ['foo', 'bar'],
    )
    // Validation (400) comes before looking the resource up (404), and after the key (401).
    expectError(await tenant.admin.get('/api/v1/absences/abs_01J00000000000000000000000?foo=1'), 400, 'invalid_request')
    expectError(await t.client(null).get('/api/v1/me?foo=1'), 401, 'unauthenticated')
    assert.equal((await tenant.admin.get('/api/v1/me')).status, 200)
    assert.equal((await t.client(null).get('/health?probe=1')).status, 200, 'public routes are not concerned')
  })

  it('unknown routes are 404 in the error format; rate-limit headers and a request id on every response', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.get('/api/v1/nothing-here')
    expectError(res, 404, 'route_not_found')
    for (const r of [res, await tenant.admin.get('/api/v1/me'), await t.client(null).get('/api/v1/me')]) {
      assert.ok(r.headers['ratelimit-limit'], 'RateLimit-Limit')
      assert.ok(r.headers['ratelimit-remaining'] !== undefined, 'RateLimit-Remaining')
      assert.ok(r.headers['ratelimit-reset'] !== undefined, 'RateLimit-Reset')
      assert.match(String(r.headers['x-request-id']), /^req_/)
    }
  })

  it('health and readiness are public', async () => {
    assert.deepEqual((await t.client(null).get('/health')).body, { status: 'ok' })
    assert.deepEqual((await t.client(null).get('/ready')).body, { status: 'ok' })
  })

  it('no input ever produces a 500: random bodies and queries on every route', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Fuzz' })).body.data
    const userFields = [
      'email',
      'full_name',
      'password',
      'role',
      'department_id',
      'work_center_id',
      'manager_id',
      'hire_date',
      'vacation_days',
      'works_holidays',
      'remote_work_allowed',
      'dni',
      'phone',
      'iban',
      'swift',
      'qualifications',
      'birth_date',
      'city',
      'personal_email',
      'status',
    ]
    const routes: [string, string, string[]][] = [
      ['POST', '/api/v1/users', userFields],
      ['PATCH', `/api/v1/users/${user.id}`, userFields],
      ['POST', '/api/v1/departments', ['name']],
      ['PATCH', `/api/v1/departments/${dep.id}`, ['name']],
      ['POST', '/api/v1/work-centers', ['name', 'country', 'region']],
      [
        'PATCH',
        '/api/v1/tenant',
        ['name', 'timezone', 'default_vacation_days', 'country', 'region', 'hr_department_id', 'default_folders'],
      ],
    ]
    const value = fc.oneof(
      fc.jsonValue(),
      fc.string(),
      fc.constantFrom(
        '',
        ' ',
        'null',
        '2026-02-30',
        '1e309',
        '\u0000',
        'a'.repeat(5000),
        '[]',
        '["x"]',
        dep.id,
        user.id,
      ),
    )
    for (const [method, url, fields] of routes) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 }), async (body) => {
          const res = await tenant.admin.request(method, url, body)
          assert.ok(
            res.status < 500,
            `${method} ${url} ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`,
          )
          if (res.status >= 400) expectError(res, res.status)
        }),
        { numRuns: 40 },
      )
    }
    const queryValue = fc.oneof(fc.string(), fc.constantFrom('-1', '0', '1e3', '101', 'true', '%', '%25', '\u00e9'))
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('page', 'page_size', 'detail', 'status', 'role', 'q', 'email', 'department_id', 'bogus'),
          queryValue,
          { maxKeys: 4 },
        ),
        async (query) => {
          const qs = new URLSearchParams(query).toString()
          const res = await tenant.admin.get(`/api/v1/users?${qs}`)
          assert.ok(res.status === 200 || res.status === 400, `${qs} -> ${res.status} ${JSON.stringify(res.body)}`)
        },
      ),
      { numRuns: 80 },
    )
    // Numbers and dates at the edges of what the engines and the calendar can hold.
    for (const url of [
      '/api/v1/users?page=1000000',
      '/api/v1/users?page=1000001',
      '/api/v1/users?page=1e21',
      '/api/v1/departments?page=99999999999999999999',
      `/api/v1/attendance?user_id=${user.id}&from=9999-12-31&to=9999-12-31`,
      `/api/v1/attendance?user_id=${user.id}&from=9998-12-31&to=9998-12-31`,
      `/api/v1/attendance?user_id=${user.id}&from=1899-12-31&to=1900-01-01`,
      '/api/v1/attendance/summary?from=9998-12-31&to=9998-12-31',
      '/api/v1/attendance/summary?from=0001-01-01&to=0001-01-02',
      '/api/v1/holidays?from=9998-12-01&to=9998-12-31',
      '/api/v1/users?email=',
    ]) {
      const res = await tenant.admin.get(url)
      assert.ok(res.status === 200 || res.status === 400, `${url} -> ${res.status} ${JSON.stringify(res.body)}`)
    }
    expectError(await tenant.admin.get('/api/v1/users?page=1000001'), 400)
    expectError(await tenant.admin.get('/api/v1/users?email='), 400)
    expectError(await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=9999-12-31&to=9999-12-31`), 400)
    assert.equal(
      (await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=9998-12-31&to=9998-12-31`)).status,
      200,
    )
    expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, { birth_date: '1899-12-31' }), 400)
    // The admin is still the only admin, and still works.
    assert.equal((await tenant.admin.get('/api/v1/me')).status, 200)
  })
})
