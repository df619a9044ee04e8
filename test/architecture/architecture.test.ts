/**
 * The shape of the code, checked on every run: the parts of src/ form a one-way import graph,
 * only route files meet the web edge (http/), only repositories (and db/) build queries, and the
 * layers at the bottom (lib, db, auth, errors) import nothing above them. The unit of work is a
 * value: services take the request's scope, route handlers reach the database only through it,
 * nothing flows through AsyncLocalStorage, every "now" of a module comes from its scope, and
 * modules meet only at each other's front door (index.ts). Each rule is shown to catch a planted
 * violation.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  clockReads,
  cyclesOf,
  importsOf,
  partGraph,
  partOf,
  reachesPastEntry,
  readSources,
  routesWithHandle,
  type SourceFile,
  unscopedServices,
} from '../../scripts/import-graph.js'
import { discoverModules } from '../../src/app.js'
import { NEVER_DELETED, NEVER_UPDATED } from '../../src/modules/housekeeping/index.js'

/**
 * The record is append-only and kept (docs/decisions/0010-legal-working-time-record.md,
 * docs/decisions/0019-representatives-and-record-export.md, modules/housekeeping/retention.ts).
 */
const KEPT: readonly string[] = NEVER_DELETED
const UNCHANGED: readonly string[] = NEVER_UPDATED

const sources = readSources(new URL('../../src', import.meta.url).pathname)

/**
 * Files below the web edge that import it: only route files may, and a module's front door may
 * import http/module.ts to declare how the module plugs in.
 */
function webEdgeImports(files: readonly SourceFile[]): string[] {
  return files
    .filter((f) => !f.path.endsWith('.routes.ts') && ['modules', 'lib', 'db', 'auth'].includes(f.path.split('/')[0]!))
    .filter((f) =>
      importsOf(f).some(
        (target) => partOf(target) === 'http' && !(f.path.endsWith('/index.ts') && target === 'http/module.ts'),
      ),
    )
    .map((f) => f.path)
}

