/**
 * Independent tools read the OpenAPI document right: Spectral's `spectral:oas` ruleset finds
 * nothing, and three client generators (openapi-typescript with openapi-fetch, @hey-api/openapi-ts,
 * orval's fetch client) read the document the service serves and write clients that compile under
 * `tsc --strict`, with the named types an integrator looks for; a program written with each runs
 * against the service, on each engine.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createClient } from '@hey-api/openapi-ts'
import spectralCore from '@stoplight/spectral-core'
import spectralParsers from '@stoplight/spectral-parsers'
import spectralRulesets from '@stoplight/spectral-rulesets'
import openapiTS, { astToString } from 'openapi-typescript'
import { openApiDocument } from '../scripts/generate-sdk-types.js'
import {
  type ClientReport,
  HEY_API_PROGRAM,
  OPENAPI_TYPESCRIPT_PROGRAM,
  ORVAL_PROGRAM,
} from './helpers/client-programs.js'
import { type TestContext, forEachEngine, uniqueEmail } from './helpers/harness.js'

const run = promisify(execFile)
const NODE_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url))
const TSC = join(NODE_MODULES, 'typescript/bin/tsc')

describe('independent tools read the API description', () => {
  it('Spectral’s spectral:oas ruleset finds nothing to say', async () => {
    const { Spectral, Document } = spectralCore
    const spectral = new Spectral()
    spectral.setRuleset({ extends: [[spectralRulesets.oas as never, 'recommended']] } as never)
    const results = await spectral.run(new Document(JSON.stringify(await openApiDocument()), spectralParsers.Json))
    assert.deepEqual(
      results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`),
      [],
    )
  })
})

// Both engines' services listen at this one origin, one after the other, and say so in the
// document's `servers` (PUBLIC_URL): the clients are generated once and take it as their base URL.
const origin = await (async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return `http://127.0.0.1:${port}`
})()

const dir = mkdtempSync(join(tmpdir(), 'jornada-clients-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** An integrator's project: the three generated clients, a program with each, ES modules for Node. */
async function generateAndCompile(): Promise<void> {
  const document = `${origin}/api/v1/openapi.json`
  symlinkSync(NODE_MODULES, join(dir, 'node_modules'), 'dir')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        outDir: 'out',
        rootDir: '.',
      },
      include: ['openapi-typescript', 'hey-api', 'orval'],
    }),
  )

  const openapiTypescript = join(dir, 'openapi-typescript')
  mkdirSync(openapiTypescript)
  // Its default options: a field with a default is required in a schema, optional in a request body.
  writeFileSync(join(openapiTypescript, 'schema.ts'), astToString(await openapiTS(new URL(document))))
  writeFileSync(join(openapiTypescript, 'program.ts'), OPENAPI_TYPESCRIPT_PROGRAM)
  writeFileSync(join(openapiTypescript, 'named-types.ts'), NAMED_TYPES)

  const heyApi = join(dir, 'hey-api')
  await createClient({
    input: document,
    output: heyApi,
    plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
    logs: { level: 'silent' },
  } as never)
  const types = readFileSync(join(heyApi, 'types.gen.ts'), 'utf8')
  for (const name of ['Absence', 'Punch', 'UserFull', 'ErrorBody', 'AbsencesCreateRequest', 'PunchCreatedEvent'])
    assert.match(types, new RegExp(`export type ${name} = `), `hey-api: a ${name} type`)
  writeFileSync(join(heyApi, 'program.ts'), HEY_API_PROGRAM)

  const orvalDir = join(dir, 'orval')
  // orval writes what it does with the console.log it finds when loaded: its lines are kept for
  // an assertion's message rather than printed among the test's output.
  const said: string[] = []
  const log = console.log
  console.log = (...parts: unknown[]) => said.push(parts.join(' '))
  const { generate } = await import('orval').finally(() => {
    console.log = log
  })
  await generate(
    {
      input: { target: document },
      output: {
        target: join(orvalDir, 'client.ts'),
        client: 'fetch',
        mode: 'single',
        baseUrl: { getBaseUrlFromSpecification: true },
      },
    },
    dir,
  )
  assert.ok(existsSync(join(orvalDir, 'client.ts')), `orval wrote no client: ${said.join('\n')}`)
  writeFileSync(join(orvalDir, 'program.ts'), ORVAL_PROGRAM)

  // One compiler run for the three: the check under --strict, and the programs as JavaScript.
  await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { maxBuffer: 16 << 20 }).catch(
    (failed: { stdout: string; stderr: string }) => assert.fail(`tsc --strict: ${failed.stdout}${failed.stderr}`),
  )
}

