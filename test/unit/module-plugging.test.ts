/**
 * How modules plug themselves in (http/module.ts): their order follows their declared
 * dependencies, and what would make the application ambiguous or unbuildable (two modules of one
 * name, a dependency on a module that is not there, a cycle, two modules at one place in the
 * document) stops it at start with a message naming the modules. The scopes and error codes they
 * declare make the published catalogue (scripts/generate-catalogue.ts), whose order never changes
 * under a client: one declared twice is refused, naming both modules. Their commands join the
 * command line in the order of their positions (command-line.ts).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Command } from 'commander'
import { catalogueOf, type Declarations } from '../../scripts/generate-catalogue.js'
import { commandsOf, defineCommands, registerCommands } from '../../src/command-line.js'
import Fastify from 'fastify'
import { discoverModules } from '../../src/app.js'
import {
  type ModuleDefinition,
  bodyCredentialsOf,
  defineModule,
  descriptorOf,
  inDocumentOrder,
  inWriteStepOrder,
  orderModules,
} from '../../src/http/module.js'
import type { WriteStep } from '../../src/http/request-scope.js'

const api = { routes: () => async () => {} }
const module = (name: string, more: Partial<ModuleDefinition> = {}) => defineModule({ name, ...more })
const names = (modules: readonly { name: string }[]) => modules.map((m) => m.name)

describe('the order modules are plugged in', () => {
  it('puts each module after the modules it depends on, and otherwise goes by name', () => {
    const ordered = orderModules([
      module('reports', { dependsOn: ['attendance', 'users'] }),
      module('users'),
      module('attendance', { dependsOn: ['users'] }),
      module('audit'),
    ])
    assert.deepEqual(names(ordered), ['audit', 'users', 'attendance', 'reports'])
  })

  it('refuses a dependency on a module that is not there', () => {
    assert.throws(
      () => orderModules([module('reports', { dependsOn: ['attendance'] })]),
      /Module reports depends on attendance, which is not a module of this application/,
    )
  })

  it('refuses a cycle, naming the modules in it', () => {
    assert.throws(
      () =>
        orderModules([
          module('a', { dependsOn: ['b'] }),
          module('b', { dependsOn: ['c'] }),
          module('c', { dependsOn: ['a'] }),
          module('d'),
        ]),
      /The dependencies of modules form a cycle: a -> b -> c -> a/,
    )
  })

  it('refuses two modules of one name', () => {
    assert.throws(() => orderModules([module('users'), module('users')]), /Two modules are named users/)
  })
})

describe('what modules declare', () => {
  it('orders the operations by their place in the document, and refuses two modules at one place', () => {
    const modules = [
      module('users', { documentPosition: 30, api: [api] }),
      module('me', { documentPosition: 10, api: [api] }),
      module('housekeeping'),
    ]
    assert.deepEqual(names(inDocumentOrder(modules)), ['me', 'users'])
    assert.throws(
      () => inDocumentOrder([...modules, module('keys', { documentPosition: 30, api: [api] })]),
      /Modules users and keys both take documentPosition 30/,
    )
    assert.throws(() => inDocumentOrder([module('keys', { api: [api] })]), /need a documentPosition: keys/)
  })

  it('takes the one descriptor a front door exports, and refuses none or two', () => {
    const users = module('users')
    assert.equal(descriptorOf({ usersModule: users, findUser: () => null }, 'users/index.ts'), users)
    assert.throws(
      () => descriptorOf({ findUser: () => null }, 'users/index.ts'),
      /users\/index.ts must export exactly one/,
    )
    assert.throws(() => descriptorOf({ a: users, b: module('keys') }, 'x/index.ts'), /not 2/)
  })
})

describe('the steps of every write and the credentials in a body', () => {
  const step = (order: number) => ({ order, create: (): WriteStep => ({}) })
  const kioskEmployee = async () => {
    throw new Error('not signed in')
  }

  it("runs this application's steps in their declared order: the Idempotency-Key claimed first, the audit entry last", async () => {
    assert.deepEqual(names(inWriteStepOrder(await discoverModules())), ['idempotency', 'audit'])
  })

  it('orders steps by their declared order, whatever the modules are named, and refuses two at one order', () => {
    const modules = [
      module('audit', { writeStep: step(90) }),
      module('users'),
      module('idempotency', { writeStep: step(10) }),
    ]
    assert.deepEqual(names(inWriteStepOrder(modules)), ['idempotency', 'audit'])
    assert.throws(
      () => inWriteStepOrder([...modules, module('ledger', { writeStep: step(90) })]),
      /Modules audit and ledger both take write step order 90/,
    )
  })

  it('takes each body credential from the one module providing it, made for the application', () => {
    const app = Fastify()
    const made: unknown[] = []
    const kiosks = module('kiosks', {
      bodyCredentials: (on) => {
        made.push(on)
        return { kioskEmployee }
      },
    })
    assert.equal(bodyCredentialsOf([module('users'), kiosks], app).kioskEmployee, kioskEmployee)
    assert.deepEqual(made, [app])
  })

  it('refuses a body credential provided twice or by no module, naming them', () => {
    const app = Fastify()
    const provider = (name: string) => module(name, { bodyCredentials: () => ({ kioskEmployee }) })
    assert.throws(
      () => bodyCredentialsOf([provider('kiosks'), provider('terminals')], app),
      /Modules kiosks and terminals both provide the body credential kioskEmployee/,
    )
    assert.throws(
      () => bodyCredentialsOf([module('users')], app),
      /No module provides the body credential kioskEmployee/,
    )
  })
})

describe('the published catalogue of scopes and error codes', () => {
  const declared = (owner: string, scopes: string[], codes: string[] = []): Declarations => ({
    owner,
    scopes,
    errors: Object.fromEntries(codes.map((code) => [code, { status: 409, description: `${code} (${owner})` }])),
  })

  it('keeps every published entry in its place and puts new ones last, in the order declared', () => {
    const published = {
      scopes: ['users.list', 'users.invite', 'users.get'],
      errors: { not_found: { status: 404, description: 'old' }, email_taken: { status: 409, description: 'old' } },
    }
    const next = catalogueOf(published, [
      declared('core', [], ['not_found']),
      declared('accounts', ['users.invite'], ['invalid_token']),
      declared('things', ['things.list']),
      declared('users', ['users.get', 'users.list', 'users.export'], ['email_taken']),
    ])
    assert.deepEqual(next.scopes, ['users.list', 'users.invite', 'users.get', 'things.list', 'users.export'])
    assert.deepEqual(Object.keys(next.errors), ['not_found', 'email_taken', 'invalid_token'])
    // What a code says and answers is what its declaration says today.
    assert.deepEqual(next.errors.email_taken, { status: 409, description: 'email_taken (users)' })
  })

  it('drops what no module declares any more', () => {
    const next = catalogueOf({ scopes: ['a.list', 'b.list'], errors: { gone: { status: 409, description: 'x' } } }, [
      declared('b', ['b.list']),
    ])
    assert.deepEqual(next, { scopes: ['b.list'], errors: {} })
  })

  it('refuses a scope or an error code declared twice, naming both declarers', () => {
    const empty = { scopes: [], errors: {} }
    assert.throws(
      () => catalogueOf(empty, [declared('users', ['users.list']), declared('accounts', ['users.list'])]),
      /The scope users.list is declared by both users and accounts/,
    )
    assert.throws(
      () => catalogueOf(empty, [declared('core', [], ['not_found']), declared('users', [], ['not_found'])]),
      /The error code not_found is declared by both core and users/,
    )
  })
})

describe("the modules' commands", () => {
  const noop = {
    now: () => 0,
    audit: async () => {},
    installationAdministrator: async () => assert.fail('not called'),
    requireTenant: async () => null,
  }
  const program = () => new Command('jornada').exitOverride()
  const listed = (command: Command) => command.commands.map((c) => c.name())

  it('registers them in the order of their positions, whichever module they come from, sharing groups', () => {
    const root = program()
    registerCommands(
      root,
      [
        {
          name: 'onboarding',
          commands: defineCommands(
            { position: 20, register: (cli) => cli.group('tenants').command('create') },
            { position: 90, register: (cli) => cli.program.command('demo') },
          ),
        },
        {
          name: 'tenants',
          commands: defineCommands({
            position: 21,
            register: (cli) => cli.group('tenants', 'Manage tenants').command('sso'),
          }),
        },
        { name: 'keys', commands: defineCommands({ position: 40, register: (cli) => cli.group('keys', 'Keys') }) },
      ],
      noop,
    )
    assert.deepEqual(listed(root), ['tenants', 'keys', 'demo'])
    const tenants = root.commands.find((c) => c.name() === 'tenants')!
    assert.deepEqual([listed(tenants), tenants.description()], [['create', 'sso'], 'Manage tenants'])
  })

  it('refuses two commands at one position, and a group described twice or never, naming the modules', () => {
    const at = (position: number, name: string, description?: string) =>
      defineCommands({ position, register: (cli) => cli.group(name, description) })
    assert.throws(
      () =>
        registerCommands(
          program(),
          [
            { name: 'keys', commands: at(40, 'keys', 'Keys') },
            { name: 'users', commands: at(40, 'users', 'Users') },
          ],
          noop,
        ),
      /Commands of keys and users both take position 40/,
    )
    assert.throws(
      () =>
        registerCommands(
          program(),
          [
            { name: 'tenants', commands: at(1, 'tenants', 'Manage tenants') },
            { name: 'onboarding', commands: at(2, 'tenants', 'Tenants') },
          ],
          noop,
        ),
      /The command group tenants is described by both tenants and onboarding/,
    )
    assert.throws(
      () => registerCommands(program(), [{ name: 'onboarding', commands: at(1, 'tenants') }], noop),
      /No module describes the command groups tenants/,
    )
  })

  it('takes the one commands descriptor a command file exports', () => {
    const commands = defineCommands()
    assert.equal(commandsOf({ commands, helper: () => null }, 'keys.cli.ts'), commands)
    assert.throws(() => commandsOf({}, 'keys.cli.ts'), /keys.cli.ts must export exactly one commands descriptor/)
  })
})
