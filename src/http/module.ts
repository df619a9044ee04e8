/**
 * How a module plugs itself into the application: its front door (index.ts) exports one
 * descriptor made by `defineModule`, naming the module, the modules it builds on, its operations
 * and the pages it serves. `app.ts` finds the descriptors in src/modules (nothing lists the
 * modules by hand), puts them in the order of their dependencies, and registers what each
 * declares; two modules claiming the same name, a dependency on a module that is not there, or a
 * cycle stop the service at start with a message naming them. A module may also add a step to
 * every write, at the order it declares, and check a credential carried in a write's body. The
 * scopes and error codes a module declares are in its `<m>.catalogue.ts` instead, copied into the
 * published catalogue by `npm run docs` (scripts/generate-catalogue.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { RateLimitStore } from './rate-limit.js'
import type { BodyCredentials, WriteStep } from './request-scope.js'
import type { ApiModule, RouteDeps } from './route.js'

/**
 * What the application hands the modules when it plugs them in: the routes' dependencies and
 * what pages need. A module that needs something only it uses (the accounts module, its sign-in
 * settings) adds it here by declaration merging (`declare module '../../http/module.js'`), and
 * `app.ts` must then provide it: the compiler says so.
 */
export interface PlugContext extends RouteDeps {
  /** The store of the API's rate limits, for pages that count requests of their own. */
  rateLimit: RateLimitStore
}

export interface ModuleDefinition {
  /** The folder's name under src/modules. */
  name: string
  /**
   * The modules this one imports (through their front doors): they are plugged in first.
   * test/architecture checks that the list is exactly what the module's code imports.
   */
  dependsOn?: readonly string[]
  /**
   * Where the module's operations sit in the OpenAPI document (and so in the SDK and the
   * reference): modules with operations are registered in increasing position, whatever their
   * dependencies, so that adding a module does not reorder the published document.
   */
  documentPosition?: number
  /** The module's operations and the schemas they share, given the application's context. */
  api?: readonly ApiModule[] | ((context: PlugContext) => readonly ApiModule[])
  /** Pages served outside /api/v1 (the kiosk page, the app, calendar feeds, single sign-on). */
  pages?: (app: FastifyInstance, context: PlugContext) => void
  /**
   * A step every write through the API takes (http/request-scope.ts): claiming its
   * Idempotency-Key, writing its audit entry. The steps run in increasing `order`, which each
   * module states (two at one order stop the service at start): a step that answers a request
   * itself (a replay) must come before the steps that would record it.
   */
  writeStep?: {
    order: number
    /** Makes the step as the application is built; it may decorate requests and hook write routes. */
    create: (app: FastifyInstance) => WriteStep
  }
  /**
   * The credentials carried in a write's body that this module checks (the kiosks module's
   * employee PIN), made as the application is built (they may decorate requests). Each is
   * provided by exactly one module.
   */
  bodyCredentials?: (app: FastifyInstance) => Partial<BodyCredentials>
}

const DESCRIPTOR = Symbol('jornada.module')

export type ModuleDescriptor = Readonly<ModuleDefinition> & { readonly [DESCRIPTOR]: true }

/** A module's descriptor, for its front door to export. */
export function defineModule(definition: ModuleDefinition): ModuleDescriptor {
  return Object.freeze({ ...definition, [DESCRIPTOR]: true as const })
}

export function isModuleDescriptor(value: unknown): value is ModuleDescriptor {
  return typeof value === 'object' && value !== null && DESCRIPTOR in value
}

/** The one descriptor a front door exports; `where` names the file in the message otherwise. */
export function descriptorOf(exports: Record<string, unknown>, where: string): ModuleDescriptor {
  const found = Object.values(exports).filter(isModuleDescriptor)
  if (found.length !== 1)
    throw new Error(`${where} must export exactly one module descriptor (defineModule), not ${found.length}`)
  return found[0]!
}

/**
 * The modules in an order where each comes after the modules it depends on; among modules free
 * to go, by name, so that the order never depends on how the folders were listed. Refuses two
 * modules of one name, a dependency on a module that is not there, and a cycle.
 */
