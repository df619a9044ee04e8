/**
 * Graceful shutdown under load, on both engines: `jornada serve` runs as a real child process
 * while 32 clients push punches as fast as it answers; SIGTERM arrives mid-load. Requests in flight
 * finish, new connections are refused, every punch answered 201 is in the database, and the
 * process exits within its grace (SHUTDOWN_GRACE_MS).
 */
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'node:test'
import { migrateToLatest } from '../src/db/database.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { ENGINES, PG_URL, uniqueEmail } from './helpers/harness.js'
import { freshCliTarget } from './helpers/cli-target.js'
import { eventually, exited } from './helpers/eventually.js'
import { freePort } from './helpers/webhook-receiver.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLIENTS = 32
const GRACE_MS = 10_000

function serve(databaseUrl: string, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '10000000',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    // Shedding is not what is tested here, and this machine runs other tests meanwhile.
    OVERLOAD_LAG_MS: '60000',
    WEBHOOKS_DISPATCH: 'false',
  }
  for (const name of ['NODE_TEST_CONTEXT', 'REDIS_URL']) delete env[name]
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Error logs (stdout, JSON lines) and anything written on stderr.
  for (const stream of [child.stdout!, child.stderr!])
    stream.setEncoding('utf8').on('data', (chunk: string) => (stderrOf.get(child)!.text += chunk))
  stderrOf.set(child, { text: '' })
  return child
}

/** What each child wrote on stderr, for the failure messages. */
const stderrOf = new WeakMap<ChildProcess, { text: string }>()

for (const engine of ENGINES) {
  const skip = engine.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false
  describe(`graceful shutdown under load [${engine.engine}]`, { skip, timeout: 120_000 }, () => {
    it('SIGTERM while 32 clients punch: in-flight requests finish, new connections are refused, every 201 is stored, exit within the grace', async () => {
      const target = await freshCliTarget(engine, 'jt_stop')
      const database = await target.open()
      let child: ChildProcess | undefined
      try {
        await migrateToLatest(database)
        const tenant = await createTenant(
          { db: database.db, now: Date.now() },
          {
            name: 'Shutdown',
            admin_email: uniqueEmail('admin'),
            admin_name: 'Admin',
          },
        )
        const port = await freePort()
        const api = `http://127.0.0.1:${port}/api/v1`
        const headers = { authorization: `Bearer ${tenant.api_key}`, 'content-type': 'application/json' }
        child = serve(target.url, port)
        await eventually(
          'the service to answer',
          () =>
            fetch(`http://127.0.0.1:${port}/health`).then(
              (r) => r.status,
              () => 0,
            ),
          (s) => s === 200,
        )
        const employees: string[] = []
        for (let i = 0; i < CLIENTS; i++) {
          const res = await fetch(`${api}/users`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ email: uniqueEmail(), full_name: `Door ${i}` }),
          })
          assert.equal(res.status, 201)
          employees.push(((await res.json()) as any).data.id)
        }

        // Each client punches for its own employee, in then out, one request after another, until
        // the service stops answering. A punch at the same millisecond as the last is refused 409:
        // the client then simply tries again.
        const acknowledged: string[] = []
        const outcomes = new Map<string, number>()
        let stopping = false
        const clients = employees.map(async (userId) => {
          let type: 'in' | 'out' = 'in'
          for (;;) {
            let status: number
            try {
              const res = await fetch(`${api}/attendance`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ user_id: userId, type, ts: new Date().toISOString() }),
              })
              status = res.status
              const body = (await res.json()) as any
              if (status === 201) {
                acknowledged.push(body.data.id)
                type = type === 'in' ? 'out' : 'in'
              }
            } catch {
              outcomes.set('connection failed', (outcomes.get('connection failed') ?? 0) + 1)
              return
            }
            outcomes.set(String(status), (outcomes.get(String(status)) ?? 0) + 1)
            // Once the service is stopping, a 503 answers a request on a connection it is closing.
            if (status === 503 && stopping) return
          }
        })
        await eventually(
          'punches to flow',
          async () => ({ acknowledged: acknowledged.length, answers: Object.fromEntries(outcomes) }),
          (seen) => seen.acknowledged >= 200,
          30_000,
        )
        const signalledAt = Date.now()
        stopping = true
        child.kill('SIGTERM')
        const code = await exited(child)
        const tookMs = Date.now() - signalledAt
        await Promise.all(clients)

        assert.equal(code, 0, `the process exited on its own, having finished; output: ${stderrOf.get(child)?.text}`)
        assert.ok(tookMs < GRACE_MS, `exited within the grace (${tookMs} ms)`)
        // The service is gone: a new connection is refused.
        await assert.rejects(fetch(`http://127.0.0.1:${port}/health`))
        assert.ok(outcomes.get('connection failed') ?? 0, 'clients saw the service go')
        const stored = new Set(
          (
            await database.db.selectFrom('punches').select('id').where('tenant_id', '=', tenant.tenant.id).execute()
          ).map((p) => p.id),
        )
        const lost = acknowledged.filter((id) => !stored.has(id))
        assert.deepEqual(
          lost,
          [],
          `every acknowledged punch is stored (${acknowledged.length} acknowledged; answers ${JSON.stringify(Object.fromEntries(outcomes))})`,
        )
        // A punch can be stored without its answer arriving (the connection went first): at most one per client.
        assert.ok(
          stored.size - acknowledged.length <= CLIENTS,
          `${stored.size} stored for ${acknowledged.length} acknowledged`,
        )
      } finally {
        child?.kill('SIGKILL')
        if (child) await exited(child)
        await database.destroy()
        await target.cleanup()
      }
    })
  })
}
