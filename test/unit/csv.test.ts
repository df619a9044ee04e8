/**
 * Every CSV the service writes neutralises cells a spreadsheet would run as formulas
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): one function, lib/csv, applied by
 * its writers to every cell; and no other CSV writer in the sources.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { readSources } from '../../scripts/import-graph.js'
import { csvText, neutralised } from '../../src/lib/csv.js'

const sources = readSources(new URL('../../src', import.meta.url).pathname)

describe('CSV cells', () => {
  it('a cell beginning with =, +, -, @, tab or CR is written as text; numbers stay numbers', () => {
    for (const cell of ['=HYPERLINK("http://x.example","click")', '+1-1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '＝1'])
      assert.equal(neutralised(cell), `'${cell}`)
    for (const cell of ['Marta', '-480', '-1:30', '12.5', '', "'=already"]) assert.equal(neutralised(cell), cell)
    const text = csvText(['name', '=head', 'time'], [['=cmd|" /C calc"!A0', -480, '-2:15']])
    assert.deepEqual(parse(text), [
      ['name', "'=head", 'time'],
      [`'=cmd|" /C calc"!A0`, '-480', '-2:15'],
    ])
  })

  it('no source writes CSV but through lib/csv', () => {
    const offenders = sources
      .filter((source) => source.path !== 'lib/csv.ts')
      .filter(
        (source) =>
          /from 'csv-stringify/.test(source.text) ||
          // A CSV body put together by hand: rows joined with commas and line ends.
          /\.join\(['"],['"]\)[\s\S]{0,80}\.join\(['"]\\r?\\n['"]\)/.test(source.text),
      )
      .map((source) => source.path)
    assert.deepEqual(offenders, [])
    const writers = sources.filter((source) => /\bcsv(Text|Lines|Stream)\(/.test(source.text)).map((s) => s.path)
    assert.ok(writers.includes('modules/reports/report-formats.ts'), 'the monthly record and company totals')
    assert.ok(writers.includes('modules/overtime/overtime-report-formats.ts'), 'the overtime report')
  })
})
