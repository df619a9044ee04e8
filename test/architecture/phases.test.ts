/**
 * Nothing slow or outside holds the record (docs/decisions/0025-request-phases-and-module-ownership.md):
 * from every place a write's transaction is open, no call the sources show reaches password
 * hashing, mail sending or outbound HTTP; and no route adds a preHandler of its own, where such work
 * used to hide ahead of the transaction with a second permission check. Each rule is shown to catch
 * a planted violation.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readSources, type SourceFile } from '../../scripts/import-graph.js'
import type { RequestScope } from '../../src/auth/request-scope.js'
import { askNewIssuer } from '../../src/modules/tenants/tenant-sso.service.js'
import { prepareNewUser } from '../../src/modules/users/index.js'
import { routePreHandlers, slowCallsInWrites, writeRoots } from '../../scripts/write-phases.js'

const sources = readSources(new URL('../../src', import.meta.url).pathname)
const file = (path: string, ...lines: string[]): SourceFile => ({ path, text: lines.join('\n') })

const secrets = file(
  'lib/secrets.ts',
  'export async function hashPassword(secret: string) { return scryptAsync(secret) }',
)
const usersService = (body: string) =>
  file(
    'modules/users/users.service.ts',
    "import { hashPassword } from '../../lib/secrets.js'",
    'export async function prepareNewUser(scope: PreparingScope, body: Body) { return hashPassword(body.password) }',
    `export async function createUser(scope: RequestScope, body: Body) { ${body} }`,
  )
const usersIndex = file('modules/users/index.ts', "export { createUser, prepareNewUser } from './users.service.js'")

describe('phases of a write', () => {
  it('finds where the real write transactions are open: write routes and transaction callbacks', () => {
    const roots = writeRoots(sources)
    for (const expected of [
      'modules/attendance/attendance.routes.ts: POST /attendance/clock',
      'modules/users/users.routes.ts: POST /users',
      'modules/kiosks/kiosk-api.routes.ts: POST /kiosk/punches',
      'modules/users/users.service.ts: inTransaction callback',
    ])
      assert.ok(roots.includes(expected), `${expected} in ${roots.length} roots`)
    // Reads, sign-in (its own short transactions) and `me` are not write routes.
    assert.ok(!roots.some((r) => r.includes('GET ')))
    assert.ok(!roots.includes('modules/accounts/accounts.routes.ts: POST /auth/login'))
  })

  it('no hashing, mail or outbound HTTP runs while a write holds its transaction', () => {
    assert.deepEqual(slowCallsInWrites(sources), [])
  })

  it('catches hashing reached from a write route, through a service (fixture)', () => {
    const routes = file(
      'modules/users/users.routes.ts',
      "import * as service from './users.service.js'",
      "app.post('/users', operation('users.create', { body }), async (request, reply) =>",
      '  reply.send({ data: await service.createUser(scopeOfRequest(request), request.body) }))',
    )
    assert.deepEqual(slowCallsInWrites([secrets, routes, usersService('return hashPassword(body.password)')]), [
      'modules/users/users.routes.ts: POST /users → createUser → hashPassword (password hashing)',
    ])
  })

  it('a write that prepares may hash before beginWrite, never after (fixture)', () => {
    const prepared = (after: string) =>
      file(
        'modules/users/users.routes.ts',
        "import { createUser, prepareNewUser } from './index.js'",
        "app.post('/users', operation('users.create', { body, prepares: true }), async (request) => {",
        '  const prepared = await prepareNewUser(preparingScopeOf(request), request.body)',
        '  const scope = await beginWrite(request)',
        `  ${after}`,
        '})',
      )
    const service = usersService('return insert(scope, body)')
    assert.deepEqual(
      slowCallsInWrites([secrets, usersIndex, service, prepared('return createUser(scope, prepared)')]),
      [],
    )
    assert.deepEqual(
      slowCallsInWrites([secrets, usersIndex, service, prepared('return prepareNewUser(scope, request.body)')]),
      ['modules/users/users.routes.ts: POST /users → prepareNewUser → hashPassword (password hashing)'],
    )
  })

  it('catches outbound HTTP and mail inside a transaction callback, across a front door (fixture)', () => {
    const sso = file(
      'modules/tenants/tenant-sso.service.ts',
      'export async function askIssuer(issuer: string) { return fetch(issuer + "/.well-known/openid-configuration") }',
    )
    const tenantsIndex = file('modules/tenants/index.ts', "export * from './tenant-sso.service.js'")
    const caller = file(
      'modules/onboarding/onboarding.service.ts',
      "import { askIssuer } from '../tenants/index.js'",
      'export async function setUp(unit: Unit, mailer: Mailer) {',
      '  await askIssuer(issuer)',
      '  return inTransaction(unit, async (tx) => {',
      '    await askIssuer(issuer)',
      '    await mailer.send(message)',
      '  })',
      '}',
    )
    assert.deepEqual(slowCallsInWrites([sso, tenantsIndex, caller]), [
      'modules/onboarding/onboarding.service.ts: inTransaction callback → askIssuer → fetch (outbound HTTP)',
      'modules/onboarding/onboarding.service.ts: inTransaction callback → mailer.send (mail sending)',
    ])
  })

  it('no module route adds its own preHandler', () => {
    assert.deepEqual(routePreHandlers(sources), [])
    const planted = file(
      'modules/tenants/tenants.routes.ts',
      "app.patch('/tenant', {",
      "  ...operation('tenant.update', { body }),",
      '  preHandler: checkIssuerAnswers(deps.identityProviders),',
      '}, handler)',
    )
    assert.deepEqual(routePreHandlers([planted]), ['modules/tenants/tenants.routes.ts'])
  })
})

/**
 * Checked by the compiler (`npm run check`), never run: a write's scope is not a preparing scope,
 * so the functions that hash or ask an outside service cannot be given one. Each line fails to
 * compile without its `@ts-expect-error`.
 */
export function aWriteScopeCannotPrepare(write: RequestScope): void {
  const network = { allowPrivateNetworks: false }
  // @ts-expect-error asking an identity provider needs a preparing scope
  void askNewIssuer(write, undefined, network)
  // @ts-expect-error hashing a new user's password needs a preparing scope
  void prepareNewUser(write, { email: 'a@example.com', full_name: 'A' })
}
