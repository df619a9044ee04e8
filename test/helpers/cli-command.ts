/**
 * How tests run the real CLI as a child process: the compiled `dist/cli.js` when it is at least as
 * new as every source file (after `npm ci`, whose prepare step builds it), else the sources
 * through tsx. A compiled start takes about half the time of a tsx one, and the CLI suites spawn
 * dozens of processes; a stale build is never used, so a test always runs the code as it is.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

function compiledIsFresh(): boolean {
  const compiled = join(ROOT, 'dist', 'cli.js')
  return existsSync(compiled) && statSync(compiled).mtimeMs >= newestMtime(join(ROOT, 'src'))
}

/** The node arguments that start the CLI, before the command's own. */
export const CLI_ENTRY: readonly string[] = compiledIsFresh() ? ['dist/cli.js'] : ['--import', 'tsx', 'src/cli.ts']
