/**
 * Lots appear by themselves (docs/decisions/0018-overtime.md): once a month has ended in the
 * company's zone, each employee with overtime in it gets a lot, proposed by the company. A pending
 * lot follows the record; a decided one never changes, and a later change of its month adds an
 * adjustment lot.
 *
 * `proposeOvertimeLots` is what does it. Housekeeping runs it every hour for every company, and
 * reads of lots and balances run it first, so that no read misses an ended month. It settles:
 * - every month of the record on the first settlement, back to the first punch and at most four
 *   years (docs/decisions/0022-overtime-as-the-law-counts-it.md), then the months that ended since
 *   the company's last settlement, for everyone who punched in them;
 * - the employees and months whose record changed since then, in any ended month of those four
 *   years: punches pushed late into an ended month, corrections approved, absences written or
 *   decided (found by when they were written, with a margin for transactions that committed late);
 * - in housekeeping also every month with a pending lot, for what changes no write names
 *   (a schedule or a holiday changed afterwards).
 * The employees of a slice are settled in one transaction holding their row locks, re-reading
 * their lots inside it, and a unique index on (employee, month, sequence) backs it: instances
 * settling at the same time write each lot once.
 */
import { COMPANY, companyAuth } from '../../auth/context.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { lockRows } from '../../db/locks.js'
import type { TenantRow, UserRow } from '../../db/schema.js'
import type { LotKind, OvertimeLotRow } from './overtime.tables.js'
import type { OvertimeBasis } from '../../lib/overtime-policy.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { addDays, startOfLocalDay, todayIn } from '../../lib/calendar.js'
import { slicesOf, yieldToEventLoop } from '../../lib/cooperative.js'
import { newId } from '../../lib/ids.js'
import {
  correctionsApprovedSince,
  dailyEntriesOf,
  firstPunchAt,
  punchedBetween,
  punchesWrittenSince,
  readAttendanceInputs,
} from '../attendance/index.js'
import { recordEvents } from '../events/index.js'
import { findUserRows } from '../users/index.js'
import { type CalendarSubject, calendarSubjects, loadCompanyDefaultSchedule } from '../work-calendar/index.js'
import { approveLot, approveReduction, lotToApi } from './lot-decisions.service.js'
import {
  dayBalanceOf,
  daysNeeded,
  type ExtraDays,
  extraOf,
  lotDeadline,
  effectiveTerms,
  monthsBefore,
  monthsFromTo,
  monthsTouchedBy,
  nextMonth,
  type OvertimeDay,
  lotDays,
  parseDays,
  previousMonth,
  settleMonth,
  splitDaysNeeded,
} from './overtime.logic.js'
import * as repo from './overtime.repository.js'

/** Changes written this long before the last settlement are looked at again: a transaction may commit late. */
const CHANGE_MARGIN_MS = 5 * 60_000
/**
 * Every month of the record gets its lots (docs/decisions/0022-overtime-as-the-law-counts-it.md),
 * back to the first punch, at most this many ended months: the four years the record is kept (art.
 * 34.9 ET). A company's first settlement reaches that far, and a change of the record in any of
 * them settles its month; one after a long stop as many.
 */
const MONTHS_OF_RECORD = 48
/**
 * Employees read, computed and written at a time (their month's punches, absences and calendar; one
 * transaction), other work let in between: about 10 ms of computation on SQLite.
 */
const EMPLOYEES_PER_SLICE = 50
/** Employees whose lots are read in one query. */
const EMPLOYEES_PER_PAGE = 500

/** Employees to settle in a month: everyone who punched in it, or some. */
type Whom = 'all' | Set<string>

/**
 * Proposes and follows the company's lots as of the unit's moment (see the module comment).
 * `followPending` settles every pending lot's month again (housekeeping). Returns how many lots
 * it wrote or changed.
 */
