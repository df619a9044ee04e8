import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { it } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  API_CONVENTIONS_PATH,
  DEVELOPMENT_PATH,
  INTEGRATIONS_PATH,
  renderDevelopmentDocs,
  renderGeneratedDocs,
  renderIntegrationsDocs,
  renderModuleMap,
} from '../../scripts/generate-docs.js'
import { catalogueOf, readDeclarations } from '../../scripts/generate-catalogue.js'
import { eventsOfEveryType } from '../../scripts/event-samples.js'
import { openApiDocument } from '../../scripts/generate-sdk-types.js'
import { EVENT_TYPES } from '../../src/modules/events/events.logic.js'
import { documentValidator } from '../helpers/openapi.js'
import { SCOPES } from '../../src/auth/scopes.js'
import { ERROR_CATALOGUE } from '../../src/errors.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DECISIONS = join(ROOT, 'docs', 'decisions')

function markdownFiles(): string[] {
  const pages = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(dir, name))
  return [join(ROOT, 'README.md'), ...pages(join(ROOT, 'docs')), ...pages(DECISIONS)]
}

/** The text without fenced code blocks and inline code, where brackets are not links. */
function withoutCode(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    result.add(n === 0 ? base : `${base}-${n}`)
  }
  return result
}

it('the generated parts of docs/api-conventions.md are up to date', () => {
  const committed = readFileSync(API_CONVENTIONS_PATH, 'utf8')
  const regenerated = renderGeneratedDocs(committed)
  assert.ok(
    regenerated === committed,
    'docs/api-conventions.md is out of date with the error catalogue or the scopes: run `npm run docs` and commit the result',
  )
})

it('the event samples in docs/integrations.md are what the API writes today', async () => {
  const committed = readFileSync(INTEGRATIONS_PATH, 'utf8')
  const regenerated = await renderIntegrationsDocs(committed)
  assert.ok(
    regenerated === committed,
    'docs/integrations.md has event samples of another shape than the API writes: run `npm run docs` and commit the result',
  )
})

it('every event type the service writes is valid against its schema, the union `Event` and its webhook', async () => {
  const document = await openApiDocument()
  const strict = documentValidator(document as Record<string, any>, { allErrors: true })
  const union = strict.component('Event')
  const page = strict.validator(
    (document as any).paths['/api/v1/events'].get.responses['200'].content['application/json'].schema,
  )
  const { events } = await eventsOfEveryType()
  assert.ok(
    page({ data: events, meta: { page_size: 500, next_after: null, has_more: false } }),
    strict.ajv.errorsText(page.errors),
  )
  const mapping = (document as any).components.schemas.Event.discriminator.mapping as Record<string, string>
  assert.deepEqual(Object.keys(mapping), [...EVENT_TYPES], 'one branch of the union per event type')
  for (const type of EVENT_TYPES) {
    const sample = events.find((event) => event.type === type)
    assert.ok(sample, `an event of type ${type} was made`)
    const own = strict.component(mapping[type]!.replace('#/components/schemas/', ''))
    assert.ok(own(sample), `${type} against ${mapping[type]}: ${strict.ajv.errorsText(own.errors)}`)
    assert.ok(union(sample), `${type} against Event: ${strict.ajv.errorsText(union.errors)}`)
    const webhook = (document as any).webhooks[type].post
    assert.equal(webhook.requestBody.content['application/json'].schema.$ref, mapping[type])
    // Another type's envelope is no match: the union tells them apart.
    const other = EVENT_TYPES.find((t) => t !== type)!
    assert.ok(!own({ ...sample, type: other }), `${mapping[type]} refuses type ${other}`)
  }
  // A type's data of the wrong shape is refused, so the union types `data` by `type`.
  const absence = events.find((event) => event.type === 'absence.created')!
  assert.ok(!union({ ...absence, data: { id: 'x' } }), 'an absence event with no absence in it is refused')
})

