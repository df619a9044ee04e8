#!/usr/bin/env node
// Runs every test file with Node's own test runner, on SQLite and, when TEST_DATABASE_URL is set,
// on PostgreSQL too. Extra arguments are passed through (e.g. a single file).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, statfsSync } from 'node:fs'
import { join } from 'node:path'

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return testFiles(path)
    return name.endsWith('.test.ts') ? [path] : []
  })
}

/**
 * The files that run longest start first, longest first: the runner takes files in the order given,
 * three at a time, and a long file started last would run on alone at the end while the other slots
 * stay idle. The order is by measured time (a TAP report, docs/development.md): every file over a
 * minute in a loaded run; a new browser file goes among the browser files.
 */
const LONGEST_FIRST = [
  'test/browser/app-team.test.ts',
  'test/api/record-export-memory.test.ts',
  'test/cli-expenses.test.ts',
  'test/browser/kiosk-page.test.ts',
  'test/browser/app-connection.test.ts',
  'test/browser/app-worker.test.ts',
  'test/browser/app-navigation.test.ts',
  'test/browser/app-defaults-and-labels.test.ts',
  'test/browser/app-push.test.ts',
  'test/api/working-time-law.test.ts',
  'test/cli-accounts.test.ts',
  'test/cli.postgres.test.ts',
  'test/api/reports-overtime-basis.test.ts',
  'test/browser/app-overtime-flags.test.ts',
  'test/cli.sqlite.test.ts',
  'test/api/corrections-property.test.ts',
  'test/api/accounts-sso.test.ts',
  'test/browser/app-balance-to-date.test.ts',
  'test/api/figures-to-date.test.ts',
  'test/api/fuzz.test.ts',
  'test/browser/app-left-open.test.ts',
  'test/browser/app-inbox-decidable.test.ts',
  'test/api/reports-representatives.test.ts',
  'test/api/reports-pdf-scripts.test.ts',
  'test/api/absences-races.test.ts',
  'test/api/mail-outbox.test.ts',
  'test/api/reports-monthly.test.ts',
  'test/api/auth.test.ts',
  'test/api/reports-sign-off.test.ts',
  'test/browser/kiosk-connection.test.ts',
  'test/api/overtime-lots.test.ts',
  'test/browser/app-kiosk-pin.test.ts',
  'test/browser/app-anomalies.test.ts',
  'test/api/accounts-company-issued.test.ts',
  'test/api/record-export.test.ts',
  'test/unit/outbox-loop.test.ts',
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
/**
 * The tests' SQLite files, Chromium profiles and the PostgreSQL servers some tests start live in
 * /dev/shm (memory) when it has room: every commit of SQLite's `synchronous = FULL` and of a test
 * server waits for an fsync, which on a busy disk made a test file take up to twice its time, and
 * a test never pulls the plug on its own files. A TMPDIR set by hand is kept.
 */
function memoryBackedTemporaryDirectory() {
  if (process.env.TMPDIR) return {}
  try {
    const shm = statfsSync('/dev/shm')
    if (shm.bavail * shm.bsize >= 4 * 2 ** 30) return { TMPDIR: '/dev/shm' }
  } catch {
    // No /dev/shm (not Linux): the system's temporary directory.
  }
  return {}
}
const temporaryDirectory = memoryBackedTemporaryDirectory()
if (temporaryDirectory.TMPDIR)
  console.log(`Temporary files (SQLite databases, test servers) in ${temporaryDirectory.TMPDIR}`)

// Node's own `--test` sorts the files it is given by name, which would start the longest ones
// last: scripts/run-test-files.mjs runs them through node:test's run(), in the order given here.
const suite = exitOf(
  spawn(process.execPath, ['--import', 'tsx', 'scripts/run-test-files.mjs', ...args, ...files], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...fakedClock,
      ...temporaryDirectory,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    },
  }),
)
const [built, tested] = await Promise.all([sdkBuild, suite])
if (built !== 0) console.error('The SDK (sdk/) does not build')
process.exit(built !== 0 ? built : tested)
