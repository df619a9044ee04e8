/**
 * A report table longer than a page names its columns again at the top of every page it goes on
 * to: a page of the company's totals read alone (printed, or the second page an inspector is
 * handed) says what each figure is. Rendered with the real renderer, read with pdfjs.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { renderCompanyReportPdf } from '../../src/modules/reports/company-report-pdf.js'
import { REPORT_WORDS } from '../../src/modules/reports/report-words.js'
import type { CompanyReportType } from '../../src/modules/reports/reports.schemas.js'
import { pdfText } from '../helpers/pdf-text.js'

const TOTALS = {
  worked_minutes: 9_600,
  expected_minutes: 9_600,
  balance_minutes: 0,
  overtime_minutes: 0,
  complementary_minutes: 0,
  worked_days: 20,
  expected_days: 20,
  expected_to_date_minutes: 9_600,
  balance_to_date_minutes: 0,
}

function companyOf(size: number, language: 'es' | 'en'): CompanyReportType {
  const employees = Array.from({ length: size }, (_, i) => ({
    user_id: `usr_${i}`,
    full_name: `Persona ${String(i).padStart(3, '0')}`,
    ...TOTALS,
  }))
  return {
    month: '2026-10',
    time_zone: 'Europe/Madrid',
    language,
    company: { name: 'Talleres Largos S.L.', cif: 'B12345678' },
    employees,
    totals: { ...TOTALS, worked_minutes: TOTALS.worked_minutes * size },
    generated_at: '2026-11-02T09:00:00.000Z',
  }
}

for (const language of ['es', 'en'] as const) {
  it(`the company's totals over several pages name their columns on each (${language})`, async () => {
    const { pages, pageTexts } = await pdfText(await renderCompanyReportPdf(companyOf(150, language)))
    assert.ok(pages >= 3, `${pages} pages`)
    const [first, last] = [REPORT_WORDS[language].companyColumns[0]!, REPORT_WORDS[language].companyColumns.at(-1)!]
    pageTexts.forEach((text, i) => {
      assert.ok(text.includes(first) && text.includes(last), `page ${i + 1} names its columns: ${text.slice(0, 200)}`)
      // The heading comes before the page's first row.
      const firstRow = text.indexOf('Persona ')
      assert.ok(firstRow === -1 || text.indexOf(first) < firstRow, `page ${i + 1}: the heading is on top`)
    })
    // Every employee once, in order, across the pages.
    const names = pageTexts.join(' ').match(/Persona \d{3}/g) ?? []
    assert.deepEqual(
      names,
      Array.from({ length: 150 }, (_, i) => `Persona ${String(i).padStart(3, '0')}`),
    )
  })
}
