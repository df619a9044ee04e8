/**
 * The overtime part of a worker's monthly record (docs/decisions/0018-overtime.md; art. 35.5 ET,
 * the summary handed to the worker each pay period): the month's lots, the rest still owed with its
 * deadlines, and the year toward the cap. Read for a page of employees at once (one query of each
 * kind), so the company export stays a few queries per page.
 */
import type { TenantRow } from '../../db/schema.js'
import { type RequestScope, notedWrite } from '../../auth/request-scope.js'
import type { Db } from '../../db/unit-of-work.js'
import { todayIn } from '../../lib/calendar.js'
import { employedShareOfYear, lotToApi, owedOf, owedRestOf, weeksOf } from './lot-decisions.service.js'
import { proposeOvertimeLots } from './lot-proposals.service.js'
import { findUserRows } from '../users/index.js'
import {
  annualCapMinutes,
  countedTowardCap,
  isMinorIn,
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
    const ofYear = theirs.filter((l) => l.month.startsWith(`${year}-`))
    // A minor's hours are a violation (art. 6.3), never overtime toward the cap.
    const ofAdultYear = ofYear.filter((l) => !isMinorIn(birthDateOf.get(userId) ?? null, l.month))
    const counted = countedTowardCap(withRestTaken(ofAdultYear, draws), year, today)
    const cap = annualCapMinutes(
      tenant.overtime_annual_cap_hours,
      weeks.get(userId) ?? { own: 0, fullTime: 0 },
      employedShareOfYear(userOf.get(userId) ?? null, year),
    )
    const ofMonth = theirs.filter((l) => l.month === month)
    const birthDate = birthDateOf.get(userId) ?? null
    sections.set(userId, {
      basis: tenant.overtime_basis,
      violation_minutes: violationMinutes(ofMonth, birthDate),
      lots: ofMonth.map((l) => lotToApi(l, owed.get(l.id) ?? 0, today, scheduled.get(l.id) ?? 0)),
      owed_rest: owedRestOf(theirs, today),
      year: {
        year,
        approved_minutes: ofYear.filter((l) => l.status === 'approved').reduce((sum, l) => sum + l.minutes, 0),
        counted_toward_cap_minutes: counted,
        cap_minutes: cap,
        over_cap_minutes: overCapMinutes(counted, cap),
        violation_minutes: violationMinutes(ofYear, birthDate),
      },
    })
  }
  return sections
}
