/**
 * `jornada users invite` and `jornada tenants sso`, run for real as child processes on each
 * engine: without a mail server an invitation prints a one-time link, which sets the person's
 * password through the API and signs them in; single sign-on set up from the command line signs
 * people in at a real OpenID provider.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { type DatabaseHandle, migrateToLatest } from '../src/db/database.js'
import { SecretBox } from '../src/lib/secret-box.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { type CliTarget, freshCliTarget } from './helpers/cli-target.js'
import { cliFails, cliOk } from './helpers/cli-suite.js'
import { settledEventsOfType } from './helpers/eventually.js'
import { Client, ENGINES, NO_SHEDDING, PG_URL, uniqueEmail } from './helpers/harness.js'
import { signInWithProvider, startOpenIdProvider } from './helpers/openid-provider.js'

const SECRETS_KEY = randomBytes(32)
const REDIRECT_URI = 'https://jornada.example/auth/oidc/callback'
// The commands run with this environment: the service's key, and the secret in a variable.
process.env.SECRETS_KEY = SECRETS_KEY.toString('base64')
// The test's provider is on this machine.
process.env.SSO_ALLOW_PRIVATE_NETWORKS = 'true'

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
      app = await buildApp({
        load: NO_SHEDDING,
        db: database.db,
        rateLimitPerMinute: 100_000,
        secrets: new SecretBox(SECRETS_KEY),
        accounts: { publicUrl: 'https://jornada.example' },
        ssoAllowPrivateNetworks: true,
      })
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

    it('tenants record-key lists the key the API signs with, rotates it; an unknown company fails', async () => {
      const tenant = await createTenant(
        { db: database.db, now: Date.now() },
        { name: 'Record keys', admin_email: uniqueEmail('admin'), admin_name: 'Admin' },
      )
      const admin = new Client(app, tenant.api_key)
      const listed = await cliOk(target.url, 'tenants', 'record-key', '--tenant', tenant.tenant.id, '--json')
      assert.equal(listed.length, 1)
      assert.match(listed[0].id, /^rk_[0-9a-f]{16}$/)
      const fromApi = (await admin.get('/api/v1/tenant/record-key')).body.data
      assert.deepEqual(fromApi, listed, 'the same key, made once, opened with the same SECRETS_KEY')
      const rotated = await cliOk(
        target.url,
        'tenants',
        'record-key',
        '--tenant',
        tenant.tenant.id,
        '--rotate',
        '--json',
      )
      assert.equal(rotated.length, 2)
      assert.equal(rotated[1].id, listed[0].id)
      assert.notEqual(rotated[1].valid_until, null)
      assert.equal(rotated[0].valid_until, null)
      assert.equal((await admin.get('/api/v1/tenant/record-key')).body.data[0].id, rotated[0].id)
      const audit = (await admin.get('/api/v1/audit-log?operation=tenant.update')).body.data
      assert.ok(
        audit.some((e: any) => e.source === 'cli' && e.fields?.includes('record_key')),
        JSON.stringify(audit),
      )
      const unknown = await cliFails(
        target.url,
        'tenants',
        'record-key',
        '--tenant',
        'ten_01JD0000000000000000000000',
        '--json',
      )
      assert.equal(unknown.code, 'not_found')
    })

    it('tenants sso set: the issuer asked, the secret read from a variable and sealed; people sign in at the provider; off', async () => {
      const provider = await startOpenIdProvider(REDIRECT_URI)
      try {
        const tenant = await createTenant(
          { db: database.db, now: Date.now() },
          { name: 'SSO', admin_email: uniqueEmail('admin'), admin_name: 'Admin' },
        )
        const admin = new Client(app, tenant.api_key)
        const id = tenant.tenant.id
        const set = [
          'tenants',
          'sso',
          'set',
          '--tenant',
          id,
          '--issuer',
          provider.issuer,
          '--client-id',
          provider.clientId,
        ]
        process.env.SSO_CLIENT_SECRET = provider.clientSecret
        const nowhere = await cliFails(target.url, ...set.slice(0, 6), 'http://127.0.0.1:9', ...set.slice(7), '--json')
        assert.equal(nowhere.details?.[0]?.field, 'sso.oidc_issuer')
        const settings = await cliOk(
          target.url,
          ...set,
          '--client-secret-env',
          'SSO_CLIENT_SECRET',
          '--sso-only',
          '--json',
        )
        assert.deepEqual(
          [settings.oidc_issuer, settings.sso_only, settings.allowed_domains],
          [provider.issuer, true, null],
        )
        assert.equal((await admin.get('/api/v1/tenant')).body.data.sso.client_id, provider.clientId)
        const person = (await admin.post('/api/v1/users', { email: uniqueEmail('sso'), full_name: 'Single' })).body.data
        provider.people.set('cli-person', { email: person.email, email_verified: true })
        const landing = await signInWithProvider(app, REDIRECT_URI, id, 'cli-person')
        assert.equal(landing.status, 303, landing.page)
        const audit = (await admin.get('/api/v1/audit-log?operation=tenant.update')).body.data
        assert.deepEqual([audit[0].source, audit[0].fields], ['cli', ['sso']])

        const off = await cliOk(target.url, 'tenants', 'sso', 'off', '--tenant', id, '--json')
        assert.deepEqual(off, { sso: null })
        assert.equal((await admin.get('/api/v1/tenant')).body.data.sso, null)
      } finally {
        await provider.close()
      }
    })
  })
}
