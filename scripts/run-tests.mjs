#!/usr/bin/env node
// Runs every test file with Node's own test runner, on SQLite and, when TEST_DATABASE_URL is set,
// on PostgreSQL too. Extra arguments are passed through (e.g. a single file).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return testFiles(path)
    return name.endsWith('.test.ts') ? [path] : []
  })
}

/**
 * The files that run longest (each spawns the command line or a server many times) start first:
 * the runner takes files in the order given, a few at a time, and a long file started last would
 * run on alone at the end while the other slots stay idle.
 */
const LONGEST_FIRST = [
  'test/cli.postgres.test.ts',
  'test/cli.sqlite.test.ts',
  'test/cli-expenses.test.ts',
  'test/api/edge.test.ts',
  'test/browser/kiosk-page.test.ts',
  'test/browser/app-worker.test.ts',
  'test/browser/app-team.test.ts',
  'test/cli-accounts.test.ts',
  'test/webhooks-restart.test.ts',
  'test/workers.test.ts',
  'test/shutdown-under-load.test.ts',
  // A thousand employees' year in a child process, and PostgreSQL standbys started for the test.
  'test/api/record-export-memory.test.ts',
  'test/read-replica.test.ts',
  'test/failover.test.ts',
]
const rank = (file) => {
  const index = LONGEST_FIRST.indexOf(file.split('\\').join('/'))
  return index < 0 ? LONGEST_FIRST.length : index
}

const args = process.argv.slice(2)
const files = args.some((a) => a.endsWith('.ts'))
  ? []
  : [...testFiles('test'), ...testFiles('sdk/test')].sort().sort((a, b) => rank(a) - rank(b))

/** Resolves with a child's exit status (1 when it was killed or could not start). */
function exitOf(child) {
  return new Promise((resolve) => {
    child.once('error', () => resolve(1))
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

// The SDK is its own package: it must build (its types are checked against the generated schema).
// The compiler uses one core for several seconds and no test reads its output, so it runs beside
// the tests rather than before them.
const sdkBuild = exitOf(
  spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'sdk/tsconfig.json'], { stdio: 'inherit' }),
)
if (process.env.TEST_DATABASE_URL) {
  console.log(
    `Running every test on SQLite and on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`,
  )
} else {
  console.log(
    'Running every test on SQLite. PostgreSQL half SKIPPED: set TEST_DATABASE_URL=postgres://... to run it too.',
  )
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.log(
    `Browser tests (kiosk page, app, passkeys) SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
  )
}
if (spawnSync('pdftotext', ['-v']).error) {
  console.log('PDF script tests SKIPPED: no pdftotext (apt-get install poppler-utils).')
}
// Under libfaketime with a start date (faketime -f '@2026-11-29 10:00:00' npm test) every new process
// would start again at that moment, so a CLI child would live in its parent's past: the processes
// of the run share one clock that goes on from the start instead (docs/development.md).
const fakedClock = process.env.FAKETIME?.startsWith('@') ? { FAKETIME_DONT_RESET: '1' } : {}
const suite = exitOf(
  spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-concurrency=3',
      '--test-timeout=300000',
      ...args,
      ...files,
    ],
    { stdio: 'inherit', env: { ...process.env, ...fakedClock, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' } },
  ),
)
const [built, tested] = await Promise.all([sdkBuild, suite])
if (built !== 0) console.error('The SDK (sdk/) does not build')
process.exit(built !== 0 ? built : tested)
