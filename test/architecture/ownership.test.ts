/**
 * Each module owns its tables (docs/decisions/0025-request-phases-and-module-ownership.md): only
 * the owner's files name them, in a query builder (`selectFrom('punches as p')`, a join, a
 * table type) or in raw SQL (`from punches`); every other module reads them through the owner's
 * front door. The rule is shown to catch a planted violation.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { partOf, readSources, type SourceFile } from '../../scripts/import-graph.js'
import { ATTENDANCE_TABLES } from '../../src/modules/attendance/owned-tables.js'

/** Owner module (as partOf names it) -> the tables only it may name. Each owner declares its own list. */
const OWNED_TABLES: Readonly<Record<string, readonly string[]>> = {
  'modules/attendance': ATTENDANCE_TABLES,
}

const sources = readSources(new URL('../../src', import.meta.url).pathname)

/** The text with its // and /* *\/ comments blanked: prose about a table is not a query of it. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

/**
 * Whether code names `table`: as a whole quoted string, alone or with an alias (a query builder's
 * `'punches'`, `'punches as p'`, a table type's `'punches'`, raw SQL's `"punches"`), or after a
 * table keyword of SQL inside a template literal (`from punches p`). A file name such as
 * `'punches.jsonl'`, a property (`DailyEntryType['punches']`) or a sentence in a string is not a table.
 */
function namesTable(code: string, table: string): boolean {
  const quoted = new RegExp(`(['"\`])${table}(\\s+as\\s+\\w+)?\\1`, 'g')
  const isProperty = (at: number, length: number) => code[at - 1] === '[' && code[at + length] === ']'
  if ([...code.matchAll(quoted)].some((m) => !isProperty(m.index, m[0].length))) return true
  const inSql = new RegExp(`\\b(from|join|into|update|table)\\s+"?${table}(?![\\w.])`, 'i')
  return [...code.matchAll(/`[^`]*`/g)].some(([template]) => inSql.test(template))
}

/**
 * The files of a module that may name a table: its repositories (the only files that build
 * queries, test/architecture/architecture.test.ts) and its table types. A word in a message of the
 * command line (`'punches'`) is not a query.
 */
const namesTables = (path: string) =>
  path.startsWith('modules/') && (path.endsWith('.repository.ts') || path.endsWith('.tables.ts'))

/** `path: table` for each file of a module that names a table another module owns. */
function foreignTables(files: readonly SourceFile[], owners: Readonly<Record<string, readonly string[]>>): string[] {
  return files
    .filter((f) => namesTables(f.path))
    .flatMap((f) => {
      const code = withoutComments(f.text)
      const module = partOf(f.path)
      return Object.entries(owners)
        .filter(([owner]) => owner !== module)
        .flatMap(([, tables]) => tables.filter((table) => namesTable(code, table)))
        .map((table) => `${f.path}: ${table}`)
    })
}

const file = (path: string, text: string): SourceFile => ({ path, text })

/**
 * The tables every layer reads, declared in db/schema.ts itself: auth/ builds the caller from a
 * company and a person, and db/ locks and scopes by them. Every other table is a module's.
 */
const CORE_TABLES = ['tenants', 'users']

/** The table declarations of the `Database` interface: which file declares each table, and as which type. */
interface TableDeclaration {
  table: string
  type: string
  path: string
}

/**
 * Where the tables of `Database` are declared, and what is wrong with it: the core's in
 * db/schema.ts, a module's in its own `modules/<m>/<m>.tables.ts`, merged into the interface by
 * `declare module '../../db/schema.js'`. A table declared twice, a merging block anywhere else,
 * or a table whose type lives in another file (a module's table type belongs to its tables file)
 * is a problem, named by file.
 */
function tableDeclarations(files: readonly SourceFile[]): { declarations: TableDeclaration[]; problems: string[] } {
  const declarations: TableDeclaration[] = []
  const problems: string[] = []
  for (const f of files) {
    const code = withoutComments(f.text)
    const core = f.path === 'db/schema.ts'
    const merges = /declare\s+module\s+['"][./]*db\/schema\.js['"]/.test(code)
    const blocks = [...code.matchAll(/\binterface\s+Database\s*\{([^}]*)\}/g)]
    if (blocks.length === 0) continue
    const owner = /^modules\/([^/]+)\/\1\.tables\.ts$/.exec(f.path)
    if (!core && !(merges && owner)) {
      problems.push(`${f.path}: declares tables of Database outside db/schema.ts and a module's <m>.tables.ts`)
      continue
    }
    for (const [, body] of blocks)
      for (const [, table, type] of body!.matchAll(/^\s*(\w+)\s*:\s*(\w+)/gm)) {
        declarations.push({ table: table!, type: type!, path: f.path })
        if (!new RegExp(`\\bexport\\s+interface\\s+${type}\\b`).test(code))
          problems.push(`${f.path}: ${table}'s type ${type} is not declared in this file`)
      }
  }
  const pathsOf = new Map<string, string[]>()
  for (const d of declarations) pathsOf.set(d.table, [...(pathsOf.get(d.table) ?? []), d.path])
  for (const [table, paths] of pathsOf)
    if (paths.length > 1) problems.push(`${table}: declared in ${paths.join(' and ')}`)
  return { declarations, problems }
}

