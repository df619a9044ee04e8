/**
 * The company's monthly totals (docs/decisions/0019-representatives-and-record-export.md): per
 * employee worked, expected, balance, overtime and days, for workers' representatives,
 * administrators, HR and inspector keys; anyone else sees the rows of the employees whose records
 * they see. Its route declares the read replica and a company-wide read, so a representative's
 * read is in the access log (http/read-pipeline.ts).
 */
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { companyReportsLimitedToTeamOf } from '../../auth/policies.js'
import { nowIsoOf } from '../../db/unit-of-work.js'
import { todayIn } from '../../lib/calendar.js'
import { isEmployedDuring, parseEmploymentPeriods } from '../users/index.js'
import { type CalendarSubject, calendarSubjects } from '../work-calendar/index.js'
import { type CompanyReportRow, companyRowOf, companyTotalsOf } from './company-report.logic.js'
import { monthDays } from './monthly-report.logic.js'
import { EXPORT_PAGE_SIZE, reportDaysOf } from './monthly-report.service.js'
import type { CompanyReportQueryType, CompanyReportType } from './reports.schemas.js'

/** Whether the employee was employed on some day of [from, to]. */
function employedBetween(subject: CalendarSubject, from: string, to: string): boolean {
  return isEmployedDuring(subject.hire_date, parseEmploymentPeriods(subject.employment_periods), from, to)
}

export async function companyReport(scope: RequestScope, query: CompanyReportQueryType): Promise<CompanyReportType> {
  const { db, auth } = scope
  const zone = query.tz ?? auth.tenant.timezone
  const { from, to } = monthDays(query.month)
  const today = todayIn(zone, new Date(scope.now))
  const filters = {
    departmentId: query.department_id,
    workCenterId: query.work_center_id,
    teamOf: companyReportsLimitedToTeamOf(auth) ?? undefined,
  }
  const rows: CompanyReportRow[] = []
  // A page of employees at a time, as the export: the days of one page are held at once, the rows kept are small.
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const page = await calendarSubjects(db, auth.tenantId, filters, { limit: EXPORT_PAGE_SIZE, offset })
    if (page.rows.length === 0) break
    const days = await reportDaysOf(scope, page.rows, query.month, zone)
    for (const subject of page.rows) {
      const row = companyRowOf(subject, days.get(subject.id)!, today)
      if (row.worked_minutes > 0 || employedBetween(subject, from, to)) rows.push(row)
    }
    if (page.rows.length < EXPORT_PAGE_SIZE) break
  }
  noteRecordsRead(
    scope,
    rows.map((r) => r.user_id),
  )
  return {
    month: query.month,
    time_zone: zone,
    language: auth.tenant.language,
    company: { name: auth.tenant.legal_name ?? auth.tenant.name, cif: auth.tenant.cif },
    employees: rows,
    totals: companyTotalsOf(rows),
    generated_at: nowIsoOf(scope),
  }
}
