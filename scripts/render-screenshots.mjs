#!/usr/bin/env node
// Renews the screenshots in docs/images/: runs the browser tests that take them (the kiosk page and
// the app, on SQLite) with SCREENSHOTS_DIR pointing there. `npm test` writes them to a temporary
// directory instead, so a test run changes no tracked file.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const images = fileURLToPath(new URL('../docs/images/', import.meta.url))
const env = { ...process.env, SCREENSHOTS_DIR: images }
delete env.TEST_DATABASE_URL
const result = spawnSync(
  process.execPath,
  [
    'scripts/run-tests.mjs',
    'test/browser/kiosk-page.test.ts',
    'test/browser/app-team.test.ts',
    'test/browser/app-navigation.test.ts',
  ],
  { stdio: 'inherit', env, cwd: fileURLToPath(new URL('..', import.meta.url)) },
)
process.exit(result.status ?? 1)