it('the published scopes and error codes are what core.catalogue.ts and the modules declare, in their order', async () => {
  const published = { scopes: [...SCOPES], errors: ERROR_CATALOGUE }
  const declared = catalogueOf(published, await readDeclarations())
  const message =
    'src/auth/scopes.ts or src/errors.ts differs from the catalogue files: run `npm run docs` and commit the result'
  assert.deepEqual(declared.scopes, published.scopes, message)
  assert.deepEqual(Object.entries(declared.errors), Object.entries(published.errors), message)
})

it("a module's catalogue file is named after it, or the generator would not find it", () => {
  const modules = join(ROOT, 'src', 'modules')
  const misnamed = readdirSync(modules).flatMap((name) =>
    statSync(join(modules, name)).isDirectory()
      ? readdirSync(join(modules, name))
          .filter((file) => file.endsWith('.catalogue.ts') && file !== `${name}.catalogue.ts`)
          .map((file) => `src/modules/${name}/${file}`)
      : [],
  )
  assert.deepEqual(misnamed, [])
})

it('the module map in docs/development.md is the import graph of src/modules as it is', () => {
  const committed = readFileSync(DEVELOPMENT_PATH, 'utf8')
  assert.ok(
    renderDevelopmentDocs(committed) === committed,
    'docs/development.md has another module map than src/modules draws: run `npm run docs` and commit the result',
  )
})

it('the module map follows a new import and says what a module is for (fixture)', () => {
  const door = (name: string, purpose: string, imports = '') => ({
    path: `modules/${name}/index.ts`,
    text: `/**\n * ${purpose} (docs/decisions/0005-attendance.md). This front door is what\n * others may use.\n */\n${imports}`,
  })
  const files = [
    door('clocks', 'Clocks: devices at the door', "export { who } from '../people/index.js'\n"),
    door('people', 'People: who works here'),
  ]
  assert.deepEqual(renderModuleMap(files).split('\n').slice(2), [
    '| `clocks` | `people` | Clocks: devices at the door |',
    '| `people` | (none) | People: who works here |',
  ])
  assert.throws(() => renderModuleMap([{ path: 'modules/bare/index.ts', text: 'export {}\n' }]), /no comment/)
})

