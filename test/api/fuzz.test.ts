/**
 * Property-based fuzzing over every operation of the OpenAPI document: mutated paths (bad
 * percent-encoding, long ids, NUL, unicode), queries, headers and bodies (random JSON, invalid
 * JSON, invalid UTF-8, wrong media types), sent with an administrator's key, a member's key, a
 * member's session cookie, or none. Whatever is sent: no 5xx, every error in the contract's shape with its catalogue status,
 * and a refused write changes nothing in the database. Fixed seed and bounded count, so CI runs
 * the same cases every time.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import { sql } from 'kysely'
import { ERROR_CATALOGUE } from '../../src/errors.js'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { forEachEngine } from '../helpers/harness.js'
import { documentValidator, responsesOf } from '../helpers/openapi.js'

const SEED = 20261122
const RUNS = Number(process.env.FUZZ_RUNS ?? 300)
const TABLES = [
  'tenants',
  'departments',
  'work_centers',
  'users',
  'folders',
  'schedules',
  'company_holidays',
  'punches',
  'punch_chain_heads',
  'projects',
  'allocations',
  'expenses',
  'absence_types',
  'absences',
  'audit_log',
  'api_keys',
  'sessions',
  'account_tokens',
  'passkeys',
  'webauthn_challenges',
  'tenant_sso',
  'oidc_sign_ins',
  'overtime_lots',
  'overtime_rest_draws',
  'overtime_cap_flags',
  'overtime_payments',
  'overtime_settlements',
  'calendar_feeds',
  'record_keys',
] as const

const PATH_SEGMENTS = fc.oneof(
  fc.constantFrom(
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%C0%AF',
    '%00',
    'a%00b',
    '..',
    '%2F',
    '%20',
    'usr_nope',
    '',
    'ñandú',
    '🙂',
    '%F0%9F%99%82',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: 65, max: 6000 }).map((n) => 'x'.repeat(n)),
)
const SCALARS = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '2026-02-30',
    '9999-12-31',
    '2026-11-22',
    '2026-11-22T08:00:00Z',
    'in',
    'out',
    'admin',
    'EUR',
    '\u0000',
    'a'.repeat(3000),
  ),
)
const BODIES = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.string({ maxLength: 15 }), SCALARS, { maxKeys: 8 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'null',
    '"text"',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    '',
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 40 })
    .map((bytes) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('"}')])),
)
const CONTENT_TYPES = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  undefined,
)
const HEADERS = fc.dictionary(
  fc.constantFrom('x-forwarded-for', 'accept', 'origin', 'if-none-match', 'x-custom'),
  fc.string({ maxLength: 40 }),
  { maxKeys: 3 },
)

interface Operation {
  method: string
  path: string
  queryNames: string[]
  bodyNames: string[]
  /** What the document says it answers, by status. */
  responses: Record<string, any>
}

