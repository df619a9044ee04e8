/**
 * The working-time record: pushing punches (serialised per employee, hash-chained) and reading it
 * back as daily entries and per-employee summaries. Summaries are built from exactly the same
 * daily computation, so a summary row always equals the sum of that employee's daily entries.
 */
import type { Kysely } from 'kysely'
import { type Static, Type } from 'typebox'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/permissions.js'
import { lockRow } from '../../db/locks.js'
import type { Database, PunchRow, TenantRow } from '../../db/schema.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { findUserRow } from '../users/users.repository.js'
import { requireTenant } from '../tenants/tenants.repository.js'
import { assertDateRange } from '../holidays/holidays.service.js'
import { approvedAbsencesBetween } from '../absences/absences.repository.js'
import { type AbsenceSpan, absenceMinutesOn } from '../absences/absences.logic.js'
import { type PlanOfDay, loadWorkCalendars } from './work-calendar.js'
import * as logic from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import type {
  CreatePunchBodyType,
  DailyEntryType,
  ListAttendanceQueryType,
  PunchType,
  SummaryQueryType,
  SummaryRowType,
} from './attendance.schemas.js'
import { type BrokenLink, type ChainAnchor, punchHash, verifyAnchor, verifyChain, verifyHead } from './punch-chain.js'
import { pageOf } from '../../http/pagination.js'
import { checkAgainst } from '../../http/validation.js'

type Db = Kysely<Database>

export const MAX_FUTURE_MS = 60_000
export const MAX_AGE_MS = 60 * 86_400_000

function punchToApi(row: PunchRow): PunchType {
  return { id: row.id, user_id: row.user_id, type: row.type, ts: row.ts, modality: row.modality }
}

/** Records one punch. The employee's row lock serialises concurrent pushes for that employee. */
export async function createPunch(db: Db, auth: AuthContext, body: CreatePunchBodyType, now = Date.now()): Promise<PunchType> {
  const tsMs = Date.parse(body.ts)
  if (body.modality !== undefined && body.type !== 'in') throw invalidField('modality', "is only accepted on 'in' punches")
  if (tsMs > now + MAX_FUTURE_MS) throw invalidField('ts', 'must not be in the future (60 s of clock skew are tolerated)')
  if (tsMs < now - MAX_AGE_MS) throw invalidField('ts', 'must not be more than 60 days old')
  const ts = new Date(tsMs).toISOString()

  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', body.user_id)
    const user = await findUserRow(trx, auth.tenantId, body.user_id)
    if (!user) throw notFound('User')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may push punches')
    if (user.status !== 'active') throw new AppError('user_disabled', 'Punches cannot be recorded for a disabled user')
    if (body.modality === 'remote' && !user.remote_work_allowed) {
      throw new AppError('remote_not_allowed', 'This employee is not allowed to work remotely')
    }
    const last = await repo.lastPunch(trx, auth.tenantId, user.id)
    const head = await repo.chainHead(trx, auth.tenantId, user.id)
    if (last && ts <= last.ts) {
      throw new AppError('punch_out_of_order', `The punch must be later than the employee's last punch (${last.ts})`)
    }
    const problem = logic.sequenceProblem(last?.type ?? null, body.type)
    if (problem) throw new AppError('punch_sequence_invalid', problem)

    // The punch links to the recorded head rather than to the table's last row: if punches were
    // removed from the end of the chain, the gap stays visible after this punch too. Rows beyond
    // the head (written by an instance of a version without heads, during an upgrade) are linked
    // to as they are.
    const link = head && (!last || head.seq >= last.seq) ? head : last
    const unhashed = {
      id: newId('punch'),
      tenant_id: auth.tenantId,
      user_id: user.id,
      seq: (link?.seq ?? 0) + 1,
      type: body.type,
      ts,
      // A session's modality is chosen on its `in`; its other punches carry it along.
      modality: body.type === 'in' ? (body.modality ?? 'onsite') : (last?.modality ?? 'onsite'),
      source: 'api',
      created_at: new Date(now).toISOString(),
      prev_hash: link?.hash ?? null,
    } satisfies Omit<PunchRow, 'hash'>
    const row: PunchRow = { ...unhashed, hash: punchHash(unhashed) }
    await repo.insertPunch(trx, row)
    return punchToApi(row)
  })
}

/** Everything read from the database to compute some employees' days; one query of each kind. */
interface AttendanceInputs {
  days: logic.LocalDays
  punchesByUser: Map<string, repo.PunchSlice[]>
  absencesByUser: Map<string, AbsenceSpan[]>
  calendarOf: (subject: repo.AttendanceSubject) => PlanOfDay
}

/**
 * Reads the punches, approved absences and company holidays of [from, to] in `zone` for the given
 * employees. It needs only their ids, so a caller can read who they are at the same time.
 */
