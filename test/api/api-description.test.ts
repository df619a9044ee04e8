/**
 * The OpenAPI document says what the service really does, in forms strict tools read (issue: the
 * idempotency header, the rate-limit headers and the 5xx answers were nowhere, formats no standard
 * defines broke strict validators, enums were `anyOf`s of constants); and the edges independent
 * tools found: unpaired surrogates, the `qualifications` round trip, compression, a kiosk
 * operation called with a key.
 */
import assert from 'node:assert/strict'
import { gunzipSync } from 'node:zlib'
import { it } from 'node:test'
import { ERROR_CATALOGUE } from '../../src/errors.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { documentValidator, responsesOf } from '../helpers/openapi.js'

/** The formats JSON Schema 2020-12 defines that the document uses; any other is a vendor extension. */
const STANDARD_FORMATS = new Set(['date', 'date-time', 'email', 'uri', 'uuid'])

function walk(node: unknown, visit: (schema: Record<string, any>, path: string) => void, path = ''): void {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) walk(item, visit, `${path}/${i}`)
  } else if (node !== null && typeof node === 'object') {
    visit(node as Record<string, any>, path)
    for (const [key, value] of Object.entries(node)) walk(value, visit, `${path}/${key}`)
  }
}

forEachEngine('the API description', (t) => {
  it('every operation documents its headers, its idempotency and its 5xx; formats and enums strict tools read', async () => {
    const document = (await t.client(null).get('/api/v1/openapi.json')).body
    const operations = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, operation]) => ({
        path,
        method,
        operation: { ...operation, responses: responsesOf(document, operation) },
      })),
    )
    assert.ok(operations.length > 80)
    const tags = new Set(document.tags.map((tag: any) => tag.name))
    for (const tag of document.tags) assert.ok(tag.description, `tag ${tag.name} has a description`)
    const operationIds = new Set<string>()
    for (const { path, method, operation } of operations) {
      const name = `${method} ${path}`
      assert.ok(operation.operationId, `${name} has an operationId`)
      assert.ok(!operationIds.has(operation.operationId), `${name}: operationId ${operation.operationId} is unique`)
      operationIds.add(operation.operationId)
      for (const tag of operation.tags) assert.ok(tags.has(tag), `${name}: tag ${tag} is declared`)
      for (const status of ['408', '431', '500', '503'])
        assert.ok(operation.responses[status], `${name} documents ${status}`)
      if (path !== '/health' && path !== '/ready')
        for (const [status, response] of Object.entries<any>(operation.responses))
          assert.ok(
            response.headers?.RateLimit && response.headers['RateLimit-Policy'],
            `${name} ${status} declares the rate-limit headers`,
          )
      assert.ok(operation.responses['429'] === undefined || operation.responses['429'].headers['Retry-After'])
      const isWrite = ['post', 'patch', 'delete', 'put'].includes(method)
      // Every write made with a credential, except those that audit themselves outside the write
      // steps: changing one's password, and a passkey registration (its challenge is spent by the
      // first answer, so a retry cannot replay it; a repeat of its start makes another challenge).
      const needsCredential = operation.security === undefined || operation.security.length > 0
      const outsideWriteSteps = ['me.password', 'auth.passkeys.registration-options', 'auth.passkeys.register']
      if (isWrite && needsCredential && !outsideWriteSteps.includes(operation.operationId)) {
        assert.ok(
          operation.parameters?.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'),
          `${name} takes an Idempotency-Key`,
        )
        assert.ok(operation.responses['422'] && operation.responses['409'], `${name} documents 409 and 422`)
        const success = Object.entries<any>(operation.responses).find(([status]) => status.startsWith('2'))![1]
        assert.ok(success.headers['Idempotent-Replayed'], `${name} says when its answer is a replay`)
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path')
          assert.ok(parameter.example, `${name}: path parameter ${parameter.name} has an example`)
        if (!parameter.$ref)
          assert.ok(
            parameter.description || parameter.schema?.description,
            `${name}: parameter ${parameter.name} says what it is`,
          )
      }
    }
    // The answers every operation gives alike are named once, in components.responses.
    const overloaded = document.paths['/api/v1/users'].get.responses['503']
    assert.deepEqual(overloaded, { $ref: '#/components/responses/Overloaded' })
    assert.equal(document.components.responses.Overloaded.description, ERROR_CATALOGUE.overloaded.description)
    for (const name of ['InvalidRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'NotModified', 'RateLimited'])
      assert.ok(document.components.responses[name], `${name} is a shared answer`)
    const report = document.paths['/api/v1/attendance/reports/monthly'].get
    assert.ok(report.responses['200'].headers['Content-Disposition'])
    // A concrete base URL, not a template, so generators make a client that works as it is.
    assert.equal(document.servers[0].url, 'http://localhost:3000')

    walk(document, (schema, path) => {
      if (typeof schema.format === 'string')
        assert.ok(STANDARD_FORMATS.has(schema.format), `${path}: format ${schema.format} is standard`)
      if (Array.isArray(schema.anyOf))
        assert.ok(
          !schema.anyOf.every((branch: any) => 'const' in branch),
          `${path}: an enum, not an anyOf of constants`,
        )
    })
    // A strict validator compiles every schema of the document: components and every response body.
    const strict = documentValidator(document)
    for (const name of Object.keys(document.components.schemas))
      assert.doesNotThrow(() => strict.component(name), `component ${name} compiles`)
    for (const { path, method, operation } of operations)
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const schema = response.content?.['application/json']?.schema
        if (schema) assert.doesNotThrow(() => strict.validator(schema), `${method} ${path} ${status} compiles`)
      }
    const create = operations.find((o) => o.operation.operationId === 'absences.create')!.operation
    assert.deepEqual(create.requestBody, { $ref: '#/components/requestBodies/AbsencesCreateRequest' })
    const body = JSON.stringify(document.components.requestBodies.AbsencesCreateRequest)
    assert.ok(body.includes('"pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$"'), `HH:MM is a pattern: ${body}`)
  })

  it('responses and bodies name their types, and every named type is used', async () => {
    const document = (await t.client(null).get('/api/v1/openapi.json')).body
    const text = JSON.stringify(document.paths)
    const everywhere = JSON.stringify(document)
    for (const name of Object.keys(document.components.schemas))
      assert.ok(everywhere.split(`"#/components/schemas/${name}"`).length > 1, `component ${name} is referred to`)
    for (const [path, item] of Object.entries<any>(document.paths))
      for (const [method, operation] of Object.entries<any>(item)) {
        if (operation.requestBody)
          assert.match(
            operation.requestBody.$ref ?? '',
            /^#\/components\/requestBodies\//,
            `${method} ${path}: the body is a named type`,
          )
        // A field with a default may be left out of a body: no body requires one.
        for (const [name, body] of Object.entries<any>(document.components.requestBodies)) {
          const schema = body.content['application/json'].schema
          for (const [field, property] of Object.entries<any>(schema.properties ?? {}))
            if (property.default !== undefined)
              assert.ok(!schema.required?.includes(field), `${name}.${field} has a default and is optional`)
        }
        for (const name of Object.keys(document.components.requestBodies))
          assert.ok(everywhere.includes(`"#/components/requestBodies/${name}"`), `request body ${name} is referred to`)
      }
    const data = (operationId: string, status = '200') => {
      const operation = Object.values<any>(document.paths)
        .flatMap((item) => Object.values<any>(item))
        .find((o) => o.operationId === operationId)
      return operation.responses[status].content['application/json'].schema.properties.data
    }
    assert.deepEqual(data('absences.get'), { $ref: '#/components/schemas/Absence' })
    assert.deepEqual(data('absences.list').items, { $ref: '#/components/schemas/Absence' })
    assert.deepEqual(data('expenses.create', '201'), { $ref: '#/components/schemas/Expense' })
    assert.deepEqual(data('attendance.create', '201'), { $ref: '#/components/schemas/Punch' })
    assert.ok(!text.includes('"properties":{"id":{"type":"string"},"user_id"'), 'no resource is spelled out inline')
  })

  it('the rules between fields are in the document, and the service and a validator of the document agree on them', async () => {
    const document = (await t.client(null).get('/api/v1/openapi.json')).body
    const { ajv } = documentValidator(document, { allErrors: true })
    let why = ''
    const documentAccepts = (component: string, body: unknown) => {
      const valid = ajv.validate(`components#/$defs/${component}`, body)
      why = ajv.errorsText()
      return valid
    }

    const tenant = await t.newTenant()
    const worker = await tenant.createUser()
    const project = (await tenant.admin.post('/api/v1/projects', { code: 'REF', name: 'Reforma' })).body.data
    const cases: { component: string; path: string; body: Record<string, unknown>; field: string }[] = [
      {
        component: 'AllocationsCreateRequest',
        path: '/api/v1/allocations',
        body: {
          user_id: worker.id,
          start: '2026-11-20T08:00:00Z',
          end: '2026-11-20T09:00:00Z',
          project_id: project.id,
          note: 'both',
        },
        field: 'project_id',
      },
      {
        component: 'AllocationsCreateRequest',
        path: '/api/v1/allocations',
        body: { user_id: worker.id, start: '2026-11-20T08:00:00Z', end: '2026-11-20T09:00:00Z', note: null },
        field: 'project_id',
      },
      {
        component: 'AttendanceCreateRequest',
        path: '/api/v1/attendance',
        body: { user_id: worker.id, type: 'out', ts: new Date().toISOString(), modality: 'remote' },
        field: 'modality',
      },
      {
        component: 'AbsencesCreateRequest',
        path: '/api/v1/absences',
        body: {
          user_id: worker.id,
          type: 'personal',
          start_date: '2027-01-11',
          end_date: '2027-01-11',
          start_time: '09:00',
        },
        field: 'end_time',
      },
      {
        component: 'AbsenceTypesCreateRequest',
        path: '/api/v1/absence-types',
        body: { key: 'training', label: 'Training', allows_hourly: true, consumes_vacation: true },
        field: 'allows_hourly',
      },
      {
        component: 'KeysCreateRequest',
        path: '/api/v1/keys',
        body: { kind: 'inspector', scopes: ['attendance.list'] },
        field: 'expires_at',
      },
      {
        component: 'KeysCreateRequest',
        path: '/api/v1/keys',
        body: { kind: 'inspector', scopes: ['users.create'], expires_at: '2026-12-31T00:00:00Z' },
        field: 'scopes.0',
      },
    ]
    for (const { component, path, body, field } of cases) {
      assert.ok(document.components.requestBodies[component], `${component} is a request body component`)
      assert.equal(documentAccepts(component, body), false, `the document refuses ${JSON.stringify(body)}`)
      const refused = expectError(await tenant.admin.post(path, body), 400, 'invalid_request')
      assert.equal(refused.details?.[0]?.field, field, JSON.stringify(refused))
    }
    // The kiosk's: a session or an identifier and a PIN, never both, never neither.
    for (const body of [
      { type: 'in' },
      { type: 'in', session: 's', identifier: '12345678', pin: '1234' },
      { type: 'in', identifier: '12345678' },
    ])
      assert.equal(documentAccepts('KioskPunchRequest', body), false, JSON.stringify(body))
    assert.equal(documentAccepts('KioskPunchRequest', { type: 'in', session: 'k'.repeat(40) }), true, why)
    assert.equal(documentAccepts('KioskPunchRequest', { type: 'in', identifier: '12345678', pin: '1234' }), true, why)
    // What the rules allow, both allow.
    const allowed: [string, string, Record<string, unknown>][] = [
      [
        'AllocationsCreateRequest',
        '/api/v1/allocations',
        {
          user_id: worker.id,
          start: '2026-11-20T08:00:00Z',
          end: '2026-11-20T09:00:00Z',
          project_id: project.id,
          note: null,
        },
      ],
      [
        'AttendanceCreateRequest',
        '/api/v1/attendance',
        { user_id: worker.id, type: 'in', ts: new Date(Date.now() - 60_000).toISOString(), modality: 'onsite' },
      ],
      [
        'AbsenceTypesCreateRequest',
        '/api/v1/absence-types',
        { key: 'training', label: 'Training', allows_hourly: true },
      ],
    ]
    for (const [component, path, body] of allowed) {
      assert.equal(documentAccepts(component, body), true, `the document accepts ${JSON.stringify(body)}: ${why}`)
      const res = await tenant.admin.post(path, body)
      assert.equal(res.status, 201, JSON.stringify(res.body))
    }
  })

  it('a string with half a surrogate pair is 400 and nothing is stored; qualifications go back as they came', async () => {
    const tenant = await t.newTenant()
    const refused = expectError(
      await tenant.admin.request('POST', '/api/v1/departments', '{"name": "Dept \\ud800 x"}'),
      400,
      'invalid_request',
    )
    assert.equal(refused.details?.[0]?.field, 'name')
    assert.equal((await tenant.admin.get('/api/v1/departments')).body.meta.total, 0)
    // An emoji is a whole pair: fine.
    assert.equal(
      (await tenant.admin.request('POST', '/api/v1/departments', '{"name": "Dept \\ud83d\\ude00"}')).status,
      201,
    )

    const user = await tenant.createUser()
    const written = await tenant.admin.patch(`/api/v1/users/${user.id}`, { qualifications: ['Forklift', 'First aid'] })
    assert.equal(written.status, 200, JSON.stringify(written.body))
    const read = (await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.profile.qualifications
    assert.deepEqual(read, ['Forklift', 'First aid'])
    // A read-modify-write round trip, and the contract's string form, both work.
    assert.equal(
      (await tenant.admin.patch(`/api/v1/users/${user.id}`, { qualifications: [...read, 'Welding'] })).status,
      200,
    )
    assert.equal((await tenant.admin.patch(`/api/v1/users/${user.id}`, { qualifications: '["Welding"]' })).status, 200)
    expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, { qualifications: [1] }), 400, 'invalid_request')
  })

  it('large answers are compressed for clients that accept it, small ones are not; a key at a kiosk operation is counted', async () => {
    const tenant = await t.newTenant()
    const documentAnswer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    })
    assert.equal(documentAnswer.headers['content-encoding'], 'gzip')
    const document = JSON.parse(gunzipSync(documentAnswer.rawPayload).toString('utf8'))
    assert.equal(document.openapi, '3.1.0')
    assert.ok(documentAnswer.rawPayload.length * 4 < Buffer.byteLength(JSON.stringify(document)), 'much smaller')
    // One resource is a small answer, even a user with a full profile (about 1 KB).
    const person = await tenant.createUser({ full_name: 'María del Carmen Fernández-Villaverde de la Concepción' })
    await tenant.admin.patch(`/api/v1/users/${person.id}`, {
      phone_company: '+34 910 000 000',
      phone_personal: '+34 600 000 000',
      qualifications: ['Carretillero', 'Primeros auxilios', 'Prevención de riesgos laborales'],
    })
    const small = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${person.id}`,
      headers: { authorization: `Bearer ${tenant.adminKey}`, 'accept-encoding': 'gzip, br' },
    })
    assert.equal(small.statusCode, 200)
    assert.ok(small.body.length > 1024, `a full user is over 1 KiB (${small.body.length} bytes)`)
    assert.equal(small.headers['content-encoding'], undefined, 'a small answer is sent as it is')

    const refused = await tenant.admin.get('/api/v1/kiosk')
    expectError(refused, 403, 'permission_denied')
    assert.ok(refused.headers.ratelimit, 'the refusal carries the rate-limit headers')
  })
})