// What an integrator writes with openapi-typescript's types alone: a body of the named type, an
// answer read through the named resource. Fields with a default left out: works_holidays,
// remote_work_allowed; taxes, reconciled; active.
const NAMED_TYPES = `import type { components, paths } from './schema.js'
type Body = paths['/api/v1/absences']['post']['requestBody']
const body: NonNullable<Body>['content']['application/json'] = {
  user_id: 'usr_1', type: 'vacation', start_date: '2027-01-11', end_date: '2027-01-15',
}
const same: components['requestBodies']['AbsencesCreateRequest']['content']['application/json'] = body
const user: components['requestBodies']['UsersCreateRequest']['content']['application/json'] = {
  email: 'ana@example.com', full_name: 'Ana',
}
const project: components['requestBodies']['ProjectsCreateRequest']['content']['application/json'] = {
  code: 'P1', name: 'Project',
}
const decision: components['requestBodies']['OvertimeLotsDecideRequest']['content']['application/json'] = {
  decision: 'approved', compensation: 'pay',
}
const feed: components['requestBodies']['CalendarFeedsCreateRequest']['content']['application/json'] = {
  scope: 'me',
}
const type: components['requestBodies']['AbsenceTypesCreateRequest']['content']['application/json'] = {
  key: 'moving', label: 'Moving house',
}
export { user, project, decision, feed, type, same }
type Answer = paths['/api/v1/absences/{absence_id}']['get']['responses'][200]['content']['application/json']
export function statusOf(answer: Answer): components['schemas']['Absence']['status'] {
  return answer.data.status
}
`

let made: Promise<void> | undefined
const compiled = () => (made ??= generateAndCompile())

forEachEngine(
  'clients generated from the served document',
  (t: TestContext) => {
    before(() => t.app.listen({ port: Number(new URL(origin).port), host: '127.0.0.1' }))

    it('the three generate from the served document and compile under tsc --strict', () => compiled())

    for (const [generator, program] of [
      ['openapi-typescript', 'openapi-typescript/program.js'],
      ['hey-api', 'hey-api/program.js'],
      ['orval', 'orval/program.js'],
    ] as const)
      it(`${generator}: a program creates, lists and reads a user, clocks a punch and narrows its events`, async () => {
        await compiled()
        const tenant = await t.newTenant()
        const email = uniqueEmail('client')
        const { stdout } = await run(process.execPath, [join(dir, 'out', program)], {
          env: { ...process.env, JORNADA_URL: origin, JORNADA_KEY: tenant.adminKey, JORNADA_EMAIL: email },
        }).catch((failed: { stdout: string; stderr: string }) =>
          assert.fail(`${generator}'s program failed: ${failed.stdout}${failed.stderr}`),
        )
        const report = JSON.parse(stdout) as ClientReport
        assert.equal(report.base_url, origin)
        assert.deepEqual(report.read, { id: report.id, email })
        assert.ok(report.listed.includes(email), 'the list has the new user')
        assert.equal(report.listed.length, 2, 'the administrator and the new user')
        assert.deepEqual(report.punch, { user_id: report.id, type: 'in' })
        assert.deepEqual(report.punch_events, [{ user_id: report.id, type: 'in' }])
        assert.ok(report.user_events.includes(email), 'the user.created event, narrowed, has the email')
        // The program spoke to this service: the user and the punch are there.
        assert.equal((await tenant.admin.get(`/api/v1/users/${report.id}`)).body.data.email, email)
        const punches = await tenant.admin.get('/api/v1/events?type=punch.created')
        assert.deepEqual(
          punches.body.data.map((event: { data: { user_id: string } }) => event.data.user_id),
          [report.id],
        )
      })
  },
  { app: { accounts: { publicUrl: origin } } },
)
