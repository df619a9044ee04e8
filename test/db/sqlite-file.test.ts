/** The embedded database file holds personal data: it and its WAL are private to the service's user. */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { migrateToLatest, openDatabase } from '../../src/db/database.js'

it('a new SQLite database, its WAL and shared-memory files are created 0600 in a 0700 directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-mode-'))
  const previous = process.umask(0o022) // the usual umask, which would otherwise leave files world-readable
  try {
    const path = join(dir, 'data', 'jornada.db')
    const database = await openDatabase(`sqlite:${path}`)
    try {
      await migrateToLatest(database) // writes, so the WAL exists
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        assert.equal(statSync(file).mode & 0o777, 0o600, `${file} is 0600`)
      }
      assert.equal(statSync(join(dir, 'data')).mode & 0o777, 0o700)
    } finally {
      await database.destroy()
    }
  } finally {
    process.umask(previous)
    rmSync(dir, { recursive: true, force: true })
  }
})
