/**
 * The SDK as a new project gets it: `npm pack` (which builds it, by its `prepack`) makes the
 * tarball, and a CommonJS project and an ES module project each install it and run a small
 * program with `require` and `import`, and type-check one with TypeScript's Node16 resolution
 * (where a CommonJS project once met TS1479). Offline and quick: the tarball is unpacked into each
 * project's node_modules, and its one dependency, openapi-fetch, is the workspace's own.
 */
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

const SDK = fileURLToPath(new URL('..', import.meta.url))
const ROOT_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url))
const TSC = join(ROOT_MODULES, 'typescript', 'bin', 'tsc')

/** What both programs do: a typed call through a fake fetch, and a webhook signed here and verified. */
const PROGRAM = `
const secret = 'whsec_' + Buffer.alloc(32, 1).toString('base64')
const body = JSON.stringify({ id: 'evt_1', type: 'user.invited', occurred_at: '2026-11-20T09:00:00.000Z', tenant_id: 'ten_1', actor: { user_id: null, key_id: null }, data: { user_id: 'usr_1', expires_at: '2026-11-23T09:00:00.000Z', delivery: 'mail' } })
const timestamp = String(Math.floor(Date.now() / 1000))
const signature = 'v1,' + createHmac('sha256', Buffer.alloc(32, 1)).update('evt_1.' + timestamp + '.' + body).digest('base64')
const event = verifyWebhook(secret, { 'webhook-id': 'evt_1', 'webhook-timestamp': timestamp, 'webhook-signature': signature }, body)
const jornada = createJornada({
  baseUrl: 'https://jornada.example.com',
  apiKey: 'jnd_test',
  fetch: async (request) => new Response(JSON.stringify({ data: { id: new URL(request.url).pathname.split('/').pop(), auth: request.headers.get('authorization') } }), { headers: { 'content-type': 'application/json' } }),
})
jornada.api.GET('/api/v1/users/{user_id}', { params: { path: { user_id: 'usr_7' } } }).then(({ data }) => {
  console.log(JSON.stringify({ type: event.type, id: data.data.id, auth: data.data.auth }))
})
`

/** What the TypeScript program checks: the typed client, and the event union narrowed by `type`. */
const TYPED = `import { createJornada, type JornadaEvent } from '@jornada/sdk'
const jornada = createJornada({ baseUrl: 'https://jornada.example.com', apiKey: 'jnd_test' })
export async function nameOf(userId: string): Promise<string | undefined> {
  const { data } = await jornada.api.GET('/api/v1/users/{user_id}', { params: { path: { user_id: userId } } })
  return data?.data.full_name
}
export function describeEvent(event: JornadaEvent): string {
  if (event.type === 'absence.approved') return event.data.start_date
  if (event.type === 'overtime.cap_exceeded') return String(event.data.over_cap_minutes)
  return event.type
}
`

describe('the SDK package, installed from its tarball', { timeout: 120_000 }, () => {
  let dir: string
  let tarball: string

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'jornada-sdk-package-'))
    // A copy of the package, so its build does not write the workspace's sdk/dist while other
    // tests read it; its dependencies are the workspace's.
    const source = join(dir, 'sdk')
    for (const entry of ['package.json', 'README.md', 'tsconfig.json', 'tsconfig.cjs.json', 'src', 'scripts'])
      cpSync(join(SDK, entry), join(source, entry), { recursive: true })
    symlinkSync(ROOT_MODULES, join(source, 'node_modules'), 'dir')
    execFileSync('npm', ['pack', '--pack-destination', dir, '--silent'], {
      cwd: source,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    tarball = join(dir, readdirSync(dir).find((name) => name.endsWith('.tgz'))!)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  /** A project of `type` with the tarball unpacked as @jornada/sdk. */
  function project(name: string, type: 'commonjs' | 'module'): string {
    const root = join(dir, name)
    const installed = join(root, 'node_modules', '@jornada', 'sdk')
    mkdirSync(installed, { recursive: true })
    execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
    symlinkSync(join(ROOT_MODULES, 'openapi-fetch'), join(root, 'node_modules', 'openapi-fetch'), 'dir')
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name, private: true, type }))
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'Node16',
          moduleResolution: 'Node16',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['typed.ts'],
      }),
    )
    writeFileSync(join(root, 'typed.ts'), TYPED)
    return root
  }

  function run(root: string, file: string): unknown {
    const result = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8' })
    assert.equal(result.status, 0, result.stderr)
    return JSON.parse(result.stdout)
  }

  function typeCheck(root: string): void {
    const result = spawnSync(process.execPath, [TSC, '-p', root], { encoding: 'utf8' })
    assert.equal(result.status, 0, `tsc: ${result.stdout}${result.stderr}`)
  }

  const expected = { type: 'user.invited', id: 'usr_7', auth: 'Bearer jnd_test' }

  it('holds the ES module and CommonJS builds, their types and the README', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n')
    for (const file of [
      'package/README.md',
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/cjs/index.js',
      'package/dist/cjs/index.d.ts',
      'package/dist/cjs/package.json',
    ])
      assert.ok(listing.includes(file), `the tarball has ${file}`)
    assert.ok(!listing.some((file) => file.startsWith('package/src/')), 'sources stay out')
  })

  it('a CommonJS project requires it, runs it and type-checks against it', () => {
    const root = project('sdk-commonjs', 'commonjs')
    writeFileSync(
      join(root, 'main.js'),
      `const { createHmac } = require('node:crypto')\nconst { createJornada, verifyWebhook } = require('@jornada/sdk')\n${PROGRAM}`,
    )
    assert.deepEqual(run(root, 'main.js'), expected)
    typeCheck(root)
  })

  it('an ES module project imports it, runs it and type-checks against it', () => {
    const root = project('sdk-module', 'module')
    writeFileSync(
      join(root, 'main.js'),
      `import { createHmac } from 'node:crypto'\nimport { createJornada, verifyWebhook } from '@jornada/sdk'\n${PROGRAM}`,
    )
    assert.deepEqual(run(root, 'main.js'), expected)
    typeCheck(root)
  })
})
