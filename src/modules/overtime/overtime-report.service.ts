/**
 * The monthly overtime report (docs/decisions/0019-representatives-and-record-export.md, RD
 * 1561/1995 DA 3): per employee the month's overtime and its compensation, read for the whole
 * company by workers' representatives, administrators, HR and inspector keys; anyone else sees the
 * employees whose records they see. Its route declares the overtime settlement, the read replica
 * and a company-wide read, so a representative's read is in the access log (http/read-pipeline.ts).
 */
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { companyReportsLimitedToTeamOf } from '../../auth/policies.js'
import { nowIsoOf } from '../../db/unit-of-work.js'
import { calendarSubjects } from '../work-calendar/index.js'
import { summed } from '../../lib/sums.js'
import { noOvertimeFigures, overtimeFiguresOf } from './overtime.logic.js'
import { overtimeSectionsOf } from './overtime-summary.service.js'
import type { OvertimeReportQueryType, OvertimeReportType } from './overtime.schemas.js'

/** Employees read and summed at a time. */
const PAGE_SIZE = 100

export async function overtimeReport(scope: RequestScope, query: OvertimeReportQueryType): Promise<OvertimeReportType> {
  const { db, auth } = scope
  const filters = {
    departmentId: query.department_id,
    workCenterId: query.work_center_id,
    teamOf: companyReportsLimitedToTeamOf(auth) ?? undefined,
  }
  const employees: OvertimeReportType['employees'] = []
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await calendarSubjects(db, auth.tenantId, filters, { limit: PAGE_SIZE, offset })
    if (page.rows.length === 0) break
    const sections = await overtimeSectionsOf(
      db,
      auth.tenant,
      page.rows.map((s) => s.id),
      query.month,
      scope.now,
    )
    for (const subject of page.rows) {
      const section = sections.get(subject.id)!
      if (section.lots.length === 0) continue
      const figures = overtimeFiguresOf(section.lots, section.violation_minutes)
      employees.push({
        user_id: subject.id,
        full_name: subject.full_name,
        ...figures,
        year_counted_toward_cap_minutes: section.year.counted_toward_cap_minutes,
        year_at_risk_minutes: section.year.at_risk_minutes,
        cap_minutes: section.year.cap_minutes,
        year_over_cap_minutes: section.year.over_cap_minutes,
        lots: section.lots,
      })
    }
    if (page.rows.length < PAGE_SIZE) break
  }
  noteRecordsRead(
    scope,
    employees.map((e) => e.user_id),
  )
  return {
    month: query.month,
    basis: auth.tenant.overtime_basis,
    company: { name: auth.tenant.legal_name ?? auth.tenant.name, cif: auth.tenant.cif },
    language: auth.tenant.language,
    employees,
    totals: summed(noOvertimeFigures(), employees),
    generated_at: nowIsoOf(scope),
  }
}
