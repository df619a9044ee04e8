import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import { days } from '../helpers/absences.js'
import { expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'

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
      assert.match(String(r.headers['ratelimit-policy']), /^"per-minute";q=\d+;w=60$/, 'RateLimit-Policy')
      assert.match(String(r.headers.ratelimit), /^"per-minute";r=\d+;t=\d+$/, 'RateLimit')
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
  it('every 201 of a resource the API reads one by one carries its Location, and a GET of it reads it', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
    const inAt = new Date(Date.now() - 3 * 3_600_000).toISOString()
    await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts: inAt })
    const made = {
      'users.create': ['/api/v1/users', { email: uniqueEmail('located'), full_name: 'Located' }],
      'attendance-corrections.create': [
        '/api/v1/attendance/corrections',
        {
          user_id: user.id,
          reason: 'Forgot to clock out',
          changes: [{ action: 'add', type: 'out', ts: new Date(Date.now() - 3_600_000).toISOString() }],
        },
      ],
      'expenses.create': [
        '/api/v1/expenses',
        {
          user_id: user.id,
          merchant: 'Bar Pepe',
          expense_date: day(-2),
          amount: 1250,
          amount_eur: 1250,
          currency: 'EUR',
          category: { key: 'meals', label: 'Meals' },
        },
      ],
      'allocations.create': [
        '/api/v1/allocations',
        { user_id: user.id, start: '2026-01-01T08:00:00Z', end: '2026-01-01T09:00:00Z', note: 'Planning' },
      ],
      'absences.create': ['/api/v1/absences', days(user.id, 'personal', day(40), day(46))],
      'absences.record': ['/api/v1/absences/record', days(user.id, 'sick', day(-20), day(-18))],
      'keys.create': ['/api/v1/keys', { name: 'Located key', scopes: ['users.list'] }],
      'webhooks.create': ['/api/v1/webhooks', { url: 'https://hooks.example.com/located', events: ['*'] }],
      'departments.create': ['/api/v1/departments', { name: 'Located department' }],
      'work-centers.create': ['/api/v1/work-centers', { name: 'Located center', country: 'ES', region: 'MD' }],
      'schedules.create': [
        '/api/v1/schedules',
        { name: 'Located schedule', weekday_minutes: { mon: 60, tue: 60, wed: 60, thu: 60, fri: 60, sat: 0, sun: 0 } },
      ],
      'holidays.create': ['/api/v1/holidays', { date: day(90), name: 'Located holiday' }],
      'projects.create': ['/api/v1/projects', { code: 'LOCATED', name: 'Located project' }],
      'absence-types.create': ['/api/v1/absence-types', { key: 'located', label: 'Located' }],
      'kiosks.create': ['/api/v1/kiosks', { name: 'Located door' }],
      'calendar-feeds.create': ['/api/v1/calendar-feeds', { scope: 'me' }],
    } as const
    // What a create answers once and a read never again: secrets, and the addresses holding them.
    const shownOnce = new Set(['api_key', 'secret', 'device_token', 'url'])
    for (const [operation, [path, body]] of Object.entries(made)) {
      const res = await tenant.admin.post(path, body)
      assert.equal(res.status, 201, `${operation}: ${JSON.stringify(res.body)}`)
      const location = res.headers.location as string
      // An absence type is read by its key, every other resource by its id.
      const identifier = res.body.data.id ?? res.body.data.key
      assert.ok(location?.endsWith(`/${identifier}`), `${operation} answers Location ${location}`)
      const read = await tenant.admin.get(location)
      assert.equal(read.status, 200, `GET ${location} after ${operation}`)
      const answer = res.body.data as Record<string, unknown>
      const item = Object.fromEntries(Object.keys(read.body.data).map((field) => [field, answer[field]]))
      assert.deepEqual(read.body.data, item, `${operation}: the Location reads the item made`)
      const once = Object.keys(answer).filter((field) => !(field in read.body.data))
      assert.ok(
        once.every((field) => shownOnce.has(field)),
        `${operation}: only secrets are left out of the read, not ${once}`,
      )
    }
    // The document says which creates answer a Location: exactly those above.
    const document = (await t.client(null).get('/api/v1/openapi.json')).body
    const located = Object.values<any>(document.paths)
      .flatMap((item) => Object.values<any>(item))
      .filter((operation) => operation.responses['201']?.headers?.Location)
      .map((operation) => operation.operationId)
    assert.deepEqual(located.sort(), Object.keys(made).sort())
    // A replayed create answers the same Location.
    const key = `located-${Date.now()}`
    const first = await tenant.admin.request('POST', '/api/v1/expenses', made['expenses.create'][1], {
      'idempotency-key': key,
    })
    const replay = await tenant.admin.request('POST', '/api/v1/expenses', made['expenses.create'][1], {
      'idempotency-key': key,
    })
    assert.equal(replay.headers['idempotent-replayed'], 'true')
    assert.equal(replay.headers.location, first.headers.location)
  })
  it('reads carry an ETag and answer 304 to If-None-Match until the resource changes; writes are no-store', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const url = `/api/v1/users/${user.id}`
    const first = await tenant.admin.get(url)
    assert.equal(first.status, 200)
    const tag = first.headers.etag as string
    assert.match(tag, /^W\/"[A-Za-z0-9_-]+"$/)
    assert.equal(
      first.headers['cache-control'],
      'private, no-cache',
      'no shared cache keeps an answer with a credential',
    )
    const unchanged = await tenant.admin.request('GET', url, undefined, { 'if-none-match': tag })
    assert.equal(unchanged.status, 304)
    assert.equal(unchanged.body, '', 'a 304 has no body')
    assert.equal(unchanged.headers.etag, tag)
    assert.equal(unchanged.headers['content-type'], undefined)
    // A list of tags, strong or weak, and `*` match too; HEAD answers as GET does.
    const listed = { 'if-none-match': `"other", ${tag.slice(2)}` }
    assert.equal((await tenant.admin.request('GET', url, undefined, listed)).status, 304)
    assert.equal((await tenant.admin.request('GET', url, undefined, { 'if-none-match': '*' })).status, 304)
    assert.equal((await tenant.admin.request('HEAD', url, undefined, { 'if-none-match': tag })).status, 304)
    const head = await tenant.admin.request('HEAD', url)
    assert.equal(head.status, 200)
    assert.equal(head.headers.etag, tag)
    // Changed: the old tag no longer matches, and the new answer has a new one.
    const patched = await tenant.admin.patch(url, { full_name: 'Renamed Person' })
    assert.equal(patched.status, 200)
    assert.equal(patched.headers['cache-control'], 'no-store', 'the answer of a write is never stored')
    assert.equal(patched.headers.etag, undefined, 'only reads are tagged')
    const changed = await tenant.admin.request('GET', url, undefined, { 'if-none-match': tag })
    assert.equal(changed.status, 200)
    assert.equal(changed.body.data.full_name, 'Renamed Person')
    assert.notEqual(changed.headers.etag, tag)
    // A list changes its tag when an item is added.
    const list = await tenant.admin.get('/api/v1/users')
    const listTag = list.headers.etag as string
    assert.equal(
      (await tenant.admin.request('GET', '/api/v1/users', undefined, { 'if-none-match': listTag })).status,
      304,
    )
    await tenant.createUser()
    assert.equal(
      (await tenant.admin.request('GET', '/api/v1/users', undefined, { 'if-none-match': listTag })).status,
      200,
    )
    // The OpenAPI document: public, revalidated, 304 when unchanged.
    const openapi = { method: 'GET', url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br' } } as const
    const document = await t.app.inject(openapi)
    assert.equal(document.headers['content-encoding'], 'br')
    assert.equal(document.headers['cache-control'], 'no-cache')
    const again = await t.app.inject({
      ...openapi,
      headers: { ...openapi.headers, 'if-none-match': document.headers.etag as string },
    })
    assert.equal(again.statusCode, 304, 'the compressed answer has the tag of the same document')
    assert.equal(again.body, '')
    // A sign-in is never stored; its refusal neither.
    const login = await t.client(null).post('/api/v1/auth/login', { email: user.email, password: 'wrong-password-1' })
    assert.equal(login.headers['cache-control'], 'no-store')
  })

  it('the app’s and the kiosk’s files carry a validator and answer 304 when unchanged', async (context) => {
    const files = ['/app', '/app/app.js', '/kiosk']
    const first = await t.client(null).get(files[0]!)
    if (first.status !== 200) return context.skip('the pages are not built: run `npm run build`')
    for (const file of files) {
      const answer = await t.client(null).get(file)
      assert.equal(answer.status, 200, file)
      assert.equal(answer.headers['cache-control'], 'no-cache', file)
      const tag = answer.headers.etag as string
      assert.ok(tag, `${file} has an ETag`)
      const again = await t.client(null).request('GET', file, undefined, { 'if-none-match': tag })
      assert.equal(again.status, 304, file)
      assert.equal(again.body, '', file)
    }
  })
})
