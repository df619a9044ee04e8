/**
 * The overtime part of a worker's monthly record (docs/decisions/0018-overtime.md; art. 35.5 ET,
 * the summary handed to the worker each pay period): the month's lots, the rest still owed with its
 * deadlines, and the year toward the cap. Read for a page of employees at once (one query of each
 * kind), so the company export stays a few queries per page.
 */
import type { TenantRow } from '../../db/schema.js'
import { type RequestScope, notedWrite } from '../../auth/request-scope.js'
import type { Db } from '../../db/unit-of-work.js'
import type { OvertimeBasis } from '../../lib/overtime-policy.js'
import { todayIn } from '../../lib/calendar.js'
import {
  complementaryYearOf,
  employedShareOfYear,
  lotToApi,
  owedOf,
  owedRestOf,
  weeksOf,
} from './lot-decisions.service.js'
import { proposeOvertimeLots } from './lot-proposals.service.js'
import { findUserRows } from '../users/index.js'
import {
  annualCapMinutes,
  capFigures,
  isMinorIn,
  isPartTime,
  overCapMinutes,
  scheduledRestByLot,
  violationMinutes,
  withRestTaken,
} from './overtime.logic.js'
import * as repo from './overtime.repository.js'
import type { OvertimeSectionType } from './overtime.schemas.js'

/**
 * Brings the caller's company's lots up to date (ended months, changes of the record) before a
 * report reads them: the `overtime` settlement a read route declares (`reads.settles`,
 * http/read-pipeline.ts). An inspector's key never writes: it reads the lots as housekeeping left
 * them.
 */
export async function bringOvertimeUpToDate(scope: RequestScope): Promise<void> {
  if (scope.auth.kind === 'inspector') return
  const written = await proposeOvertimeLots({ db: scope.db, now: scope.now }, scope.auth.tenant, {
    followPending: false,
  })
  // The lots just proposed are read from the primary until the replica has them.
  if (written > 0) await notedWrite(scope)
}

/**
 * The basis each employee's `month` is counted on: that of the month's lots, else the company's
 * (docs/decisions/0022-overtime-as-the-law-counts-it.md: one figure per document, so a report's
 * days follow the basis its lots were counted on).
 */
export async function overtimeBasesOf(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  month: string,
): Promise<Map<string, OvertimeBasis>> {
  const lots = userIds.length > 0 ? await repo.lotsOfMonth(db, tenant.id, month, userIds) : []
  const bases = new Map(userIds.map((id): [string, OvertimeBasis] => [id, tenant.overtime_basis]))
  for (const lot of lots) bases.set(lot.user_id, lot.basis)
  return bases
}

/** The overtime section of `month` for each of the employees, as of `nowMs`. */
export async function overtimeSectionsOf(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  month: string,
  nowMs: number,
): Promise<Map<string, OvertimeSectionType>> {
  const today = todayIn(tenant.timezone, new Date(nowMs))
  const year = Number(month.slice(0, 4))
  const [lots, draws, weeks, users] = await Promise.all([
    repo.lotsOfUsers(db, tenant.id, userIds),
    repo.drawsOfUsers(db, tenant.id, userIds),
    weeksOf(db, tenant, userIds, month),
    findUserRows(db, tenant.id, userIds),
  ])
  const userOf = new Map(users.map((u) => [u.id, u]))
  const birthDateOf = new Map(users.map((u) => [u.id, u.birth_date]))
  const scheduled = scheduledRestByLot(draws, today)
  const sections = new Map<string, OvertimeSectionType>()
  for (const userId of userIds) {
    const theirs = lots.filter((l) => l.user_id === userId)
    const owed = owedOf(theirs)
    // The year's overtime; a part-timer's complementary hours are summed apart (art. 12.4.c ET).
    const ofYear = theirs.filter((l) => l.kind === 'overtime' && l.month.startsWith(`${year}-`))
    // A minor's hours are a violation (art. 6.3), never overtime toward the cap.
    const ofAdultYear = ofYear.filter((l) => !isMinorIn(birthDateOf.get(userId) ?? null, l.month))
    const cap = capFigures(withRestTaken(ofAdultYear, draws), year, today)
    const week = weeks.get(userId) ?? { own: 0, fullTime: 0 }
    const capMinutes = annualCapMinutes(
      tenant.overtime_annual_cap_hours,
      week,
      employedShareOfYear(userOf.get(userId) ?? null, year),
    )
    const ofMonth = theirs.filter((l) => l.month === month)
    const birthDate = birthDateOf.get(userId) ?? null
    sections.set(userId, {
      // A month keeps the basis of its lots; one without lots is counted on the company's.
      basis: ofMonth[0]?.basis ?? tenant.overtime_basis,
      violation_minutes: violationMinutes(ofMonth, birthDate),
      lots: ofMonth.map((l) => lotToApi(l, owed.get(l.id) ?? 0, today, scheduled.get(l.id) ?? 0)),
      owed_rest: owedRestOf(theirs, today),
      year: {
        year,
        approved_minutes: ofYear.filter((l) => l.status === 'approved').reduce((sum, l) => sum + l.minutes, 0),
        counted_toward_cap_minutes: cap.counted,
        at_risk_minutes: cap.atRisk,
        cap_minutes: capMinutes,
        over_cap_minutes: overCapMinutes(cap.counted, capMinutes),
        violation_minutes: violationMinutes(ofYear, birthDate),
        part_time: isPartTime(week),
        ...complementaryYearOf(theirs, userOf.get(userId) ?? null, week, year),
      },
    })
  }
  return sections
}
