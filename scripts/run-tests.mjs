#!/usr/bin/env node
// Runs every test file with Node's own test runner, on SQLite and, when TEST_DATABASE_URL is set,
// on PostgreSQL too. Extra arguments are passed through (e.g. a single file).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return testFiles(path)
    return name.endsWith('.test.ts') ? [path] : []
  })
}

const args = process.argv.slice(2)
const files = args.some((a) => a.endsWith('.ts')) ? [] : [...testFiles('test'), ...testFiles('sdk/test')].sort()

// The SDK is its own package: it must build (its types are checked against the generated schema).
const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'sdk/tsconfig.json'], {
  stdio: 'inherit',
})
if (build.status !== 0) {
  console.error('The SDK (sdk/) does not build')
  process.exit(build.status ?? 1)
}
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
    `Kiosk browser tests SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
  )
}
if (spawnSync('pdftotext', ['-v']).error) {
  console.log('PDF script tests SKIPPED: no pdftotext (apt-get install poppler-utils).')
}
const result = spawnSync(
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
  { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' } },
)
process.exit(result.status ?? 1)
