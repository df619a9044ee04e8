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
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

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

/** The schema with its references to components turned into references to one shared schema of them, for Ajv. */
function forAjv(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'))
}

forEachEngine('the API description', (t) => {
  it('every operation documents its headers, its idempotency and its 5xx; formats and enums strict tools read', async () => {
    const document = (await t.client(null).get('/api/v1/openapi.json')).body
    const operations = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, operation]) => ({ path, method, operation })),
    )
    assert.ok(operations.length > 80)
    const tags = new Set(document.tags.map((tag: any) => tag.name))
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
          assert.ok(response.headers?.['RateLimit-Limit'], `${name} ${status} declares the rate-limit headers`)
      assert.ok(operation.responses['429'] === undefined || operation.responses['429'].headers['Retry-After'])
      const isWrite = ['post', 'patch', 'delete', 'put'].includes(method)
      // Every write made with a credential, except changing one's password (it audits itself, outside the write steps).
      const needsCredential = operation.security === undefined || operation.security.length > 0
      if (isWrite && needsCredential && operation.operationId !== 'me.password') {
        assert.ok(
          operation.parameters?.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'),
          `${name} takes an Idempotency-Key`,
        )
        assert.ok(operation.responses['422'] && operation.responses['409'], `${name} documents 409 and 422`)
        const success = Object.entries<any>(operation.responses).find(([status]) => status.startsWith('2'))![1]
        assert.ok(success.headers['Idempotent-Replayed'], `${name} says when its answer is a replay`)
      }
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path')
          assert.ok(parameter.example, `${name}: path parameter ${parameter.name} has an example`)
    }
    const report = document.paths['/api/v1/attendance/reports/monthly'].get
    assert.ok(report.responses['200'].headers['Content-Disposition'])
    assert.ok(document.servers[0].variables.origin.default)

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
    const ajv = new Ajv2020({ strict: true, allErrors: false, validateFormats: false })
    ajv.addVocabulary(['example', 'x-format'])
    // The components once, as one schema the others refer to.
    ajv.addSchema({ $id: 'components', $defs: forAjv(document.components.schemas) })
    for (const name of Object.keys(document.components.schemas))
      assert.doesNotThrow(() => ajv.getSchema(`components#/$defs/${name}`), `component ${name} compiles`)
    const compiled = new Set<string>() // most responses are the same error body: each distinct schema once
    for (const { path, method, operation } of operations)
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const schema = response.content?.['application/json']?.schema
        const text = schema ? JSON.stringify(schema) : null
        if (text === null || compiled.has(text)) continue
        compiled.add(text)
        assert.doesNotThrow(() => ajv.compile(forAjv(schema) as object), `${method} ${path} ${status} compiles`)
      }
    const create = operations.find((o) => o.operation.operationId === 'absences.create')!.operation
    const body = JSON.stringify(create.requestBody.content['application/json'].schema)
    assert.ok(body.includes('"pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$"'), `HH:MM is a pattern: ${body}`)
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
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/v1/departments',
      headers: { authorization: `Bearer ${tenant.adminKey}`, 'accept-encoding': 'gzip, br' },
    })
    assert.equal(small.statusCode, 200)
    assert.equal(small.headers['content-encoding'], undefined, 'a small answer is sent as it is')

    const refused = await tenant.admin.get('/api/v1/kiosk')
    expectError(refused, 403, 'permission_denied')
    assert.ok(refused.headers['ratelimit-limit'], 'the refusal carries the rate-limit headers')
  })
})