export function orderModules(modules: readonly ModuleDescriptor[]): ModuleDescriptor[] {
  const byName = new Map<string, ModuleDescriptor>()
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`Two modules are named ${module.name}`)
    byName.set(module.name, module)
  }
  for (const module of modules)
    for (const dependency of module.dependsOn ?? [])
      if (!byName.has(dependency))
        throw new Error(`Module ${module.name} depends on ${dependency}, which is not a module of this application`)
  const ordered: ModuleDescriptor[] = []
  const placed = new Set<string>()
  const waiting = [...modules].sort((a, b) => a.name.localeCompare(b.name, 'en'))
  while (waiting.length > 0) {
    const next = waiting.findIndex((m) => (m.dependsOn ?? []).every((d) => placed.has(d)))
    if (next < 0) throw new Error(`The dependencies of modules form a cycle: ${cycleAmong(waiting).join(' -> ')}`)
    const [module] = waiting.splice(next, 1)
    ordered.push(module!)
    placed.add(module!.name)
  }
  return ordered
}

/** One cycle among modules none of which can be placed: following any unplaced dependency must loop. */
function cycleAmong(stuck: readonly ModuleDescriptor[]): string[] {
  const byName = new Map(stuck.map((m) => [m.name, m]))
  const path: string[] = []
  let current = stuck[0]!
  while (!path.includes(current.name)) {
    path.push(current.name)
    current = byName.get((current.dependsOn ?? []).find((d) => byName.has(d))!)!
  }
  return [...path.slice(path.indexOf(current.name)), current.name]
}

/** The modules that have operations, in the order of the OpenAPI document; two at one position are refused. */
export function inDocumentOrder(modules: readonly ModuleDescriptor[]): ModuleDescriptor[] {
  const withApi = modules.filter((m) => m.api)
  const unplaced = withApi.filter((m) => m.documentPosition === undefined)
  if (unplaced.length > 0)
    throw new Error(`Modules with operations need a documentPosition: ${unplaced.map((m) => m.name).join(', ')}`)
  const sorted = withApi.sort((a, b) => a.documentPosition! - b.documentPosition!)
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.documentPosition === sorted[i - 1]!.documentPosition)
      throw new Error(
        `Modules ${sorted[i - 1]!.name} and ${sorted[i]!.name} both take documentPosition ${sorted[i]!.documentPosition}`,
      )
  return sorted
}

/** The modules with a write step, in the order their steps run; two at one order are refused. */
export function inWriteStepOrder(modules: readonly ModuleDescriptor[]): ModuleDescriptor[] {
  const sorted = modules.filter((m) => m.writeStep).sort((a, b) => a.writeStep!.order - b.writeStep!.order)
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.writeStep!.order === sorted[i - 1]!.writeStep!.order)
      throw new Error(
        `Modules ${sorted[i - 1]!.name} and ${sorted[i]!.name} both take write step order ${sorted[i]!.writeStep!.order}`,
      )
  return sorted
}

/** Every body credential of http/request-scope.ts: the compiler asks for a new one here. */
const BODY_CREDENTIALS: Readonly<Record<keyof BodyCredentials, true>> = { kioskEmployee: true }

/**
 * The body credentials the modules provide, made for `app`: a credential provided by two modules,
 * or by none, stops the service at start, naming them.
 */
export function bodyCredentialsOf(modules: readonly ModuleDescriptor[], app: FastifyInstance): BodyCredentials {
  const found: Partial<BodyCredentials> = {}
  const providers = new Map<string, string>()
  for (const module of modules) {
    if (!module.bodyCredentials) continue
    for (const [name, check] of Object.entries(module.bodyCredentials(app))) {
      const earlier = providers.get(name)
      if (earlier) throw new Error(`Modules ${earlier} and ${module.name} both provide the body credential ${name}`)
      if (!(name in BODY_CREDENTIALS)) throw new Error(`Module ${module.name} provides ${name}, not a body credential`)
      providers.set(name, module.name)
      Object.assign(found, { [name]: check })
    }
  }
  const missing = Object.keys(BODY_CREDENTIALS).filter((name) => !providers.has(name))
  if (missing.length > 0) throw new Error(`No module provides the body credential ${missing.join(', ')}`)
  return found as BodyCredentials
}
