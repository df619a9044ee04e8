/** Punches have legal value, the marks that supersede them are their corrections' trail, the audit and access logs are the trails of writes and of inspectors' reads, and workers' signatures are kept when superseded: no code path may change or remove any of them. */
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { it } from 'node:test'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

for (const table of ['punches', 'punch_supersessions', 'audit_log', 'access_log', 'month_signatures']) {
  it(`the code never updates or deletes a row of ${table} (only migrations may define the table)`, () => {
    const forbidden = [
      new RegExp(`updateTable\\(\\s*['"]${table}['"]`),
      new RegExp(`deleteFrom\\(\\s*['"]${table}['"]`),
      new RegExp(`\\bupdate\\s+${table}\\b`, 'i'),
      new RegExp(`\\bdelete\\s+from\\s+${table}\\b`, 'i'),
      new RegExp(`\\btruncate\\b[^\\n]*${table}`, 'i'),
    ]
    const offenders: string[] = []
    for (const file of sourceFiles('src')) {
      if (file.includes(`${join('db', 'migrations')}`)) continue
      const text = readFileSync(file, 'utf8')
      for (const pattern of forbidden) if (pattern.test(text)) offenders.push(`${file}: ${pattern}`)
    }
    assert.deepEqual(offenders, [])
  })
}