/** The tables the migrations create: every one must have its type. */
function migratedTables(files: readonly SourceFile[]): string[] {
  return files
    .filter((f) => f.path.startsWith('db/migrations/'))
    .flatMap((f) => [...f.text.matchAll(/createTable\(\s*'(\w+)'/g)].map((m) => m[1]!))
}

describe('each module owns its tables', () => {
  it('no module names a table another module owns: it uses the owner’s front door', () => {
    assert.deepEqual(foreignTables(sources, OWNED_TABLES), [])
  })

  it('every owned table is a table of the schema (a renamed table would leave the rule checking nothing)', () => {
    const declared = new Set(tableDeclarations(sources).declarations.map((d) => d.table))
    const missing = Object.values(OWNED_TABLES)
      .flat()
      .filter((table) => !declared.has(table))
    assert.deepEqual(missing, [])
  })

  it('the ownership check finds planted table names, and leaves the owner, comments and file names alone (fixture)', () => {
    const planted = [
      file('modules/reports/reports.repository.ts', "db.selectFrom('punches').select('ts')"),
      file(
        'modules/overtime/overtime.repository.ts',
        "db.selectFrom('users as u').leftJoin('punch_supersessions as s', 's.user_id', 'u.id')",
      ),
      file(
        'modules/work-calendar/work-calendar.repository.ts',
        'sql`select seq from punch_chain_heads where user_id = 1`',
      ),
      file(
        'modules/record-export/record-export.repository.ts',
        "type E = ExpressionBuilder<Database, 'punch_corrections'>",
      ),
      file('modules/projects/projects.repository.ts', 'sql`select 1 from "punches" p join x on true`'),
      file(
        'modules/attendance/attendance.repository.ts',
        "db.selectFrom('punches as p').innerJoin('punch_chain_heads as h')",
      ),
      file(
        'modules/record-export/record-export.format.ts',
        [
          "export const DATA_FILES = ['punches.jsonl', 'corrections.jsonl'] as const",
          '// reads from punches through attendance',
          "/* selectFrom('punches') was here */",
          "const description = 'every stored punch of each employee, from punches superseded or not'",
          'const message = `some punches from the record`',
          "type Punches = DailyEntryType['punches']",
        ].join('\n'),
      ),
      file('cli.ts', "program.command('punches')"),
      file('modules/record-export/record-export.cli.ts', "plural(count, 'punch', 'punches')"),
    ]
    assert.deepEqual(foreignTables(planted, OWNED_TABLES), [
      'modules/reports/reports.repository.ts: punches',
      'modules/overtime/overtime.repository.ts: punch_supersessions',
      'modules/work-calendar/work-calendar.repository.ts: punch_chain_heads',
      'modules/record-export/record-export.repository.ts: punch_corrections',
      'modules/projects/projects.repository.ts: punches',
    ])
  })

  it('the check holds for any owner, not attendance alone (fixture)', () => {
    const owners = { 'modules/a': ['a_rows'], 'modules/b': ['b_rows'] }
    const planted = [
      file('modules/a/a.repository.ts', "db.selectFrom('a_rows').innerJoin('b_rows as b', 'b.id', 'a_rows.b_id')"),
      file('modules/b/b.repository.ts', "db.selectFrom('b_rows')"),
      file('modules/c/c.repository.ts', 'sql`insert into a_rows (id) values (1)`'),
    ]
    assert.deepEqual(foreignTables(planted, owners), [
      'modules/a/a.repository.ts: b_rows',
      'modules/c/c.repository.ts: a_rows',
    ])
  })
})

describe('each table is declared in exactly one place', () => {
  const { declarations, problems } = tableDeclarations(sources)

  it('db/schema.ts declares the core tables, each module its own in its <m>.tables.ts, none twice', () => {
    assert.deepEqual(problems, [])
    assert.deepEqual(
      declarations.filter((d) => d.path === 'db/schema.ts').map((d) => d.table),
      CORE_TABLES,
      'db/schema.ts declares the core tables only: a module declares its own in its <m>.tables.ts',
    )
  })

  it('every table the migrations create has its type, and no type names a table they do not create', () => {
    const declared = declarations.map((d) => d.table).sort()
    assert.deepEqual(declared, [...new Set(migratedTables(sources))].sort())
  })

  it('attendance’s owned tables are the tables its tables file declares', () => {
    const own = declarations.filter((d) => d.path === 'modules/attendance/attendance.tables.ts').map((d) => d.table)
    assert.deepEqual([...own].sort(), [...ATTENDANCE_TABLES].sort())
  })

  it('finds a table declared twice, a merge outside a tables file and a type kept elsewhere (fixture)', () => {
    const merge = (tables: string) => `declare module '../../db/schema.js' {\n  interface Database {\n${tables}\n  }\n}`
    const planted = [
      file(
        'db/schema.ts',
        'export interface TenantsTable { id: string }\nexport interface Database {\n  tenants: TenantsTable\n}',
      ),
      file(
        'modules/things/things.tables.ts',
        `export interface ThingsTable { id: string }\n// tenants: not a declaration\n${merge('    things: ThingsTable')}`,
      ),
      file(
        'modules/other/other.tables.ts',
        `export interface TenantsTable { id: string }\n${merge('    tenants: TenantsTable')}`,
      ),
      file(
        'modules/stray/stray.repository.ts',
        `export interface StrayTable { id: string }\n${merge('    stray: StrayTable')}`,
      ),
      file(
        'modules/misnamed/things.tables.ts',
        `export interface GadgetsTable { id: string }\n${merge('    gadgets: GadgetsTable')}`,
      ),
      file(
        'modules/borrow/borrow.tables.ts',
        `import type { ThingsTable } from '../things/index.js'\n${merge('    borrowed: ThingsTable')}`,
      ),
    ]
    const { declarations, problems } = tableDeclarations(planted)
    assert.deepEqual(problems, [
      "modules/stray/stray.repository.ts: declares tables of Database outside db/schema.ts and a module's <m>.tables.ts",
      "modules/misnamed/things.tables.ts: declares tables of Database outside db/schema.ts and a module's <m>.tables.ts",
      "modules/borrow/borrow.tables.ts: borrowed's type ThingsTable is not declared in this file",
      'tenants: declared in db/schema.ts and modules/other/other.tables.ts',
    ])
    assert.deepEqual(
      declarations.map((d) => `${d.path}: ${d.table}`),
      [
        'db/schema.ts: tenants',
        'modules/things/things.tables.ts: things',
        'modules/other/other.tables.ts: tenants',
        'modules/borrow/borrow.tables.ts: borrowed',
      ],
    )
  })

  it('the migrations are read for createTable, whatever else they do (fixture)', () => {
    const planted = [
      file(
        'db/migrations/0001_x.ts',
        "await db.schema.createTable('things').addColumn('id', 'text').execute()\nawait db.schema.dropTable('things').execute()",
      ),
      file('modules/x/x.repository.ts', "db.schema.createTable('not_a_migration')"),
    ]
    assert.deepEqual(migratedTables(planted), ['things'])
  })
})
