/**
 * What runs while a write holds its transaction, found by reading the sources
 * (docs/decisions/0025-request-phases-and-module-ownership.md): nothing slow or outside may. The
 * architecture test (test/architecture/phases.test.ts) starts from every place a write's
 * transaction is open and follows the calls it can see, and names each path that reaches password
 * hashing, mail sending or outbound HTTP.
 *
 * Where a transaction is open:
 * - the handler of a write route (`operation(…)`, `kioskOperation(…)`, `ownWrite(…)`): all of it,
 *   unless the operation `prepares`, where it is open from the statement that calls `beginWrite`;
 * - the callback of `inTransaction(…)` and of `.transaction().execute(…)`.
 *
 * Calls are followed by name: a function of the same file, a named import (through the front
 * doors' re-exports) or a member of a namespace import (`service.createUser`). A call through a
 * value (a method of an object passed in) is not followed; the types cover those
 * (auth/request-scope.ts `PreparingScope`).
 */
import { dirname, resolve } from 'node:path'
import ts from 'typescript'
import type { SourceFile } from './import-graph.js'

/** Calls that must never run in a write's transaction, and why. */
export const SLOW_OR_OUTSIDE: Readonly<Record<string, string>> = {
  hashPassword: 'password hashing',
  verifyPassword: 'password hashing',
  scrypt: 'password hashing',
  fetch: 'outbound HTTP',
  discoverProvider: 'outbound HTTP (identity provider)',
  identityFromCallback: 'outbound HTTP (identity provider)',
  authorizationRequest: 'outbound HTTP (identity provider)',
  assertIssuerAnswers: 'outbound HTTP (identity provider)',
  deliverWebhook: 'outbound HTTP (webhook)',
  sendMail: 'mail sending',
  'mailer.send': 'mail sending',
}

const WRITE_ROUTE = /\b(operation|kioskOperation|ownWrite)\(/
const NOT_A_WRITE = /\boperation\(\s*'me'/
const WRITE_METHODS = new Set(['post', 'patch', 'put', 'delete'])

interface Parsed {
  file: SourceFile
  ast: ts.SourceFile
  /** Functions declared at the top of the file, by name. */
  functions: Map<string, ts.Node>
  /** Named imports: local name -> [file, exported name]. */
  named: Map<string, [string, string]>
  /** Namespace imports: local name -> file. */
  namespaces: Map<string, string>
  /** Re-exports of a front door: exported name -> [file, name there]; `*` re-exports in `stars`. */
  reexports: Map<string, [string, string]>
  stars: string[]
}

function target(from: string, specifier: string): string {
  return resolve('/', dirname(from), specifier).slice(1).replace(/\.js$/, '.ts')
}

function parse(file: SourceFile): Parsed {
  const ast = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true)
  const parsed: Parsed = {
    file,
    ast,
    functions: new Map(),
    named: new Map(),
    namespaces: new Map(),
    reexports: new Map(),
    stars: [],
  }
  for (const statement of ast.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) parsed.functions.set(statement.name.text, statement)
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          parsed.functions.set(declaration.name.text, declaration.initializer)
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text
      if (!specifier.startsWith('.')) continue
      const from = target(file.path, specifier)
      const bindings = statement.importClause?.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) parsed.namespaces.set(bindings.name.text, from)
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          parsed.named.set(element.name.text, [from, (element.propertyName ?? element.name).text])
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('.')
    ) {
      const from = target(file.path, statement.moduleSpecifier.text)
      if (!statement.exportClause) parsed.stars.push(from)
      else if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          parsed.reexports.set(element.name.text, [from, (element.propertyName ?? element.name).text])
    }
  }
  return parsed
}

/** A place where a write's transaction is open, and the code that runs there. */
interface Root {
  where: string
  nodes: ts.Node[]
}

function isFunctionLike(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node)
}

