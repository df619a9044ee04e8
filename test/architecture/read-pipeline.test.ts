/**
 * One read pipeline for reads of people's records
 * (docs/decisions/0025-request-phases-and-module-ownership.md, http/read-pipeline.ts): a route
 * declares what it reads, and the replica, the settlement, the representative's logging and the
 * access-log entry happen there, not in services. Checked here: no service takes those steps
 * itself; every route an inspector key can reach declares `reads` (the application refuses to
 * start otherwise); the access-log entry is written before the answer leaves, and an answer whose
 * entry cannot be written is a 503, not records given out unlogged; a records route whose service
 * forgot to say whom it read fails loudly. Each rule is shown to catch a planted violation.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Fastify, { type FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { readSources, type SourceFile } from '../../scripts/import-graph.js'
import type { AuthContext } from '../../src/auth/context.js'
import { INSPECTOR_SCOPES } from '../../src/auth/policies.js'
import { type RequestScope, noteRecordsRead } from '../../src/auth/request-scope.js'
import { registerReadPipeline, undeclaredInspectorRead } from '../../src/http/read-pipeline.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

/** The steps only the pipeline takes: choosing the replica, deciding who is logged. */
const PIPELINE_STEPS = ['replicaScopeOf', 'logReadsOfRepresentative', 'isAccessLogged'] as const
/** Where they may be named: where they are defined, and the pipeline. */
const PIPELINE_FILES = new Set(['auth/request-scope.ts', 'auth/context.ts', 'http/read-pipeline.ts'])

/** Files outside the pipeline that name one of its steps, with the step. */
function stepsTakenOutsideThePipeline(files: readonly SourceFile[]): string[] {
  return files
    .filter((f) => !PIPELINE_FILES.has(f.path))
    .flatMap((f) =>
      PIPELINE_STEPS.filter((step) => new RegExp(`\\b${step}\\b`).test(f.text)).map((s) => `${f.path}: ${s}`),
    )
}

describe('only the read pipeline chooses the replica and who is logged', () => {
  it('no service, route or other part of src/ calls replicaScopeOf, logReadsOfRepresentative or isAccessLogged', () => {
    assert.deepEqual(stepsTakenOutsideThePipeline(readSources(new URL('../../src', import.meta.url).pathname)), [])
  })

  it('the check finds a service that takes a step itself (fixture)', () => {
    const planted: SourceFile[] = [
      {
        path: 'modules/reports/company-report.service.ts',
        text: "import { replicaScopeOf } from '../../auth/request-scope.js'\nconst scope = await replicaScopeOf(requestScope)\n",
      },
      { path: 'modules/overtime/overtime-report.service.ts', text: 'if (isAccessLogged(auth, true)) log()\n' },
      { path: 'http/read-pipeline.ts', text: 'await replicaScopeOf(scope)\n' },
      { path: 'modules/attendance/summary.service.ts', text: 'noteRecordsRead(scope, ids)\n' },
    ]
    assert.deepEqual(stepsTakenOutsideThePipeline(planted), [
      'modules/reports/company-report.service.ts: replicaScopeOf',
      'modules/overtime/overtime-report.service.ts: isAccessLogged',
    ])
  })
})

const noSettlement = { overtime: async () => {} }

describe('every route an inspector key reaches declares what it reads', () => {
  it('the check names a route an inspector scope reaches without `reads`, and lets the others be (fixture)', () => {
    assert.match(
      undeclaredInspectorRead({ method: 'GET', url: '/attendance/summary', config: { scope: 'attendance.summary' } }) ??
        '',
      /GET \/attendance\/summary is reached by an inspector key's scope attendance.summary but declares no reads/,
    )
    const declared = { scope: 'attendance.summary' as const, reads: { records: true } }
    assert.equal(undeclaredInspectorRead({ method: 'GET', url: '/attendance/summary', config: declared }), null)
    assert.equal(undeclaredInspectorRead({ method: 'GET', url: '/users', config: { scope: 'users.list' } }), null)
    assert.equal(undeclaredInspectorRead({ method: 'GET', url: '/me', config: {} }), null)
  })

  it('an application with such a route does not start (fixture)', async () => {
    const app = Fastify()
    registerReadPipeline(app, { settlements: noSettlement, appendAccessEntry: async () => {} })
    app.register(async (api) => {
      api.get('/summary', { config: { scope: 'attendance.summary' } }, async () => ({}))
    })
    await assert.rejects(async () => {
      await app.ready()
    }, /declares no reads/)
  })
})

