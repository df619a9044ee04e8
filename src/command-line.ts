/**
 * How a module adds commands to `jornada` (cli.ts): its `<m>.cli.ts` exports one descriptor made by
 * `defineCommands`, and the command line finds those files (nothing lists them), registers their
 * commands in the order of their `position` (the order `--help` shows them in) and hands them
 * what every command shares: the groups (`tenants`, `keys`), the audit log, acting as the
 * company's administrator. A command file imports nothing of its module but types: it loads the
 * module in its action, when the command runs, so `jornada migrate`, `--help` or a usage error
 * start without the service (in about half the time; scripts call the command line often).
 */
import { SingleBar } from 'cli-progress'
import type { Command } from 'commander'
import type { AuthContext } from './auth/context.js'
import { loadConfig } from './config.js'
import type { DatabaseHandle } from './db/database.js'
import type { Db } from './db/unit-of-work.js'

export interface JsonOption {
  json?: boolean
}

/** What the command line hands a module's commands as they are registered. */
export interface CommandLine {
  /** The program, for a command of its own (`jornada demo`). */
  readonly program: Command
  /**
   * The wall clock, in epoch milliseconds: a command reads its moment here and hands it down, so
   * that modules never read the clock themselves.
   */
  now(): number
  /**
   * A group of commands (`jornada tenants ...`), made where it is first asked for and shared by
   * the modules that add to it. One of them describes it (the module whose noun it is, or the only
   * one using it); a group described twice, or never, stops the command line at start.
   */
  group(name: string, description?: string): Command
  /** Writes of the command line go into the audit log like those of the API, with no key or user. */
  audit(db: Db, tenantId: string, operation: string, resourceId: string | null, fields: string[]): Promise<void>
  /** The company's administrator, as the command line acts: every scope, every record (the DNI too). */
  installationAdministrator(db: Db, tenantId: string): Promise<AuthContext>
  /** The company, or a 404 when there is none of that id. */
  requireTenant(db: Db, tenantId: string): Promise<unknown>
}

export interface CommandEntry {
  /**
   * Where the command (or the group's part) is registered among all modules' commands, which is
   * where `--help` lists it; two entries at one position are refused.
   */
  position: number
  register(cli: CommandLine): void
}

const COMMANDS = Symbol('jornada.commands')

export type CommandsDescriptor = { readonly entries: readonly CommandEntry[]; readonly [COMMANDS]: true }

/** A module's commands, for its `<m>.cli.ts` to export. */
export function defineCommands(...entries: CommandEntry[]): CommandsDescriptor {
  return Object.freeze({ entries: Object.freeze([...entries]), [COMMANDS]: true as const })
}

/** The one descriptor a command file exports; `where` names the file in the message otherwise. */
export function commandsOf(exports: Record<string, unknown>, where: string): CommandsDescriptor {
  const found = Object.values(exports).filter(
    (value): value is CommandsDescriptor => typeof value === 'object' && value !== null && COMMANDS in value,
  )
  if (found.length !== 1)
    throw new Error(`${where} must export exactly one commands descriptor (defineCommands), not ${found.length}`)
  return found[0]!
}

/**
 * Registers the modules' commands on `program` in the order of their positions, each module given
 * `shared` and the groups. Refuses two entries at one position, and a group described twice or
 * never, naming the modules.
 */
export function registerCommands(
  program: Command,
  modules: ReadonlyArray<{ name: string; commands: CommandsDescriptor }>,
  shared: Omit<CommandLine, 'program' | 'group'>,
): void {
  const entries = modules
    .flatMap((m) => m.commands.entries.map((entry) => ({ module: m.name, entry })))
    .sort((a, b) => a.entry.position - b.entry.position)
  for (let i = 1; i < entries.length; i++)
    if (entries[i]!.entry.position === entries[i - 1]!.entry.position)
      throw new Error(
        `Commands of ${entries[i - 1]!.module} and ${entries[i]!.module} both take position ${entries[i]!.entry.position}`,
      )
  const groups = new Map<string, { command: Command; describedBy: string | null }>()
  for (const { module, entry } of entries)
    entry.register({
      ...shared,
      program,
      group(name, description) {
        let group = groups.get(name)
        if (!group) {
          group = { command: program.command(name), describedBy: null }
          groups.set(name, group)
        }
        if (description !== undefined) {
          if (group.describedBy !== null)
            throw new Error(`The command group ${name} is described by both ${group.describedBy} and ${module}`)
          group.command.description(description)
          group.describedBy = module
        }
        return group.command
      },
    })
  const undescribed = [...groups].filter(([, group]) => group.describedBy === null).map(([name]) => name)
  if (undescribed.length > 0) throw new Error(`No module describes the command groups ${undescribed.join(', ')}`)
}

export function output(value: unknown, options: JsonOption, human: () => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`)
}

/** Opens the configured database, brought up to date first unless the command migrates itself. */
export async function withDatabase<T>(
  run: (database: DatabaseHandle) => Promise<T>,
  options = { migrate: true },
): Promise<T> {
  const config = loadConfig()
  const { migrateToLatest, openDatabase } = await import('./db/database.js')
  const handle = await openDatabase(config.databaseUrl)
  try {
    if (options.migrate) await migrateToLatest(handle)
    return await run(handle)
  } finally {
    await handle.destroy()
  }
}

/** The service's secrets key as the configuration gives it (SECRETS_KEY), or null. */
export async function secretBoxOfConfig() {
  const { SecretBox } = await import('./lib/secret-box.js')
  const keys = loadConfig().secretsKeys
  return keys ? new SecretBox(keys.current, keys.previous) : null
}

/** "1 employee", "2 employees"; `grouped` writes thousands with commas ("1,204 rows"). */
export function plural(count: number, one: string, many: string, grouped = false): string {
  return `${grouped ? count.toLocaleString('en') : count} ${count === 1 ? one : many}`
}

/** A progress bar of employees done, on stderr when it is a terminal; null otherwise. */
export function terminalEmployeeProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): (((done: number, total: number) => void) & { stop(): void }) | null {
  if (!stream.isTTY) return null
  const bar = new SingleBar({
    stream,
    format: `${label} |{bar}| {percentage}% | {value} of {total} employees | ETA {eta_formatted}`,
    barCompleteChar: '\u2588',
    barIncompleteChar: '\u2591',
    hideCursor: true,
  })
  let started = false
  const update = (done: number, total: number) => {
    if (!started) {
      bar.start(Math.max(total, 1), 0)
      started = true
    }
    bar.setTotal(Math.max(total, 1))
    bar.update(done)
  }
  return Object.assign(update, { stop: () => started && bar.stop() })
}
