// Runs test files with node:test's run(), three at a time, in the order given (`node --test` would
// sort them by name), printing the spec report; scripts/run-tests.mjs starts it with `--import tsx`,
// which each test file's process inherits. Arguments: test files, and optionally
// `--test-name-pattern=<regex>` (repeatable). TEST_TAP_REPORT=<file> also writes a TAP report
// there, whose `duration_ms` per file says where the suite's time goes (docs/development.md).
import { createWriteStream } from 'node:fs'
import { PassThrough } from 'node:stream'
import { run } from 'node:test'
import { spec, tap } from 'node:test/reporters'

const PATTERN = '--test-name-pattern='
const args = process.argv.slice(2)
const unknown = args.filter((a) => !a.endsWith('.ts') && !a.startsWith(PATTERN))
if (unknown.length > 0) {
  console.error(`Unknown arguments ${unknown.join(' ')}: give test files and --test-name-pattern=<regex>`)
  process.exit(2)
}
const files = args.filter((a) => a.endsWith('.ts'))
const testNamePatterns = args.filter((a) => a.startsWith(PATTERN)).map((a) => a.slice(PATTERN.length))

const tests = run({
  files,
  // Two cores: a third file runs while the others wait on a browser, a child process or a server.
  concurrency: 3,
  timeout: 300_000,
  ...(testNamePatterns.length > 0 ? { testNamePatterns } : {}),
})
let failed = false
tests.on('test:fail', () => {
  failed = true
})
const reports = [[spec, process.stdout]]
if (process.env.TEST_TAP_REPORT) reports.push([tap, createWriteStream(process.env.TEST_TAP_REPORT)])
for (const [reporter, destination] of reports) {
  const events = new PassThrough({ objectMode: true })
  tests.pipe(events)
  events.compose(reporter).pipe(destination)
}
process.on('exit', () => {
  if (failed) process.exitCode = 1
})