export async function proposeOvertimeLots(
  unit: Unit,
  tenant: TenantRow,
  options: { followPending: boolean },
): Promise<number> {
  const { db } = unit
  const today = todayIn(tenant.timezone, new Date(unit.now))
  const currentMonth = today.slice(0, 7)
  const lastEnded = previousMonth(currentMonth)
  const state = await repo.settlementOf(db, tenant.id)
  const work = new Map<string, Whom>()
  const add = (month: string, userId: string) => {
    const whom = work.get(month)
    if (whom === 'all') return
    if (whom) whom.add(userId)
    else work.set(month, new Set([userId]))
  }
  // The oldest month of the record that gets lots; `first_month` is the oldest from which every
  // month has been settled in full (months before the first punch have nothing to settle).
  const oldest = monthsBefore(currentMonth, MONTHS_OF_RECORD)
  let firstMonth = state?.first_month ?? oldest
  if (!state || state.first_month > oldest) {
    // A first settlement, or one begun when it reached back less far: the months of the record
    // not settled in full yet, from the first punch on.
    const firstPunch = await firstPunchAt(db, tenant.id)
    const punchedFrom = firstPunch ? todayIn(tenant.timezone, new Date(firstPunch)).slice(0, 7) : null
    const upTo = state ? previousMonth(state.first_month) : lastEnded
    if (punchedFrom)
      for (const month of monthsFromTo(punchedFrom > oldest ? punchedFrom : oldest, upTo)) work.set(month, 'all')
    firstMonth = oldest
  }
  if (state) {
    for (const month of monthsFromTo(nextMonth(state.settled_month), lastEnded).slice(-MONTHS_OF_RECORD))
      work.set(month, 'all')
    const since = new Date(Date.parse(state.changes_seen_until) - CHANGE_MARGIN_MS).toISOString()
    // A change in any ended month of the record settles it, before the first settled month too.
    for (const { userId, month } of await changedMonths(unit, tenant, since, currentMonth))
      if (month >= oldest && month <= state.settled_month) add(month, userId)
  }
  if (options.followPending && state)
    for (const { user_id, month } of await repo.monthsWithPendingLots(db, tenant.id)) add(month, user_id)

  let written = 0
  // Years of a first settlement are months of work: each month lets other work in first.
  for (const [i, [month, whom]] of [...work].sort(([a], [b]) => a.localeCompare(b)).entries()) {
    if (i > 0) await yieldToEventLoop()
    written += await settleMonthOf(unit, tenant, month, whom)
  }
  await repo.saveSettlement(db, {
    tenant_id: tenant.id,
    first_month: firstMonth,
    settled_month: lastEnded,
    changes_seen_until: nowIsoOf(unit),
  })
  return written
}

/** The employees and ended months whose record changed since `since`. */
async function changedMonths(unit: Unit, tenant: TenantRow, since: string, currentMonth: string) {
  const { db } = unit
  const zone = tenant.timezone
  // A month keeps the basis of its first lot: a change of the record is looked for as widely as
  // the weekly basis reaches (a week belongs to the month it ends in).
  const basis = 'weekly'
  const monthStart = new Date(startOfLocalDay(`${currentMonth}-01`, zone)).toISOString()
  const dayOf = (iso: string) => todayIn(zone, new Date(iso))
  const [punches, corrections, absences] = await Promise.all([
    punchesWrittenSince(db, tenant.id, since, monthStart),
    correctionsApprovedSince(db, tenant.id, since),
    repo.absencesChangedSince(db, tenant.id, since, `${currentMonth}-01`),
  ])
  const found: { userId: string; month: string }[] = []
  const note = (userId: string, from: string, to: string) => {
    for (const month of monthsTouchedBy(from, to, basis)) if (month < currentMonth) found.push({ userId, month })
  }
  for (const p of punches) note(p.user_id, dayOf(p.ts), dayOf(p.ts))
  for (const c of corrections) note(c.user_id, dayOf(c.first_ts), dayOf(c.last_ts))
  for (const a of absences)
    note(a.user_id, a.start_date, a.end_date < `${currentMonth}-01` ? a.end_date : addDays(`${currentMonth}-01`, -1))
  return found
}

