/**
 * The monthly PDF is the legal record handed to workers of every community in Spain: names in
 * Czech, Romanian, Polish, Greek, Cyrillic and Vietnamese come out exactly in the text poppler's
 * pdftotext extracts, every font is embedded (pdffonts), and the document says it is PDF/A-2b and
 * tagged. Skipped, and said so, on a machine without poppler-utils.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { forEachEngine } from '../helpers/harness.js'

const NAMES = [
  'Antonín Dvořák', // Czech
  'Ștefan Țărână', // Romanian, comma below
  'Łukasz Wałęsa', // Polish
  'Σωκράτης Παπαδόπουλος', // Greek
  'Олена Шевченко', // Ukrainian, Cyrillic
  'Nguyễn Thị Hương', // Vietnamese
]

function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const skip = hasPoppler()
  ? false
  : 'poppler-utils (pdftotext, pdffonts) is not installed: apt-get install poppler-utils'

let now = Date.parse('2026-11-03T10:00:00Z')

forEachEngine(
  'the monthly PDF in every script',
  (t) => {
    it('each name is found exactly in the extracted text; every font is embedded; PDF/A-2b, tagged', {
      skip,
    }, async () => {
      const tenant = await t.newTenant({ timezone: 'Europe/Madrid' })
      const dir = mkdtempSync(join(tmpdir(), 'jornada-pdf-'))
      try {
        for (const [index, name] of NAMES.entries()) {
          const user = await tenant.createUser({ full_name: name })
          now = Date.parse('2026-10-06T18:00:00Z')
          for (const [type, ts] of [
            ['in', '2026-10-06T07:00:00Z'],
            ['out', '2026-10-06T15:00:00Z'],
          ])
            assert.equal((await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type, ts })).status, 201)
          now = Date.parse('2026-11-03T10:00:00Z')
          const pdf = await t.app.inject({
            method: 'GET',
            url: `/api/v1/attendance/reports/monthly?user_id=${user.id}&month=2026-10&format=pdf`,
            headers: { authorization: `Bearer ${tenant.adminKey}` },
          })
          assert.equal(pdf.statusCode, 200)
          const file = join(dir, `report-${index}.pdf`)
          writeFileSync(file, pdf.rawPayload)
          const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
          assert.ok(text.normalize('NFC').includes(name), `${name} is in the text:\n${text.slice(0, 400)}`)
          const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2)
          assert.ok(fonts.length > 0, 'the document has fonts')
          for (const line of fonts) {
            // name, type, encoding, emb, sub, uni, object, id: emb and sub are "yes".
            const columns = line.trim().split(/\s+/)
            assert.deepEqual(
              columns.slice(-5, -2),
              ['yes', 'yes', 'yes'],
              `embedded, subset, with a Unicode map: ${line}`,
            )
          }
          const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' })
          assert.match(meta, /pdfaid:part>2<|pdfaid:part="2"/, 'PDF/A part 2')
          assert.match(meta, /pdfaid:conformance>B<|pdfaid:conformance="B"/, 'conformance B')
          const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
          assert.match(info, /Tagged:\s+yes/)
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  },
  { app: { clock: () => now } },
)
