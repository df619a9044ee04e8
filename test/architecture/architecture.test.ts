/**
 * The shape of the code, checked on every run: the parts of src/ form a one-way import graph,
 * only route files meet the web edge (http/), only repositories (and db/) build queries, and the
 * layers at the bottom (lib, db, auth, errors) import nothing above them.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cyclesOf, importsOf, partGraph, partOf, readSources, type SourceFile } from '../helpers/import-graph.js'

const sources = readSources(new URL('../../src', import.meta.url).pathname)

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
    const offenders = sources
      .filter((f) => !f.path.endsWith('.routes.ts') && ['modules', 'lib', 'db', 'auth'].includes(f.path.split('/')[0]!))
      .filter((f) => importsOf(f).some((target) => partOf(target) === 'http'))
      .map((f) => f.path)
    assert.deepEqual(offenders, [])
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