/** The basis a month is counted on for an employee: that of its lots, else the company's. */
function basisOf(tenant: TenantRow, lots: readonly OvertimeLotRow[]): (userId: string) => OvertimeBasis {
  return (userId) => lots.find((l) => l.user_id === userId)?.basis ?? tenant.overtime_basis
}

/** Settles one month for the employees given. */
async function settleMonthOf(unit: Unit, tenant: TenantRow, month: string, whom: Whom): Promise<number> {
  const { db } = unit
  const { from, to } = daysNeeded(month, tenant.overtime_basis)
  const filters =
    whom === 'all'
      ? {
          condition: punchedBetween(
            tenant.id,
            new Date(startOfLocalDay(from, tenant.timezone)).toISOString(),
            new Date(startOfLocalDay(addDays(to, 1), tenant.timezone)).toISOString(),
          ),
        }
      : null
  const ids = whom === 'all' ? [] : [...whom]
  let written = 0
  for (let offset = 0; ; offset += EMPLOYEES_PER_PAGE) {
    const page = filters
      ? (await calendarSubjects(db, tenant.id, filters, { limit: EMPLOYEES_PER_PAGE, offset })).rows
      : (
          await calendarSubjects(
            db,
            tenant.id,
            { userIds: ids.slice(offset, offset + EMPLOYEES_PER_PAGE) },
            { limit: EMPLOYEES_PER_PAGE, offset: 0 },
          )
        ).rows
    if (page.length === 0) break
    const lots = await repo.lotsOfMonth(
      db,
      tenant.id,
      month,
      page.map((s) => s.id),
    )
    for (const [i, slice] of slicesOf(page, EMPLOYEES_PER_SLICE).entries()) {
      if (i > 0) await yieldToEventLoop()
      const changed = new Map<string, [CalendarSubject, ExtraDays]>()
      for (const [subject, extra] of await overtimeOf(unit, tenant, month, slice, basisOf(tenant, lots))) {
        const theirs = lots.filter((l) => l.user_id === subject.id)
        if (needsSettling(theirs, extra)) changed.set(subject.id, [subject, extra])
      }
      if (changed.size > 0) written += await settleEmployeesMonth(unit, tenant, month, changed)
    }
    if (page.length < EMPLOYEES_PER_PAGE) break
  }
  return written
}

/** The kinds of lot, each settled apart: a part-timer's month may have both (art. 12.4.c, 12.5 ET). */
const LOT_KINDS: readonly LotKind[] = ['overtime', 'complementary']

const ofKind = (lots: readonly OvertimeLotRow[], kind: LotKind) => lots.filter((l) => l.kind === kind)

/**
 * Whether settling an employee's month would change their lots of either kind: their minutes, or
 * the days of the pending one.
 */
function needsSettling(lots: readonly OvertimeLotRow[], extra: ExtraDays): boolean {
  return LOT_KINDS.some((kind) => kindNeedsSettling(ofKind(lots, kind), extra[kind]))
}

/** Whether settling one kind of an employee's month (its lots and its days on the record) changes it. */
function kindNeedsSettling(lots: readonly OvertimeLotRow[], days: readonly OvertimeDay[]): boolean {
  const settlement = settleMonth(lots, totalOf(days))
  if (settlement.kind !== 'none') return true
  const pending = pendingToFollow(lots)
  return pending !== undefined && pending.days !== daysJson(lots, pending, days)
}

const totalOf = (days: readonly OvertimeDay[]) => days.reduce((sum, d) => sum + d.minutes, 0)

/** The pending lot that follows the record: the newest (settleMonth). */
function pendingToFollow(lots: readonly OvertimeLotRow[]): OvertimeLotRow | undefined {
  return lots
    .filter((l) => l.status === 'pending')
    .sort((a, b) => a.sequence - b.sequence)
    .at(-1)
}

/** The stored days of `lot` (a new one, or the pending one following) against the record's days. */
function daysJson(lots: readonly OvertimeLotRow[], lot: { id: string }, record: readonly OvertimeDay[]): string {
  const others = lots.filter((l) => l.id !== lot.id).map((l) => ({ minutes: l.minutes, days: parseDays(l.days) }))
  return JSON.stringify(lotDays(record, others) ?? [])
}