async function readAttendanceInputs(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  from: string,
  to: string,
  zone: string,
): Promise<AttendanceInputs> {
  const days = logic.localDays(from, to, zone)
  const startIso = new Date(days.starts[0]!).toISOString()
  const endIso = new Date(days.starts[days.starts.length - 1]!).toISOString()
  // Independent reads: on PostgreSQL they run on separate pooled connections at the same time.
  const [punchRows, calendarOf, absences] = await Promise.all([
    repo.punchesBetween(db, tenant.id, userIds, startIso, endIso),
    loadWorkCalendars(db, tenant, from, to),
    approvedAbsencesBetween(db, tenant.id, userIds, from, to),
  ])
  const absencesByUser = new Map<string, AbsenceSpan[]>()
  for (const absence of absences) {
    const list = absencesByUser.get(absence.user_id)
    if (list) list.push(absence)
    else absencesByUser.set(absence.user_id, [absence])
  }
  const punchesByUser = new Map<string, repo.PunchSlice[]>(userIds.map((id) => [id, []]))
  for (const punch of punchRows) punchesByUser.get(punch.user_id)!.push(punch)
  await Promise.all(
    [...punchesByUser].map(async ([userId, punches]) => {
      // A session that began inside the range and is still going at its end: read up to its `out`.
      if (punches.length > 0 && punches.at(-1)!.type !== 'out') punches.push(...(await repo.restOfSession(db, tenant.id, userId, endIso)))
    }),
  )
  return { days, punchesByUser, absencesByUser, calendarOf }
}

/** One employee's daily entries, from what readAttendanceInputs read. Pure computation. */
function dailyEntriesOf(subject: repo.AttendanceSubject, inputs: AttendanceInputs, nowMs: number): DailyEntryType[] {
  const { days } = inputs
  const points = (inputs.punchesByUser.get(subject.id) ?? []).map((p) => ({ type: p.type, ms: Date.parse(p.ts), modality: p.modality, at: p.ts }))
  const work = logic.workByDay(logic.buildSessions(points), days, nowMs)
  const planOf = inputs.calendarOf(subject)
  const absent = inputs.absencesByUser.get(subject.id)
  return days.dates.map((date, i) => {
    const plan = planOf(date, days.weekdays[i]!)
    // Approved absences reduce what is expected: a full day all of it, an hourly one its span.
    let absenceMinutes = 0
    if (absent) for (const a of absent) absenceMinutes += absenceMinutesOn(a, date)
    const { isWorkday, expectedMinutes } = logic.dayExpectation({
      scheduleMinutes: plan.scheduleMinutes,
      holiday: plan.holiday,
      worksHolidays: plan.worksHolidays,
      employed: plan.employed,
      absenceMinutes,
    })
    const day = work[i]!
    return {
      user_id: subject.id,
      date,
      is_workday: isWorkday,
      holiday: plan.holiday,
      modality: day.modality,
      punches: day.punches.map((p) => ({ type: p.type, at: p.at, edited: false })),
      worked_minutes: day.workedMinutes,
      expected_minutes: expectedMinutes,
      balance_minutes: day.workedMinutes - expectedMinutes,
    }
  })
}

export async function listAttendance(db: Db, auth: AuthContext, query: ListAttendanceQueryType, nowMs = Date.now()) {
  assertDateRange(query.from, query.to)
  const { page, pageSize, offset: first } = pageOf(query)
  const total = logic.daysInRange(query.from, query.to) // the list is paginated by day
  if (first >= total) {
    if (!(await repo.attendanceSubject(db, auth.tenantId, query.user_id))) throw notFound('User')
    return { data: [], meta: { page, page_size: pageSize, total } }
  }
  const pageFrom = logic.addDays(query.from, first)
  const pageTo = logic.addDays(query.from, Math.min(total, first + pageSize) - 1)
  // Who the employee is and what they did are read at the same time; the punches of an id that
  // is not an employee of this company are none, and the answer is then 404.
  const [subject, inputs] = await Promise.all([
    repo.attendanceSubject(db, auth.tenantId, query.user_id),
    readAttendanceInputs(db, auth.tenant, [query.user_id], pageFrom, pageTo, query.tz ?? auth.tenant.timezone),
  ])
  if (!subject) throw notFound('User')
  return { data: dailyEntriesOf(subject, inputs, nowMs), meta: { page, page_size: pageSize, total } }
}

