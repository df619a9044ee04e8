#!/usr/bin/env node
// Runs the test suite (`npm test`) with the process clock moved, by libfaketime,
// to the days a calendar bug shows on: a Sunday, New Year's Day, a weekday national holiday, the
// two changes of summer time in Madrid and the last half hour of a year in UTC (already the next
// year in Madrid). `apt-get install faketime` first.
//
//   node scripts/test-on-dates.mjs                      every date, one after the other
//   node scripts/test-on-dates.mjs dst-spring sunday    the ones named
//   node scripts/test-on-dates.mjs year-end -- test/api/overtime-lots.test.ts
//
// The clock starts at the moment given and runs on from there. Everything the tests start (the
// CLI, servers, Chromium) inherits it; the databases' servers keep the real clock, which the
// service never asks for the time.
import { spawnSync } from 'node:child_process'

export const DATES = {
  sunday: '2026-11-29 10:00:00',
  'new-year': '2027-01-01 10:00:00',
  holiday: '2026-12-08 10:00:00',
  'dst-spring': '2026-03-29 01:30:00',
  'dst-autumn': '2026-10-25 00:30:00',
  'year-end': '2026-12-31 23:30:00',
}

const separator = process.argv.indexOf('--')
const names = process.argv.slice(2, separator < 0 ? undefined : separator)
const testArgs = separator < 0 ? [] : process.argv.slice(separator + 1)
const unknown = names.filter((name) => !(name in DATES))
if (unknown.length > 0) {
  console.error(`Unknown date ${unknown.join(', ')}: one of ${Object.keys(DATES).join(', ')}`)
  process.exit(2)
}
if (spawnSync('faketime', ['-f', '+0', 'true']).error) {
  console.error('faketime is not installed (apt-get install faketime)')
  process.exit(2)
}

const results = []
for (const name of names.length > 0 ? names : Object.keys(DATES)) {
  const moment = DATES[name]
  console.log(`\n=== ${name}: the suite at ${moment} UTC ===\n`)
  const started = Date.now()
  const npmTest = ['npm', 'test', ...(testArgs.length > 0 ? ['--', ...testArgs] : [])]
  const run = spawnSync('faketime', ['-f', `@${moment}`, ...npmTest], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  })
  results.push({ name, moment, status: run.status ?? 1, minutes: (Date.now() - started) / 60_000 })
}
console.log('\n=== the suite on each date ===')
for (const r of results)
  console.log(
    `${r.status === 0 ? 'pass' : 'FAIL'}  ${r.name.padEnd(11)} ${r.moment} UTC  (${r.minutes.toFixed(1)} min)`,
  )
process.exit(results.every((r) => r.status === 0) ? 0 : 1)
