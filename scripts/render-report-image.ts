/**
 * Renders the first page of a sample monthly record (the demo company's employee with an approved
 * correction, the month of the demo week) to docs/images/monthly-report.png with pdftoppm
 * (poppler-utils). Run with `npm run docs:report-image`; the PDF itself is made by the service.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AuthContext } from '../src/auth/context.js'
import { scopeOf } from '../src/auth/request-scope.js'
import { SCOPES } from '../src/auth/scopes.js'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import { createDemoTenant } from '../src/modules/onboarding/demo.js'
import { monthlyReport } from '../src/modules/reports/monthly-report.service.js'
import { renderMonthlyReportPdf } from '../src/modules/reports/report-pdf.js'
import { requireTenant } from '../src/modules/tenants/tenants.repository.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'jornada-report-image-'))
try {
  const handle = await openDatabase(`sqlite:${join(dir, 'demo.db')}`)
  await migrateToLatest(handle)
  const demo = await createDemoTenant({ db: handle.db, now: Date.now() })
  const tenant = await requireTenant(handle.db, demo.tenant.id)
  const corrected = await handle.db
    .selectFrom('punch_corrections')
    .select(['user_id', 'first_ts'])
    .where('tenant_id', '=', tenant.id)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow()
  const auth: AuthContext = {
    keyId: 'docs',
    kind: 'standard',
    credential: 'key',
    personal: true,
    tenantId: tenant.id,
    tenant,
    scopes: SCOPES,
    actor: {
      id: demo.admin_user.id,
      email: '',
      fullName: '',
      role: 'admin',
      departmentId: null,
      representative: false,
    },
  }
  const report = await monthlyReport(scopeOf(handle.db, auth, Date.now()), {
    user_id: corrected.user_id,
    month: corrected.first_ts.slice(0, 7),
  })
  const pdf = join(dir, 'report.pdf')
  writeFileSync(pdf, await renderMonthlyReportPdf(report))
  await handle.destroy()
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    join(root, 'docs', 'images', 'monthly-report'),
  ])
  console.log('docs/images/monthly-report.png written')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