function rootsOf(parsed: Parsed): Root[] {
  const roots: Root[] = []
  const { ast, file } = parsed
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : ''
      const args = node.arguments
      const last = args[args.length - 1]
      if (name === 'inTransaction' && last && isFunctionLike(last))
        roots.push({ where: `${file.path}: inTransaction callback`, nodes: [last.body] })
      if (
        name === 'execute' &&
        ts.isPropertyAccessExpression(callee) &&
        /\.transaction\(\)$/.test(callee.expression.getText(ast)) &&
        last &&
        isFunctionLike(last)
      )
        roots.push({ where: `${file.path}: transaction callback`, nodes: [last.body] })
      if (
        file.path.endsWith('.routes.ts') &&
        ts.isPropertyAccessExpression(callee) &&
        WRITE_METHODS.has(name) &&
        args.length >= 3 &&
        last &&
        isFunctionLike(last)
      ) {
        const options = args
          .slice(1, -1)
          .map((a) => a.getText(ast))
          .join(' ')
        const path = ts.isStringLiteral(args[0]!) ? args[0].text : '?'
        if (WRITE_ROUTE.test(options) && !NOT_A_WRITE.test(options)) {
          const where = `${file.path}: ${name.toUpperCase()} ${path}`
          if (!/\bprepares:\s*true\b/.test(options)) roots.push({ where, nodes: [last.body] })
          else roots.push({ where, nodes: statementsFromBeginWrite(last.body) })
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(ast)
  return roots
}

/** In a handler that prepares, what runs once `beginWrite` opened the transaction. */
function statementsFromBeginWrite(body: ts.Node): ts.Node[] {
  if (!ts.isBlock(body)) return /\bbeginWrite\(/.test(body.getText()) ? [body] : []
  const index = body.statements.findIndex((s) => /\bbeginWrite\(/.test(s.getText()))
  return index < 0 ? [] : body.statements.slice(index)
}

/**
 * Every path from a place a write's transaction is open to a call that is slow or outside, as
 * `where → f → g → hashPassword (password hashing)`.
 */
export function slowCallsInWrites(files: readonly SourceFile[]): string[] {
  const parsed = new Map(files.map((f) => [f.path, parse(f)]))
  const resolveExport = (path: string, name: string, depth = 0): [Parsed, ts.Node] | null => {
    const file = parsed.get(path)
    if (!file || depth > 5) return null
    const own = file.functions.get(name)
    if (own) return [file, own]
    const re = file.reexports.get(name)
    if (re) return resolveExport(re[0], re[1], depth + 1)
    for (const star of file.stars) {
      const found = resolveExport(star, name, depth + 1)
      if (found) return found
    }
    return null
  }
  const calleeOf = (file: Parsed, call: ts.CallExpression): { label: string; found: [Parsed, ts.Node] | null } => {
    const callee = call.expression
    if (ts.isIdentifier(callee)) {
      const name = callee.text
      const local = file.functions.get(name)
      if (local) return { label: name, found: [file, local] }
      const imported = file.named.get(name)
      return { label: name, found: imported ? resolveExport(imported[0], imported[1]) : null }
    }
    if (ts.isPropertyAccessExpression(callee)) {
      const name = callee.name.text
      const owner = callee.expression.getText(file.ast)
      const namespace = file.namespaces.get(owner)
      const label = Object.hasOwn(SLOW_OR_OUTSIDE, `${owner}.${name}`) ? `${owner}.${name}` : name
      return { label, found: namespace ? resolveExport(namespace, name) : null }
    }
    return { label: '', found: null }
  }
  const findings = new Set<string>()
  for (const file of parsed.values()) {
    for (const root of rootsOf(file)) {
      const seen = new Set<ts.Node>()
      const walk = (owner: Parsed, node: ts.Node, path: readonly string[]): void => {
        if (ts.isCallExpression(node)) {
          const { label, found } = calleeOf(owner, node)
          const why = Object.hasOwn(SLOW_OR_OUTSIDE, label) ? SLOW_OR_OUTSIDE[label] : undefined
          if (why) findings.add(`${[root.where, ...path, label].join(' → ')} (${why})`)
          else if (found && !seen.has(found[1])) {
            seen.add(found[1])
            walk(found[0], found[1], [...path, label])
          }
        }
        ts.forEachChild(node, (child) => walk(owner, child, path))
      }
      for (const node of root.nodes) walk(file, node, [])
    }
  }
  return [...findings].sort()
}

/** Route files that add their own `preHandler`: a request's phases belong to http/request-scope.ts. */
export function routePreHandlers(files: readonly SourceFile[]): string[] {
  return files
    .filter((f) => f.path.startsWith('modules/') && f.path.endsWith('.ts'))
    .filter((f) => /^\s*preHandler\s*:/m.test(f.text))
    .map((f) => f.path)
}

/** Where a write's transaction is open in `files` (see above), for the test to see it finds them. */
export function writeRoots(files: readonly SourceFile[]): string[] {
  return files.flatMap((f) => rootsOf(parse(f)).map((root) => root.where))
}