export async function attendanceSummary(db: Db, auth: AuthContext, query: SummaryQueryType, nowMs = Date.now()) {
  assertDateRange(query.from, query.to)
  const { page, pageSize, limit, offset } = pageOf(query)
  const { rows, total } = await repo.attendanceSubjects(
    db,
    auth.tenantId,
    { status: query.status, departmentId: query.department_id, workCenterId: query.work_center_id },
    { limit, offset },
  )
  const inputs = await readAttendanceInputs(db, auth.tenant, rows.map((s) => s.id), query.from, query.to, query.tz ?? auth.tenant.timezone)
  const data: SummaryRowType[] = rows.map((subject) => {
    // The same computation as the daily list, summed: a row always equals its daily entries.
    const days = dailyEntriesOf(subject, inputs, nowMs)
    const worked = days.reduce((sum, d) => sum + d.worked_minutes, 0)
    const expected = days.reduce((sum, d) => sum + d.expected_minutes, 0)
    return {
      user_id: subject.id,
      full_name: subject.full_name,
      worked_minutes: worked,
      expected_minutes: expected,
      balance_minutes: worked - expected,
      worked_days: days.filter((d) => d.worked_minutes > 0).length,
      expected_days: days.filter((d) => d.expected_minutes > 0).length,
    }
  })
  return { data, meta: { page, page_size: pageSize, total } }
}

export interface VerificationReport {
  tenant_id: string
  users_checked: number
  punches_checked: number
  ok: boolean
  broken: BrokenLink[]
  /** How many punches anchored by the `--against` report were compared (0 without one). */
  anchors_checked: number
  /** The last punch of each chain as verified: what a later `--against` checks is still there. */
  anchors: ChainAnchor[]
}

const ReportAnchors = Type.Object({
  tenant_id: Type.String(),
  anchors: Type.Array(Type.Object({ user_id: Type.String(), seq: Type.Integer({ minimum: 1 }), hash: Type.String({ pattern: '^[0-9a-f]{64}$' }) })),
})

/** The anchors of an earlier report (its parsed `--json` output) of the same company. */
export function anchorsOfReport(report: unknown, tenantId: string): ChainAnchor[] {
  if (checkAgainst(ReportAnchors, report).length > 0) throw invalidField('against', 'is not the --json report of punches verify')
  const { tenant_id, anchors } = report as Static<typeof ReportAnchors>
  if (tenant_id !== tenantId) throw invalidField('against', `is a report of another company (${tenant_id})`)
  return anchors
}

/**
 * Walks every employee's punch chain (or one employee's) and reports each broken link, each chain
 * that does not end at its recorded head, and each punch anchored by an earlier report (`against`)
 * that is gone or changed. Employees whose punches are all gone still have a head, so they are
 * checked too.
 */
export async function verifyPunchChains(db: Db, tenantId: string, userId?: string, against: readonly ChainAnchor[] = []): Promise<VerificationReport> {
  await requireTenant(db, tenantId)
  if (userId && !(await findUserRow(db, tenantId, userId))) throw notFound('User')
  const anchorsOf = new Map<string, Map<string, ChainAnchor>>() // by employee, then by seq and hash (once each)
  for (const anchor of against) {
    if (userId && anchor.user_id !== userId) continue
    let ofUser = anchorsOf.get(anchor.user_id)
    if (!ofUser) anchorsOf.set(anchor.user_id, (ofUser = new Map()))
    ofUser.set(`${anchor.seq}:${anchor.hash}`, anchor)
  }
  if (anchorsOf.size > 0) {
    const employees = new Set(await repo.employeeIds(db, tenantId))
    const strangers = [...anchorsOf.keys()].filter((id) => !employees.has(id))
    if (strangers.length > 0) throw invalidField('against', `anchors punches of ids that are no employees of this company: ${strangers.slice(0, 5).join(', ')}`)
  }
  const userIds = userId ? [userId] : [...new Set([...(await repo.usersWithChains(db, tenantId)), ...anchorsOf.keys()])].sort()
  const broken: BrokenLink[] = []
  const anchors: ChainAnchor[] = []
  let punches = 0
  let anchorsChecked = 0
  for (const id of userIds) {
    // The head and the chain from one snapshot: a punch recorded meanwhile is in both or in neither.
    const { head, chain } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({ head: await repo.chainHead(trx, tenantId, id), chain: await repo.punchChain(trx, tenantId, id) }))
    punches += chain.length
    const anchored = [...(anchorsOf.get(id)?.values() ?? [])]
    anchorsChecked += anchored.length
    broken.push(...verifyChain(chain), ...verifyHead(id, chain, head ?? null), ...anchored.flatMap((a) => verifyAnchor(chain, a)))
    const last = chain.at(-1)
    if (last) anchors.push({ user_id: id, seq: last.seq, hash: last.hash })
  }
  return {
    tenant_id: tenantId,
    users_checked: userIds.length,
    punches_checked: punches,
    ok: broken.length === 0,
    broken,
    anchors_checked: anchorsChecked,
    anchors,
  }
}