/**
 * The hours beyond the schedule of `month` of each employee of a slice, day by day and by kind,
 * from the same daily record as the attendance list, read as every document reads overtime
 * (dayBalanceOf: a forgotten clock-out is not overtime). A part-timer's are complementary hours up
 * to the company's full-time week, overtime beyond it (splitExtra; art. 12.4.c, 12.5 ET).
 */
async function overtimeOf(
  unit: Unit,
  tenant: TenantRow,
  month: string,
  subjects: readonly CalendarSubject[],
  basisOf: (userId: string) => OvertimeBasis,
): Promise<[CalendarSubject, ExtraDays][]> {
  // The days every basis in the slice needs: each basis counts only its own.
  const ranges = [...new Set(subjects.map((s) => basisOf(s.id)))].map((basis) => splitDaysNeeded(month, basis))
  const from = ranges.map((r) => r.from).reduce((a, b) => (a < b ? a : b))
  const to = ranges.map((r) => r.to).reduce((a, b) => (a > b ? a : b))
  const [inputs, fullTimeOf] = await Promise.all([
    readAttendanceInputs(
      unit.db,
      tenant,
      subjects.map((s) => s.id),
      from,
      to,
      tenant.timezone,
    ),
    loadCompanyDefaultSchedule(unit.db, tenant, to),
  ])
  return subjects.map((subject) => {
    const days = dailyEntriesOf(subject, inputs, unit.now).map(dayBalanceOf)
    const planOf = inputs.calendarOf(subject)
    const own = (date: string, weekday: number) => planOf(date, weekday).scheduleMinutes
    return [subject, extraOf(month, basisOf(subject.id), days, own, fullTimeOf)]
  })
}

/**
 * Settles the month of a few employees in one transaction (one commit for the slice, not one per
 * employee), holding their row locks, taken in id order: for each, and for each kind of lot apart,
 * follows the pending lot or proposes a new one (approved at once when the company's policy is
 * automatic and the rules allow it). Returns how many lots it wrote or changed.
 */
