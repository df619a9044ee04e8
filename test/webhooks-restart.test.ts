/**
 * At-least-once delivery across a crash (docs/decisions/0012-integrations.md): `jornada serve` runs
 * as a real child process, is killed with SIGKILL while its webhooks are still pending (the
 * receiver is down), and a new process started on the same database delivers them, each once.
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
import { freePort, startReceiver } from './helpers/webhook-receiver.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

function serve(databaseUrl: string, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
  }
  for (const name of ['NODE_TEST_CONTEXT', 'REDIS_URL', 'WEBHOOKS_DISPATCH']) delete env[name]
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], { cwd: ROOT, env, stdio: 'ignore' })
}

for (const engine of ENGINES) {
  const skip = engine.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false
  describe(`webhooks survive a crash [${engine.engine}]`, { skip, timeout: 120_000 }, () => {
    it('pending deliveries of a process killed with SIGKILL are delivered by the next one, each once', async () => {
      const target = await freshCliTarget(engine, 'jt_whk')
      const database = await target.open()
      const children: ChildProcess[] = []
      const receiverPort = await freePort()
      let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined
      try {
        await migrateToLatest(database)
        const tenant = await createTenant(
          { db: database.db, now: Date.now() },
          {
            name: 'Crash Test',
            admin_email: uniqueEmail('admin'),
            admin_name: 'Admin',
          },
        )
        const apiPort = await freePort()
        const api = `http://127.0.0.1:${apiPort}/api/v1`
        const call = async (method: string, path: string, body?: unknown) => {
          const res = await fetch(api + path, {
            method,
            headers: { authorization: `Bearer ${tenant.api_key}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
          return { status: res.status, body: (await res.json()) as any }
        }

        const first = serve(target.url, apiPort)
        children.push(first)
        await eventually(
          'the first process to answer',
          () => fetch(`http://127.0.0.1:${apiPort}/health`).then((r) => r.status),
          (s) => s === 200,
        )
        const hook = await call('POST', '/webhooks', {
          url: `http://127.0.0.1:${receiverPort}/in`,
          events: ['user.created'],
        })
        assert.equal(hook.status, 201, JSON.stringify(hook.body))
        const users = []
        for (let i = 0; i < 3; i++)
          users.push((await call('POST', '/users', { email: uniqueEmail(), full_name: `Crash ${i}` })).body.data)
        // The receiver is down: each delivery fails its first attempt and waits for the next.
        await eventually(
          'first attempts to fail',
          () =>
            database.db
              .selectFrom('webhook_deliveries')
              .select(['status', 'attempts'])
              .where('tenant_id', '=', tenant.tenant.id)
              .execute(),
          (rows) => rows.length === 3 && rows.every((r) => r.status === 'pending' && r.attempts >= 1),
        )
        first.kill('SIGKILL')
        await exited(first)

        receiver = await startReceiver(() => 204, receiverPort)
        const second = serve(target.url, apiPort)
        children.push(second)
        const received = await receiver.waitFor(3, () => true, 60_000)
        await new Promise((r) => setTimeout(r, 300))
        const events = received.map((r) => JSON.parse(r.body))
        assert.deepEqual(events.map((e) => e.data.id).sort(), users.map((u) => u.id).sort())
        assert.equal(new Set(received.map((r) => r.headers['webhook-id'])).size, 3)
        assert.equal(receiver.received.length, 3, 'each once')
        const deliveries = await eventually(
          'delivered',
          () => call('GET', `/webhooks/${hook.body.data.id}/deliveries`),
          (r) => r.body.data.every((d: any) => d.status === 'delivered'),
        )
        assert.ok(deliveries.body.data.every((d: any) => d.attempts >= 2))
      } finally {
        for (const child of children) child.kill('SIGKILL')
        await Promise.all(children.map(exited))
        await receiver?.close()
        await database.destroy()
        await target.cleanup()
      }
    })
  })
}