describe('import graph of src/', () => {
  it('has no cycle between parts: no module imports one that imports it back', () => {
    const cycles = cyclesOf(partGraph(sources))
    assert.deepEqual(
      cycles.map((c) => c.join(' -> ')),
      [],
    )
  })

  it('the cycle check finds a cycle, direct or through other parts (fixture)', () => {
    const file = (path: string, ...imports: string[]): SourceFile => ({
      path,
      text: imports.map((i) => `import { x } from '${i}'\n`).join(''),
    })
    const fixture = [
      file('modules/a/a.service.ts', '../b/b.repository.js'),
      file('modules/b/b.repository.ts', '../c/c.logic.js', '../../lib/ids.js'),
      file('modules/c/c.logic.ts', '../a/a.service.js'),
      file('modules/d/d.service.ts', '../a/a.service.js'),
      file('lib/ids.ts'),
    ]
    assert.deepEqual(cyclesOf(partGraph(fixture)), [['modules/a', 'modules/b', 'modules/c', 'modules/a']])
    // One type-only import back is enough to make a cycle.
    const typeBack = [
      file('modules/a/a.service.ts', '../b/b.logic.js'),
      { path: 'modules/b/b.logic.ts', text: "import type { A } from '../a/a.service.js'\n" },
    ]
    assert.deepEqual(cyclesOf(partGraph(typeBack)), [['modules/a', 'modules/b', 'modules/a']])
    assert.deepEqual(cyclesOf(partGraph([fixture[0]!, fixture[4]!])), [])
  })

  it('services, repositories and logic never import the web edge (http/); only route files do', () => {
    assert.deepEqual(webEdgeImports(sources), [])
  })

  it('a front door imports of the web edge only http/module.ts, to declare its module (fixture)', () => {
    assert.deepEqual(
      webEdgeImports([
        { path: 'modules/a/index.ts', text: "import { defineModule } from '../../http/module.js'\n" },
        { path: 'modules/a/a.routes.ts', text: "import { operations } from '../../http/route.js'\n" },
        { path: 'modules/b/index.ts', text: "import { operations } from '../../http/route.js'\n" },
        { path: 'modules/b/b.service.ts', text: "import { defineModule } from '../../http/module.js'\n" },
      ]),
      ['modules/b/index.ts', 'modules/b/b.service.ts'],
    )
  })

  it('the bottom layers import nothing above them', () => {
    const allowed: Record<string, readonly string[]> = {
      errors: [],
      lib: ['errors'],
      db: ['lib', 'errors'],
      auth: ['db', 'lib', 'errors'],
      http: ['auth', 'db', 'lib', 'errors'],
    }
    const graph = partGraph(sources)
    const offenders = Object.entries(allowed).flatMap(([part, may]) =>
      [...(graph.get(part) ?? [])].filter((to) => !may.includes(to)).map((to) => `${part} -> ${to}`),
    )
    assert.deepEqual(offenders, [])
  })

  it('only repositories and db/ build queries (no Kysely query builder or raw SQL elsewhere)', () => {
    const QUERY =
      /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)\(|\bsql(\.raw)?`|\bsql\.(raw|lit|ref|table|id)\(|import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/
    const offenders = sources
      .filter((f) => !f.path.startsWith('db/') && !f.path.endsWith('.repository.ts'))
      .filter((f) => QUERY.test(f.text))
      .map((f) => f.path)
    assert.deepEqual(offenders, [])
  })
})

const file = (path: string, text: string): SourceFile => ({ path, text })

function recordWrites(files: readonly SourceFile[]): string[] {
  const found: string[] = []
  for (const f of files) {
    for (const m of f.text.matchAll(/\.(deleteFrom|updateTable)\(\s*'([a-z_]+)/g)) {
      const [, verb, table] = m
      if ((verb === 'deleteFrom' ? KEPT : UNCHANGED).includes(table!)) found.push(`${f.path}: ${verb} ${table}`)
    }
    for (const m of f.text.matchAll(/\b(delete\s+from|update|truncate(?:\s+table)?)\s+"?([a-z_]+)/gi)) {
      const [, verb, table] = m
      const deleting = !/^update$/i.test(verb!)
      if ((deleting ? KEPT : UNCHANGED).includes(table!.toLowerCase())) found.push(`${f.path}: ${verb} ${table}`)
    }
  }
  return found
}

describe('the record is append-only and kept', () => {
  it('no code deletes from the record, the access log or the audit log, or rewrites a punch', () => {
    const code = sources.filter((f) => !f.path.startsWith('db/migrations/'))
    assert.deepEqual(recordWrites(code), [])
  })

  it('the check finds a planted deletion and a planted update (fixture)', () => {
    assert.deepEqual(
      recordWrites([
        file('modules/x/x.repository.ts', "db.deleteFrom('punches').where('id', '=', id)"),
        file('modules/y/y.repository.ts', "db.updateTable('access_log').set({ status: 200 })"),
        file('modules/z/z.repository.ts', 'sql`delete from audit_log where at < ${cutoff}`'),
        file('modules/w/w.repository.ts', "db.updateTable('punch_corrections').set({ status: 'approved' })"),
      ]),
      [
        'modules/x/x.repository.ts: deleteFrom punches',
        'modules/y/y.repository.ts: updateTable access_log',
        'modules/z/z.repository.ts: delete from audit_log',
      ],
    )
  })
})

const inModules = sources.filter((f) => f.path.startsWith('modules/'))

describe('the unit of work is a value', () => {
  it('nothing in src/ uses AsyncLocalStorage: no state flows invisibly through a request', () => {
    assert.deepEqual(
      sources.filter((f) => /\bAsyncLocalStorage\b|node:async_hooks/.test(f.text)).map((f) => f.path),
      [],
    )
  })

  it('services take the scope, never a database handle and a caller side by side', () => {
    assert.deepEqual(unscopedServices(inModules), [])
    const planted = file(
      'modules/x/x.service.ts',
      'export async function getX(db: Db, auth: AuthContext, id: string) {}\nexport function ok(scope: RequestScope) {}',
    )
    assert.deepEqual(unscopedServices([planted]), ['modules/x/x.service.ts'])
    assert.deepEqual(
      unscopedServices([file('modules/x/x.service.ts', 'export function ok(scope: RequestScope) {}')]),
      [],
    )
  })

  it('route files never name a database handle: handlers get the request scope', () => {
    assert.deepEqual(routesWithHandle(sources), [])
    const planted = file('modules/x/x.routes.ts', 'routes: ({ db }) => async (app) => app.get("/x", () => getX(db))')
    assert.deepEqual(routesWithHandle([planted]), ['modules/x/x.routes.ts'])
  })

  it('modules read no wall clock: every now comes from the scope or the clock they are given', () => {
    assert.deepEqual(clockReads(inModules), [])
    const planted = file(
      'modules/x/x.service.ts',
      [
        '// Date.now() in a comment is fine',
        'const a = Date.now()',
        'const b = new Date()',
        'const c = new Date(scope.now)',
        'const d = nowIso()',
        'const e = DateTime.now().setZone(zone)',
      ].join('\n'),
    )
    assert.deepEqual(clockReads([planted]), [
      'modules/x/x.service.ts:2',
      'modules/x/x.service.ts:3',
      'modules/x/x.service.ts:5',
      'modules/x/x.service.ts:6',
    ])
  })
})

/**
 * Imports of module code that a command file (`<m>.cli.ts`) makes as it loads: the command line
 * imports every command file at start, so each must load its module in the command's action
 * (`await import('./index.js')`), importing only types up front.
 */
function eagerCommandImports(files: readonly SourceFile[]): string[] {
  const STATIC = /^(?:import|export)\s+(?!type\b)[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm
  return files
    .filter((f) => /^modules\/[^/]+\/[^/]+\.cli\.ts$/.test(f.path))
    .flatMap((f) =>
      [...f.text.matchAll(STATIC)]
        .map((m) => m[1]!)
        .filter(
          (specifier) => specifier.startsWith('./') || (specifier.startsWith('../') && !specifier.startsWith('../../')),
        )
        .map((specifier) => `${f.path} -> ${specifier}`),
    )
}

describe('modules meet through their front doors', () => {
  it("each module's descriptor declares exactly the modules it imports as its dependencies", async () => {
    const graph = partGraph(sources)
    const declared = await discoverModules()
    const mismatched = declared
      .map((m) => ({
        module: m.name,
        declared: [...(m.dependsOn ?? [])].sort(),
        imported: [...(graph.get(`modules/${m.name}`) ?? [])]
          .filter((p) => p.startsWith('modules/'))
          .map((p) => p.slice('modules/'.length))
          .sort(),
      }))
      .filter((m) => m.declared.join() !== m.imported.join())
    assert.deepEqual(mismatched, [])
    assert.deepEqual(
      declared.map((m) => m.name).sort(),
      [...graph.keys()]
        .filter((p) => p.startsWith('modules/'))
        .map((p) => p.slice('modules/'.length))
        .sort(),
    )
  })

  it('another module is imported only through its index.ts', () => {
    assert.deepEqual(reachesPastEntry(sources), [])
  })

  it('the entry check finds an import past the front door (fixture)', () => {
    const planted = [
      file('modules/a/a.service.ts', "import { x } from '../b/b.repository.js'\nimport { y } from '../b/index.js'\n"),
      file('modules/a/a.routes.ts', "import { z } from './a.service.js'\n"),
      file('app.ts', "import { usersApi } from './modules/users/users.routes.js'\n"),
    ]
    assert.deepEqual(reachesPastEntry(planted), [
      'modules/a/a.service.ts -> modules/b/b.repository.ts',
      'app.ts -> modules/users/users.routes.ts',
    ])
  })

  it("a module's command file loads module code only when its command runs, so the command line starts light", () => {
    assert.deepEqual(eagerCommandImports(sources), [])
    const planted = [
      file(
        'modules/a/a.cli.ts',
        [
          "import { defineCommands } from '../../command-line.js'",
          "import type { Report } from './index.js'",
          "import { heavy } from './a.service.js'",
          "export { b } from '../b/index.js'",
          "const later = () => import('./index.js')",
        ].join('\n'),
      ),
    ]
    assert.deepEqual(eagerCommandImports(planted), [
      'modules/a/a.cli.ts -> ./a.service.js',
      'modules/a/a.cli.ts -> ../b/index.js',
    ])
  })
})