async function settleEmployeesMonth(
  unit: Unit,
  tenant: TenantRow,
  month: string,
  computed: ReadonlyMap<string, [CalendarSubject, ExtraDays]>,
): Promise<number> {
  const scope: RequestScope = { db: unit.db, now: unit.now, auth: companyAuth(tenant) }
  const userIds = [...computed.keys()].sort()
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRows(trx, 'users', tenant.id, userIds)
    const daysOfUser = new Map([...computed].map(([id, [, days]]) => [id, days]))
    // The record was read before the locks: an employee whose record changed since is read again
    // under them, so an older reading never overwrites a newer one.
    const since = new Date(unit.now - CHANGE_MARGIN_MS).toISOString()
    const moved = new Set(
      (await changedMonths({ db: trx, now: tx.now }, tenant, since, nextMonth(month)))
        .filter((c) => c.month === month && computed.has(c.userId))
        .map((c) => c.userId),
    )
    const lots = await repo.lotsOfMonth(trx, tenant.id, month, userIds)
    if (moved.size > 0)
      for (const [subject, days] of await overtimeOf(
        tx,
        tenant,
        month,
        [...moved].map((id) => computed.get(id)![0]),
        basisOf(tenant, lots),
      ))
        daysOfUser.set(subject.id, days)
    const users = new Map((await findUserRows(trx, tenant.id, userIds)).map((u) => [u.id, u]))
    const today = todayIn(tenant.timezone, new Date(tx.now))
    const now = nowIsoOf(tx)
    let written = 0
    const proposed: { row: OvertimeLotRow; user: UserRow }[] = []
    const followed: OvertimeLotRow[] = []
    for (const userId of userIds) {
      const ofMonth = lots.filter((l) => l.user_id === userId)
      const extra = daysOfUser.get(userId)!
      for (const kind of LOT_KINDS) {
        const theirs = ofKind(ofMonth, kind)
        const record = extra[kind]
        if (!kindNeedsSettling(theirs, record)) continue
        const settlement = settleMonth(theirs, totalOf(record))
        written++
        if (settlement.kind === 'propose') {
          const user = users.get(userId)!
          const days = daysJson(theirs, { id: '' }, record)
          // A month keeps the basis of its first lot, whatever its kind.
          const basis = ofMonth[0]?.basis ?? tenant.overtime_basis
          proposed.push({
            row: newLot(tenant, user, month, theirs, { ...settlement, days, kind, basis }, today, now),
            user,
          })
          continue
        }
        // The pending lot follows the record: its minutes, or only the days they were worked on.
        const lot = pendingToFollow(theirs)!
        const days = daysJson(theirs, lot, record)
        const patch = {
          minutes: settlement.kind === 'follow' ? settlement.minutes : lot.minutes,
          days,
          // Its deadline runs from when the hours now on record were worked (art. 35.1).
          compensate_by: lotDeadline(
            { month, sequence: lot.sequence, days: parseDays(days) },
            todayIn(tenant.timezone, new Date(lot.created_at)).slice(0, 7),
            effectiveTerms(users.get(userId)!, tenant).expiryMonths,
          ),
          updated_at: now,
        }
        await repo.updateLot(trx, tenant.id, lot.id, patch)
        followed.push({ ...lot, ...patch })
      }
    }
    // The new lots and their events in two statements: a month's first round writes a lot for
    // most employees.
    await repo.insertLots(
      trx,
      proposed.map((p) => p.row),
    )
    await recordEvents(tx, [
      ...proposed.map((p) => ({ type: 'overtime.lot_proposed' as const, data: lotToApi(p.row, 0, today) })),
      // A pending lot that followed the record: integrations holding its minutes learn the new ones.
      ...followed.map((lot) => ({ type: 'overtime.lot_updated' as const, data: lotToApi(lot, 0, today) })),
    ])
    for (const { row, user } of proposed) {
      // A reduction is a fact of the record, not a request: approved at once, like its month.
      if (row.minutes < 0) await approveReduction(tx, row, COMPANY, null)
      // Complementary hours are ordinary work, paid as such (art. 12.5.h ET): no terms to choose.
      else if (tenant.overtime_approval === 'automatic' && row.kind === 'complementary')
        await approveLot(tx, row, { compensation: 'pay', forceMajeure: false, note: null, by: COMPANY })
      else if (tenant.overtime_approval === 'automatic') {
        const terms = effectiveTerms(user, tenant)
        // Mixed terms are decided lot by lot; with nobody to decide, the law's fallback is rest.
        const compensation = terms.compensation === 'mixed' ? 'rest' : terms.compensation
        // A lot the rules refuse (the cap, a ban) waits for HR, as with a manual policy.
        await approveLot(tx, row, { compensation, forceMajeure: false, note: null, by: COMPANY, ifAllowed: true })
      }
    }
    return written
  })
}

/**
 * A new pending lot of an employee's month: the first of its kind, or an adjustment of those of
 * its kind before it.
 */
function newLot(
  tenant: TenantRow,
  user: UserRow,
  month: string,
  before: readonly OvertimeLotRow[],
  settlement: { sequence: number; minutes: number; days: string; kind: LotKind; basis: OvertimeBasis },
  today: string,
  now: string,
): OvertimeLotRow {
  return {
    id: newId('overtimeLot'),
    tenant_id: tenant.id,
    user_id: user.id,
    month,
    sequence: settlement.sequence,
    adjusts: before[0]?.id ?? null,
    kind: settlement.kind,
    minutes: settlement.minutes,
    days: settlement.days,
    basis: settlement.basis,
    status: 'pending',
    compensation: null,
    force_majeure: false,
    compensate_by: lotDeadline(
      { month, sequence: settlement.sequence, days: parseDays(settlement.days) },
      today.slice(0, 7),
      effectiveTerms(user, tenant).expiryMonths,
    ),
    rested_minutes: 0,
    paid_minutes: 0,
    overdue_announced_at: null,
    decided_by: null,
    decided_at: null,
    decision_note: null,
    created_at: now,
    updated_at: now,
  }
}
