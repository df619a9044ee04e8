/**
 * `jornada users invite`, run for real as a child process on each engine: without a mail server
 * it prints a one-time link, which sets the person's password through the API and signs them in.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { type DatabaseHandle, migrateToLatest } from '../src/db/database.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { type CliTarget, freshCliTarget } from './helpers/cli-target.js'
import { cliFails, cliOk } from './helpers/cli-suite.js'
import { settledEventsOfType } from './helpers/eventually.js'
import { Client, ENGINES, NO_SHEDDING, PG_URL, uniqueEmail } from './helpers/harness.js'

for (const engine of ENGINES) {
  const skip = engine.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false
  describe(`CLI users invite [${engine.engine}]`, { skip, timeout: 120_000 }, () => {
    let target: CliTarget
    let database: DatabaseHandle
    let app: FastifyInstance
    before(async () => {
      target = await freshCliTarget(engine, 'jt_cli_accounts')
      database = await target.open()
      await migrateToLatest(database)
      app = await buildApp({ load: NO_SHEDDING, db: database.db, rateLimitPerMinute: 100_000 })
    })
    after(async () => {
      await app?.close()
      await database?.destroy()
      await target?.cleanup()
    })

    it('prints a one-time link that sets the password and signs the person in; an unknown user fails', async () => {
      const tenant = await createTenant(
        { db: database.db, now: Date.now() },
        { name: 'Invites', admin_email: uniqueEmail('admin'), admin_name: 'Admin' },
      )
      const admin = new Client(app, tenant.api_key)
      const person = (await admin.post('/api/v1/users', { email: uniqueEmail('invited'), full_name: 'Invitada' })).body
        .data
      const invitation = await cliOk(target.url, 'users', 'invite', person.id, '--tenant', tenant.tenant.id, '--json')
      assert.equal(invitation.delivery, 'link')
      assert.equal(invitation.user_id, person.id)
      const token = /\/app\/invitation#token=([A-Za-z0-9_-]+)$/.exec(invitation.link)?.[1]
      assert.ok(token, invitation.link)
      const completed = await new Client(app, null).post('/api/v1/auth/password-reset/complete', {
        token,
        password: 'Invitada-por-consola-2026',
      })
      assert.equal(completed.status, 200, JSON.stringify(completed.body))
      assert.equal(completed.body.data.user.id, person.id)
      const events = await settledEventsOfType(admin, 'user.invited')
      assert.deepEqual(events.at(-1).actor, { user_id: null, key_id: null }, 'the command line acts as nobody')
      const audit = (await admin.get('/api/v1/audit-log?operation=users.invite')).body.data
      assert.deepEqual([audit[0].source, audit[0].resource_id], ['cli', person.id])
      const unknown = await cliFails(
        target.url,
        'users',
        'invite',
        'usr_01JD0000000000000000000000',
        '--tenant',
        tenant.tenant.id,
        '--json',
      )
      assert.equal(unknown.code, 'not_found')
    })
  })
}