describe('a records route whose service does not say whom it read', () => {
  /** A route declared as reading people's records, behind a stand-in for the request's scope. */
  async function appWithRecordsRoute(handler: (scope: RequestScope) => unknown) {
    const app = Fastify()
    app.decorateRequest('scope', null)
    app.decorateRequest('auth', null)
    registerReadPipeline(app, { settlements: noSettlement, appendAccessEntry: async () => {} })
    app.get(
      '/records',
      {
        config: { reads: { records: true } },
        // Stands in for http/request-scope.ts, which builds the scope of a real request.
        preHandler: async (request: FastifyRequest) => {
          request.scope = { db: null as never, auth: null as unknown as AuthContext, now: 0 }
        },
      },
      async (request) => handler(request.scope!),
    )
    await app.ready()
    return app
  }

  it('fails with a 500 naming the route, so a test of the route catches it (fixture)', async () => {
    const forgetful = await appWithRecordsRoute(() => ({ data: ['a record'] }))
    const res = await forgetful.inject({ method: 'GET', url: '/records' })
    assert.equal(res.statusCode, 500)
    const careful = await appWithRecordsRoute((scope) => {
      noteRecordsRead(scope, [])
      return { data: [] }
    })
    assert.equal((await careful.inject({ method: 'GET', url: '/records' })).statusCode, 200)
  })
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

forEachEngine('the read pipeline in the application', (t) => {
  it('started, so every route an inspector scope reaches declares reads; and each such scope has a route', async () => {
    await t.app.ready()
    const document = t.app.swagger() as { paths: Record<string, Record<string, { 'x-scope'?: string }>> }
    const scopes = new Set(
      Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op['x-scope'])),
    )
    // The start-up check looked at real routes, not at scope names no route has any more.
    assert.deepEqual(
      INSPECTOR_SCOPES.filter((scope) => !scopes.has(scope)),
      [],
    )
  })

  it('an inspector key’s read is in the access log by the time its answer arrives', async () => {
    const tenant = await t.newTenant()
    const worker = await tenant.createUser({ full_name: 'Worker' })
    const issued = (await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: inDays(1) })).body.data
    const inspector = t.client(issued.api_key)
    const read = await inspector.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-10-01&to=2026-10-02`)
    assert.equal(read.status, 200)
    // Read at once, no waiting: the entry was written before the answer left.
    const log = (await tenant.admin.get(`/api/v1/access-log?key_id=${issued.id}`)).body.data
    assert.deepEqual(
      log.map((e: any) => [e.route, e.status, e.user_ids]),
      [['/api/v1/attendance', 200, [worker.id]]],
    )
  })

  it('when the access log cannot be written, the answer is a 503 and gives out no record', async () => {
    const tenant = await t.newTenant()
    const worker = await tenant.createUser({ full_name: 'Worker' })
    const issued = (await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: inDays(1) })).body.data
    const inspector = t.client(issued.api_key)
    const db = t.database.db
    await sql`alter table access_log rename to access_log_away`.execute(db)
    try {
      const refused = await inspector.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-10-01&to=2026-10-02`)
      const error = expectError(refused, 503, 'database_unavailable')
      assert.match(error.message, /access log/)
      assert.ok(!JSON.stringify(refused.body).includes('worked_minutes'), 'no daily entry in the answer')
      // A streamed export has sent its status already: its end is held back, so it never completes.
      const exported = await t.app
        .inject({
          method: 'GET',
          url: '/api/v1/attendance/reports/export?month=2026-10',
          headers: { authorization: `Bearer ${issued.api_key}` },
        })
        .then(
          (res) => res.body,
          () => '',
        )
      assert.ok(!exported.includes(worker.id), `the export was cut off before its records: ${exported}`)
      // Reads that are not logged go on as before.
      assert.equal(
        (await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-10-01&to=2026-10-02`)).status,
        200,
      )
    } finally {
      await sql`alter table access_log_away rename to access_log`.execute(db)
    }
    assert.equal((await inspector.get('/api/v1/attendance/corrections')).status, 200)
    const log = (await tenant.admin.get(`/api/v1/access-log?key_id=${issued.id}`)).body.data
    assert.deepEqual(
      log.map((e: any) => e.route),
      ['/api/v1/attendance/corrections'],
    )
  })
})
