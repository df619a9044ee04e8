/** Punches have legal value: no code path may change or remove one. */
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

it('the code never updates or deletes a punch (only migrations may define the table)', () => {
  const forbidden = [/updateTable\(\s*['"]punches['"]/, /deleteFrom\(\s*['"]punches['"]/, /\bupdate\s+punches\b/i, /\bdelete\s+from\s+punches\b/i, /\btruncate\b[^\n]*punches/i]
  const offenders: string[] = []
  for (const file of sourceFiles('src')) {
    if (file.includes(`${join('db', 'migrations')}`)) continue
    const text = readFileSync(file, 'utf8')
    for (const pattern of forbidden) if (pattern.test(text)) offenders.push(`${file}: ${pattern}`)
  }
  assert.deepEqual(offenders, [])
})