it('every relative link in README.md, docs/*.md and docs/decisions/ leads to a file (and heading) that exists', () => {
  const broken: string[] = []
  for (const file of markdownFiles()) {
    const text = withoutCode(readFileSync(file, 'utf8'))
    for (const [, rawTarget] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = rawTarget!
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, https:, mailto: ...
      const [path = '', fragment] = target.split('#', 2)
      const resolved = path === '' ? file : resolve(dirname(file), decodeURI(path))
      const where = `${relative(ROOT, file)}: (${target})`
      if (!existsSync(resolved)) {
        broken.push(`${where}: no such file`)
      } else if (
        fragment &&
        resolved.endsWith('.md') &&
        statSync(resolved).isFile() &&
        !anchors(resolved).has(fragment)
      ) {
        broken.push(`${where}: no heading #${fragment} in ${relative(ROOT, resolved)}`)
      }
    }
  }
  assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`)
})

it('the generator refuses a page without its markers', () => {
  assert.throws(
    () => renderGeneratedDocs('# A page without markers\n'),
    /Marker <!-- generated:errors:start --> not found/,
  )
})

/**
 * Decision records (docs/decisions/README.md). Code, tests and docs cite a decision by its file:
 * `docs/decisions/0016-accounts-and-sign-in.md` in code, `[decision 16](decisions/0016-...)` in a
 * page. A bare "decisions" and a number names a document that is not in the repository, and a path
 * to a record that does not exist names nothing. The samples of the fixture below are put together
 * from pieces, so that this file passes its own check.
 */
const CITED_BY_NUMBER = /(?<![\w/-])decisions?(?:\s+section)?\s*§?\s*(\d+)(?![\d-])/gi
const OUTSIDE_DOCUMENT = /(?<![\w/-])decisions\.md/gi
const RECORD_PATH = /(?<![\w-])decisions\/(\d{4})-[A-Za-z0-9-]*\.md/g
/** What may follow the number for a citation to name its record: `](`, ` (`, a comment's line break. */
const NAMED_AFTER = /^\]?[\s*/]*\(?\s*(?:\.\.\/)*(?:docs\/)?decisions\/(\d{4})-/

const CITING_ROOTS = [
  'src',
  'test',
  'docs',
  'sdk/src',
  'sdk/test',
  'app-page',
  'kiosk-page',
  'page-shared',
  'scripts',
  'bench',
  'README.md',
]
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|json|html|css|webmanifest|svg|ya?ml|sh|txt)$/

interface TextFile {
  path: string
  text: string
}

function citingFiles(): TextFile[] {
  const files: TextFile[] = []
  const visit = (path: string) => {
    const full = join(ROOT, path)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full)) if (name !== 'node_modules' && name !== 'dist') visit(`${path}/${name}`)
    } else if (TEXT_FILE.test(path)) {
      files.push({ path, text: readFileSync(full, 'utf8') })
    }
  }
  for (const root of CITING_ROOTS) visit(root)
  return files
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length
}

/**
 * Every citation of a decision that does not name its record, or names a record that does not
 * exist, as `path:line: what`. `records` holds the file names in docs/decisions/.
 */
function badDecisionCitations(files: readonly TextFile[], records: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    for (const m of text.matchAll(CITED_BY_NUMBER)) {
      const named = NAMED_AFTER.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 40))
      if (named && Number(named[1]) === Number(m[1])) continue
      found.push(`${path}:${lineOf(text, m.index)}: "${m[0]}" names no record in docs/decisions/`)
    }
    for (const m of text.matchAll(OUTSIDE_DOCUMENT)) {
      found.push(`${path}:${lineOf(text, m.index)}: "${m[0]}" is not in the repository; cite a record`)
    }
    for (const m of text.matchAll(RECORD_PATH)) {
      const name = m[0].slice(m[0].indexOf('/') + 1)
      if (!records.has(name)) found.push(`${path}:${lineOf(text, m.index)}: no record ${name} in docs/decisions/`)
    }
  }
  return found
}

function recordFiles(): string[] {
  return readdirSync(DECISIONS)
    .filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))
    .sort()
}

it('code, tests and docs cite decisions by their record in docs/decisions/, and every record cited exists', () => {
  const found = badDecisionCitations(citingFiles(), new Set(recordFiles()))
  assert.deepEqual(found, [], `citations to fix:\n${found.join('\n')}`)
})

it('the citation check finds a bare number, the outside document and a missing record (fixture)', () => {
  const word = 'decision'
  const records = new Set(['0016-accounts-and-sign-in.md'])
  const sample = (path: string, text: string): TextFile => ({ path, text })
  assert.deepEqual(
    badDecisionCitations(
      [
        sample('src/a.ts', `/** Sessions (${word}s 16): a cookie. */`),
        sample('src/b.ts', `// See ${word}s section 16 and ${word}s §3.`),
        sample(
          'docs/c.md',
          `As [${word} 16](${word}s/0016-accounts-and-sign-in.md) and [${word} 14](${word}s/0016-accounts-and-sign-in.md) say.`,
        ),
        sample('docs/d.md', `The rules are in ${word}s.md and [${word} 9](${word}s/0009-extensions.md).`),
        sample(
          'src/e.ts',
          ` * Sessions (docs/${word}s/0016-accounts-and-sign-in.md), and ${word} 0016\n * (docs/${word}s/0016-accounts-and-sign-in.md).`,
        ),
      ],
      records,
    ),
    [
      `src/a.ts:1: "${word}s 16" names no record in docs/decisions/`,
      `src/b.ts:1: "${word}s section 16" names no record in docs/decisions/`,
      `src/b.ts:1: "${word}s §3" names no record in docs/decisions/`,
      `docs/c.md:1: "${word} 14" names no record in docs/decisions/`,
      `docs/d.md:1: "${word}s.md" is not in the repository; cite a record`,
      `docs/d.md:1: no record 0009-extensions.md in docs/decisions/`,
    ],
  )
})

