/**
 * Independent tools read the OpenAPI document right: Spectral's `spectral:oas` ruleset finds
 * nothing, and two client generators (openapi-typescript, @hey-api/openapi-ts) write clients that
 * compile under `tsc --strict`, with the named types an integrator looks for.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { createClient } from '@hey-api/openapi-ts'
import spectralCore from '@stoplight/spectral-core'
import spectralParsers from '@stoplight/spectral-parsers'
import spectralRulesets from '@stoplight/spectral-rulesets'
import openapiTS, { astToString } from 'openapi-typescript'
import { openApiDocument } from '../scripts/generate-sdk-types.js'

const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))

/** Type-checks a folder of generated TypeScript as strictly as the project itself. */
function compileStrict(dir: string): void {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      },
      include: ['**/*.ts'],
    }),
  )
  const run = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' })
  assert.equal(run.status, 0, `tsc --strict: ${run.stdout}${run.stderr}`)
}

describe('independent tools read the API description', { timeout: 240_000 }, () => {
  let document: Record<string, any>
  let dir: string

  before(async () => {
    document = await openApiDocument()
    dir = mkdtempSync(join(tmpdir(), 'jornada-clients-'))
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('Spectral’s spectral:oas ruleset finds nothing to say', async () => {
    const { Spectral, Document } = spectralCore
    const spectral = new Spectral()
    spectral.setRuleset({ extends: [[spectralRulesets.oas as never, 'recommended']] } as never)
    const results = await spectral.run(new Document(JSON.stringify(document), spectralParsers.Json))
    assert.deepEqual(
      results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`),
      [],
    )
  })

  it('openapi-typescript: the types compile strictly, and a request is typed by its named body', async () => {
    const out = join(dir, 'openapi-typescript')
    mkdirSync(out)
    writeFileSync(
      join(out, 'schema.ts'),
      // Its default options: a field with a default is required in a schema, optional in a request body.
      astToString(await openapiTS(structuredClone(document) as never)),
    )
    // What an integrator writes: a body of the named type, an answer read through the named resource.
    writeFileSync(
      join(out, 'use.ts'),
      `import type { components, paths } from './schema'
type Body = paths['/api/v1/absences']['post']['requestBody']
const body: NonNullable<Body>['content']['application/json'] = {
  user_id: 'usr_1', type: 'vacation', start_date: '2027-01-11', end_date: '2027-01-15',
}
const same: components['requestBodies']['AbsencesCreateRequest']['content']['application/json'] = body
// Fields with a default left out: works_holidays, remote_work_allowed; taxes, reconciled; active.
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
export { user, project, decision, feed, type }
type Answer = paths['/api/v1/absences/{absence_id}']['get']['responses'][200]['content']['application/json']
export function statusOf(answer: Answer): components['schemas']['Absence']['status'] {
  return answer.data.status
}
export { same }
`,
    )
    compileStrict(out)
  })

  it('@hey-api/openapi-ts: the client and its SDK compile strictly, with one type per resource', async () => {
    const out = join(dir, 'hey-api')
    await createClient({
      input: join(dir, 'openapi.json'),
      output: out,
      plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
      logs: { level: 'silent' },
    } as never)
    const types = readFileSync(join(out, 'types.gen.ts'), 'utf8')
    for (const name of ['Absence', 'Punch', 'UserFull', 'ErrorBody', 'AbsencesCreateRequest'])
      assert.match(types, new RegExp(`export type ${name} = `), `a ${name} type`)
    compileStrict(out)
  })
})
