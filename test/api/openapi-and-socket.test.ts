import assert from 'node:assert/strict'
import { it } from 'node:test'
import { compileErrors, validate } from '@readme/openapi-parser'
import { ERROR_CATALOGUE } from '../../src/errors.js'
import { forEachEngine } from '../helpers/harness.js'

forEachEngine('OpenAPI document and real sockets', (t) => {
  it('the generated OpenAPI 3.1 document validates and describes every operation', async () => {
    const res = await t.client(null).get('/api/v1/openapi.json')
    assert.equal(res.status, 200)
    const doc = res.body
    assert.equal(doc.openapi, '3.1.0')
    const result = await validate(structuredClone(doc))
    assert.ok(result.valid, result.valid ? '' : compileErrors(result))

    const operations = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((methods) =>
      Object.values(methods),
    )
    const ids = operations.map((o) => o.operationId).filter(Boolean)
    for (const op of [
      'me',
      'users.list',
      'users.get',
      'users.create',
      'users.update',
      'users.deactivate',
      'users.reactivate',
      // Reminders (docs/notifications.md): one's choices, and one's phones.
      'me.notifications.get',
      'me.notifications.update',
      'push-subscriptions.key',
      'push-subscriptions.list',
      'push-subscriptions.create',
      'push-subscriptions.delete',
    ]) {
      assert.ok(ids.includes(op), `operation ${op}`)
    }
    assert.deepEqual(Object.keys(doc.paths['/api/v1/me/notifications']).sort(), ['get', 'patch'])
    // The unsubscribe link's pages are for browsers and mail programs, not operations of the API.
    assert.equal(doc.paths['/api/v1/notifications/unsubscribe'], undefined)
    // One scope serves two operations where a decision record says so: corrections
    // (docs/decisions/0010-legal-working-time-record.md), keys
    // (docs/decisions/0011-reports-sign-off-and-inspector-keys.md), batch punches and webhooks
    // (docs/decisions/0012-integrations.md), and the GET of one item of a list
    // (docs/decisions/0028-an-item-reads-with-its-lists-scope.md).
    const sharedScopes: Record<string, string> = {
      'attendance-corrections.get': 'attendance-corrections.list',
      'keys.get': 'keys.list',
      'attendance.batch': 'attendance.create',
      'webhooks.get': 'webhooks.list',
      'webhooks.deliveries': 'webhooks.list',
      ...Object.fromEntries(
        [
          'departments',
          'work-centers',
          'schedules',
          'holidays',
          'projects',
          'absence-types',
          'kiosks',
          'calendar-feeds',
        ].map((collection) => [`${collection}.get`, `${collection}.list`]),
      ),
    }
    const kioskOperations = operations.filter((o) => o.security?.[0]?.kioskDevice)
    assert.deepEqual(
      kioskOperations.map((o) => o.operationId).sort(),
      ['kiosk.accept-correction', 'kiosk.change-pin', 'kiosk.device', 'kiosk.identify', 'kiosk.punch'],
      'kiosk operations take a device token',
    )
    for (const op of kioskOperations)
      assert.ok(
        op.responses['401'] && op.responses['403'] && op.responses['429'] && !op['x-scope'],
        `${op.operationId} documents common errors, needs no scope`,
      )
    // A person's own account (sign-in, sessions, password) needs a caller or none, never a scope.
    const accountOperations = operations.filter((o) => o.tags?.includes('Accounts') && o.operationId !== 'users.invite')
    assert.deepEqual(
      accountOperations
        .filter((o) => o.security?.length === 0)
        .map((o) => o.operationId)
        .sort(),
      [
        'auth.login',
        'auth.passkeys.login',
        'auth.passkeys.login-options',
        'auth.password-reset',
        'auth.password-reset.complete',
      ],
      'signing in (with a password or a passkey) and resetting a password need no credential',
    )
    for (const op of accountOperations) assert.equal(op['x-scope'], undefined, `${op.operationId} needs no scope`)
    for (const op of operations.filter(
      (o) =>
        o.operationId &&
        !['me', 'health', 'ready', 'openapi'].includes(o.operationId) &&
        !kioskOperations.includes(o) &&
        !accountOperations.includes(o),
    )) {
      assert.equal(
        op['x-scope'],
        sharedScopes[op.operationId] ?? op.operationId,
        `${op.operationId} declares its scope`,
      )
      assert.ok(
        op.responses['401'] && op.responses['403'] && op.responses['429'],
        `${op.operationId} documents common errors`,
      )
    }
    const usersGet = doc.paths['/api/v1/users/{user_id}'].get
    assert.ok(usersGet.parameters.some((p: any) => p.name === 'include_folders' && p.in === 'query'))
    assert.ok(doc.components.schemas.UserFull.properties.profile, 'full user form in components')
    for (const code of Object.keys(ERROR_CATALOGUE))
      assert.ok(doc.info.description.includes(`\`${code}\``), `catalogue lists ${code}`)
  })

  it('serves over a real socket: keep-alive requests, JSON, headers, interactive docs', async () => {
    const tenant = await t.newTenant()
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const me = await fetch(`${address}/api/v1/me`, { headers: { authorization: `Bearer ${tenant.adminKey}` } })
      assert.equal(me.status, 200)
      assert.match(me.headers.get('content-type') ?? '', /application\/json/)
      assert.equal(((await me.json()) as any).data.tenant.id, tenant.id)
      assert.match(me.headers.get('ratelimit') ?? '', /^"per-minute";r=\d+;t=\d+$/)

      const created = await fetch(`${address}/api/v1/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'socket@example.com', full_name: 'Over The Wire' }),
      })
      assert.equal(created.status, 201)

      const chunked = await fetch(`${address}/api/v1/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.adminKey}`, 'content-type': 'application/json' },
        body: new Blob(['x'.repeat(2 * 1024 * 1024)]).stream(),
        duplex: 'half',
      } as RequestInit)
      assert.equal(chunked.status, 413)
      assert.equal(((await chunked.json()) as any).error.code, 'payload_too_large')

      const unauth = await fetch(`${address}/api/v1/users`)
      assert.equal(unauth.status, 401)
      assert.equal(((await unauth.json()) as any).error.code, 'unauthenticated')

      const docs = await fetch(`${address}/docs`, { redirect: 'follow' })
      assert.equal(docs.status, 200)
      assert.match(await docs.text(), /swagger/i)
    } finally {
      await t.app.server.close()
    }
  })
})
