/**
 * The import graph of src/ between its parts (each module under src/modules, each other folder,
 * each top-level file), read from the import statements of the sources, and the checks the
 * architecture test makes on it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

export interface SourceFile {
  /** Path relative to src/, with forward slashes, e.g. `modules/users/users.service.ts`. */
  path: string
  text: string
}

export function readSources(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) return walk(full)
      return name.endsWith('.ts') ? [full] : []
    })
  return walk(root)
    .sort()
    .map((full) => ({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') }))
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The files (relative to src/) that `file` imports, type-only imports included. */
export function importsOf(file: SourceFile): string[] {
  const found: string[] = []
  for (const match of file.text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!
    const target = resolve('/', dirname(file.path), specifier).slice(1).replace(/\.js$/, '.ts')
    found.push(target)
  }
  return found
}

/** The part of src/ a file belongs to: `modules/<name>`, a folder (`lib`, `db`, ...), or a top-level file. */
export function partOf(path: string): string {
  const segments = path.split('/')
  if (segments[0] === 'modules' && segments.length > 2) return `modules/${segments[1]}`
  if (segments.length > 1) return segments[0]!
  return segments[0]!.replace(/\.ts$/, '')
}

/** part -> the parts it imports (itself excluded). */
export function partGraph(files: readonly SourceFile[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    const from = partOf(file.path)
    const edges = graph.get(from) ?? new Set<string>()
    graph.set(from, edges)
    for (const target of importsOf(file)) {
      const to = partOf(target)
      if (to !== from) edges.add(to)
    }
  }
  return graph
}

/**
 * Every cycle of the graph, one per strongly connected component of two or more parts, given as a
 * path that returns to its start (`a -> b -> a`). Tarjan's algorithm.
 */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component)
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return components.map((component) => cycleThrough(graph, new Set(component)))
}

/** A shortest path from the component's first part (in name order) back to itself. */
function cycleThrough(graph: ReadonlyMap<string, ReadonlySet<string>>, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!component.has(next)) continue
      if (next === start) {
        const path = [start]
        for (let at: string | undefined = node; at !== start && at !== undefined; at = previous.get(at))
          path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return [start, start]
}

/** Each module's front door: the one file other parts may import from it. */
export const ENTRY_FILE = 'index.ts'

/**
 * Imports that reach past another module's front door: `from` imports `to`, a file of another
 * module than its own, other than that module's index.ts.
 */
export function reachesPastEntry(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) => {
    const from = partOf(file.path)
    return importsOf(file)
      .filter((target) => {
        const to = partOf(target)
        return to.startsWith('modules/') && to !== from && target !== `${to}/${ENTRY_FILE}`
      })
      .map((target) => `${file.path} -> ${target}`)
  })
}

/**
 * Reads of the wall clock: every "now" of a request comes from its scope, of background work from
 * the clock it is given. `new Date()` with no argument, `Date.now()`, `nowIso()`, Luxon's
 * `DateTime.now()`/`DateTime.local()` without arguments and `performance.now()`/`process.hrtime`
 * used as a clock all count.
 */
const WALL_CLOCK = /\bDate\.now\(|\bnew Date\(\s*\)|\bnowIso\(\s*\)|\bDateTime\.(now|local)\(\s*\)/

/** Each line of `files` that reads the wall clock, as `path:line`. Comments are not code. */
export function clockReads(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) =>
    withoutComments(file.text)
      .split('\n')
      .flatMap((line, i) => (WALL_CLOCK.test(line) ? [`${file.path}:${i + 1}`] : [])),
  )
}

/**
 * A service that takes a database handle and a caller side by side instead of the scope that
 * holds both: `(db: Db, auth: AuthContext, ...)`, whatever the names of the handle's type.
 */
const HANDLE_AND_CALLER = /\(\s*\w+\??:\s*(Db|Trx|Kysely<\w+>|Transaction<\w+>)\s*,\s*\w+\??:\s*AuthContext\b/

/** Functions in `files` that take a database handle and an AuthContext instead of a scope. */
export function unscopedServices(files: readonly SourceFile[]): string[] {
  return files.filter((file) => HANDLE_AND_CALLER.test(withoutComments(file.text))).map((file) => file.path)
}

/** Route files that name a database handle: their handlers must reach the database through the request's scope. */
export function routesWithHandle(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => file.path.endsWith('.routes.ts'))
    .filter((file) => /\bdb\b|\bKysely\b/.test(withoutImports(withoutComments(file.text))))
    .map((file) => file.path)
}

/** The text without its import statements, whose paths name folders (`../../db/...`). */
function withoutImports(text: string): string {
  return text.replace(/^import\b[^;]*?from\s+'[^']+'/gm, '')
}

/** The text with its // and /* *\/ comments blanked (line numbers kept); strings are left alone. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}