it('every decision record has its number, a status, a context, a decision and consequences, in that order', () => {
  const records = recordFiles()
  assert.ok(records.length > 0, 'no records in docs/decisions/')
  const problems: string[] = []
  records.forEach((name, i) => {
    const text = readFileSync(join(DECISIONS, name), 'utf8')
    const number = Number(name.slice(0, 4))
    if (number !== i + 1) problems.push(`${name}: expected number ${i + 1} (records are numbered without gaps)`)
    if (!text.startsWith(`# ${number}. `)) problems.push(`${name}: the first line must be "# ${number}. Title"`)
    const parts = [
      /^Status: (?:Proposed|Accepted|Deprecated|Superseded)\b/m,
      /^## Context$/m,
      /^## Decision$/m,
      /^## Consequences$/m,
    ].map((part) => text.search(part))
    if (parts.some((at) => at < 0)) problems.push(`${name}: needs Status, ## Context, ## Decision and ## Consequences`)
    else if (parts.some((at, k) => k > 0 && at < parts[k - 1]!)) problems.push(`${name}: parts out of order`)
  })
  assert.deepEqual(problems, [])
})

it('docs/decisions/README.md lists every record with its title and status', () => {
  const index = readFileSync(join(DECISIONS, 'README.md'), 'utf8')
  const missing: string[] = []
  for (const name of recordFiles()) {
    const text = readFileSync(join(DECISIONS, name), 'utf8')
    const title = /^# \d+\. (.+)$/m.exec(text)?.[1]
    const status = /^Status: ([\s\S]+?)\n\n/m.exec(text)?.[1]?.replace(/\s*\n\s*/g, ' ')
    const row = `| ${name.slice(0, 4)} | [${title}](${name}) | ${status} |`
    if (!index.split('\n').includes(row)) missing.push(row)
  }
  assert.deepEqual(missing, [], 'rows the index lacks or shows differently')
})

/**
 * The tests docs/working-time-law.md names, in its tables' last column: a file, then the quoted
 * names of tests in it (`working-time-law` is the legal scenario table). Each must exist, or the
 * page would cite proof that is gone.
 */
function citedTests(page: string): { file: string; name: string | null }[] {
  const cited: { file: string; name: string | null }[] = []
  for (const line of page.split('\n').filter((l) => l.startsWith('|') && !l.startsWith('|---'))) {
    const cells = line.split('|').filter((c) => c.trim() !== '')
    let file: string | null = null
    for (const [, code, quoted] of cells.at(-1)!.matchAll(/`([^`]+)`|"([^"]+)"/g)) {
      if (code === 'working-time-law') file = 'test/api/working-time-law.test.ts'
      else if (code?.startsWith('test/')) file = code
      else if (code) continue
      if (quoted !== undefined && file) cited.push({ file, name: quoted })
      else if (code && file) cited.push({ file, name: null })
    }
  }
  return cited
}

it('every test docs/working-time-law.md names as proof of a rule exists', () => {
  const cited = citedTests(readFileSync(join(ROOT, 'docs', 'working-time-law.md'), 'utf8'))
  assert.ok(cited.filter((c) => c.name).length >= 15, 'the page names its tests')
  const missing = cited.filter(({ file, name }) => {
    const path = join(ROOT, file)
    if (!existsSync(path)) return true
    return name !== null && !readFileSync(path, 'utf8').includes(`'${name}'`)
  })
  assert.deepEqual(missing, [])
})

it('a cited test that is not there is found (fixture)', () => {
  const page = [
    '| Rule | Article | Setting | Test |',
    '|---|---|---|---|',
    '| a | art. 1 | none | `working-time-law` › "no such row"; "nor this" |',
    '| b | art. 2 | `a_setting` | `test/unit/no-such.test.ts` |',
  ].join('\n')
  assert.deepEqual(citedTests(page), [
    { file: 'test/api/working-time-law.test.ts', name: null },
    { file: 'test/api/working-time-law.test.ts', name: 'no such row' },
    { file: 'test/api/working-time-law.test.ts', name: 'nor this' },
    { file: 'test/unit/no-such.test.ts', name: null },
  ])
})