forEachEngine('fuzzing every operation of the OpenAPI document', (t) => {
  it(`${RUNS} mutated requests: no 5xx, errors in the contract shape, refused writes write nothing (seed ${SEED})`, {
    timeout: 600_000,
  }, async () => {
    const tenant = await t.newTenant()
    const member = await tenant.createUser({ phone: '+34 600 000 111', password: PASSWORD })
    const memberKey = (await tenant.keyFor(member.id)).key!
    const session = await signedIn(t.app, member.email)
    // Each credential used once first: its first use of the minute notes when it was last used,
    // which is not a write of the request being fuzzed.
    for (const authorization of [`Bearer ${tenant.adminKey}`, `Bearer ${memberKey}`])
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } })
    await session.get('/api/v1/me')
    const document = (await t.client(null).get('/api/v1/openapi.json')).body
    const operations: Operation[] = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      Object.entries<any>(item)
        .filter(([method]) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          queryNames: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
          bodyNames: Object.keys(bodySchema(op.requestBody)?.properties ?? {}),
          responses: responsesOf(document, op),
        })),
    )
    assert.ok(operations.length > 40, `the document lists the operations (${operations.length})`)
    const strict = documentValidator(document)
    function bodySchema(requestBody: any): any {
      const name = requestBody?.$ref?.replace('#/components/requestBodies/', '')
      return (name ? document.components.requestBodies[name] : requestBody)?.content?.['application/json']?.schema
    }

    async function fingerprint(): Promise<string> {
      const dumps = await Promise.all(
        TABLES.map(async (table) => {
          const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.db))
            .rows
          return rows
            .map((r) => JSON.stringify(r))
            .sort()
            .join('\n')
        }),
      )
      return dumps.join('\n--\n')
    }

    const request = fc.record({
      operation: fc.constantFrom(...operations),
      segments: fc.array(PATH_SEGMENTS, { minLength: 1, maxLength: 3 }),
      mutatePath: fc.constantFrom(true, false, false),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('page', 'page_size', 'from', 'to', 'user_id', 'tz', 'detail', 'q', 'email'),
            fc.string({ maxLength: 10 }),
          ),
          SCALARS,
        ),
        { maxLength: 4 },
      ),
      body: BODIES,
      fieldBody: fc.dictionary(fc.constantFrom('x', 'name'), SCALARS, { maxKeys: 4 }),
      useFields: fc.boolean(),
      contentType: CONTENT_TYPES,
      headers: HEADERS,
      key: fc.constantFrom<'admin' | 'member' | 'session' | 'none' | 'garbage'>(
        'admin',
        'admin',
        'member',
        'session',
        'none',
        'garbage',
      ),
    })

    const seen = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let segment = 0
        const path = r.operation.path.replace(/\{[^}]+\}/g, () =>
          r.mutatePath ? r.segments[segment++ % r.segments.length]! : member.id,
        )
        const query = r.query
          .map(
            ([name, value]) =>
              `${encodeURIComponent(name)}=${typeof value === 'string' && r.mutatePath ? value : encodeURIComponent(String(value))}`,
          )
          .join('&')
        const url = `${path}${query ? `?${query}` : ''}`
        let payload: string | Buffer | undefined = r.body
        if (r.useFields && r.operation.bodyNames.length > 0) {
          const fields: Record<string, unknown> = { ...r.fieldBody }
          for (const name of r.operation.bodyNames.slice(0, 4)) fields[name] = r.fieldBody.name ?? null
          payload = JSON.stringify(fields)
        }
        const authorization = {
          admin: `Bearer ${tenant.adminKey}`,
          member: `Bearer ${memberKey}`,
          session: undefined,
          none: undefined,
          garbage: 'Bearer jnd_garbage',
        }[r.key]
        const headers: Record<string, string> = { ...r.headers }
        if (authorization) headers.authorization = authorization
        if (r.key === 'session') {
          headers.cookie = `jornada_session=${session.cookie}`
          headers['x-csrf-token'] = session.csrfToken
        }
        if (payload !== undefined && r.contentType) headers['content-type'] = r.contentType
        const isWrite = r.operation.method !== 'GET'
        const before = isWrite ? await fingerprint() : ''
        const res = await t.app.inject({
          method: r.operation.method as 'GET',
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        })
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1)
        const context = `${r.operation.method} ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`
        assert.ok(res.statusCode < 500, context)
        // Where the request reached the operation it was made for, its answer is one the document gives.
        if (!r.mutatePath && res.statusCode !== 404) {
          const documented = r.operation.responses[String(res.statusCode)]
          assert.ok(
            documented,
            `status ${res.statusCode} is documented for ${r.operation.method} ${r.operation.path}: ${context}`,
          )
          const schema = documented.content?.['application/json']?.schema
          if (schema && /application\/json/.test(String(res.headers['content-type']))) {
            const validate = strict.validator(schema)
            assert.ok(
              validate(JSON.parse(res.body)),
              `the body is as documented (${JSON.stringify(validate.errors)}): ${context}`,
            )
          }
        }
        if (res.statusCode >= 400) {
          assert.match(String(res.headers['content-type']), /application\/json/, context)
          const body = JSON.parse(res.body)
          assert.deepEqual(Object.keys(body), ['error'], context)
          const code = body.error.code as keyof typeof ERROR_CATALOGUE
          assert.ok(code in ERROR_CATALOGUE, `unknown code ${code}: ${context}`)
          assert.equal(ERROR_CATALOGUE[code].status, res.statusCode, context)
          assert.equal(typeof body.error.message, 'string', context)
          assert.ok(res.body.length < 8000, `an error body stays small: ${context}`)
          if (isWrite) assert.equal(await fingerprint(), before, `a refused write wrote nothing: ${context}`)
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
    console.log(
      `# statuses seen: ${[...seen]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}`,
    )
  })
})
