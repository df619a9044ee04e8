/**
 * The monthly record of a worker (docs/decisions/0011-reports-sign-off-and-inspector-keys.md), the
 * company export and the worker's sign-off. Every figure comes from the daily record
 * (daily-record.service), the computation behind attendance.list and the summary, so a report can
 * never disagree with them.
 */
import { COMPANY } from '../../auth/context.js'
import { type RequestScope, noteRecordsRead, primaryScopeOf } from '../../auth/request-scope.js'
import { assertPersonalCredential, canSeeSensitiveFieldsOf, recordsLimitedToTeamOf } from '../../auth/policies.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { lockTenant } from '../../db/locks.js'
import type { MonthSignatureRow } from '../sign-off/index.js'
import type { PunchCorrectionRow } from '../attendance/index.js'
import { inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound } from '../../errors.js'
import { addDays, dayIndexOf, localDays, todayIn } from '../../lib/calendar.js'
import { newId } from '../../lib/ids.js'
import type { CorrectionChange, PunchSlice } from '../attendance/index.js'
import { namedPunchIds } from '../attendance/index.js'
import { parseJsonText } from '../../db/codec.js'
import { correctionToApi } from '../attendance/index.js'
import {
  chainHeadOf,
  correctionsTouching,
  dailyEntriesOf,
  punchesByIds,
  readAttendanceInputs,
  supersededPunchMoments,
  toDateFigures,
} from '../attendance/index.js'
import { absencesShownOnDay } from '../absences/index.js'
import { dayBalanceOf, extraOf, overtimeBasesOf, overtimeSectionsOf, splitDaysNeeded } from '../overtime/index.js'
import { latestSignature, insertSignature } from '../sign-off/index.js'
import { credentialOriginOf, findUserRow } from '../users/index.js'
import {
  type CalendarSubject,
  calendarSubject,
  calendarSubjects,
  loadCompanyDefaultSchedule,
} from '../work-calendar/index.js'
import * as logic from './monthly-report.logic.js'
import * as repo from './reports.repository.js'
import type { ExportQueryType, MonthlyReportQueryType, MonthlyReportType, SignatureType } from './reports.schemas.js'

/** Where a month begins and ends, as instants, in a zone. */
function monthWindow(month: string, zone: string) {
  const { from, to } = logic.monthDays(month)
  const days = localDays(from, to, zone)
  return {
    from,
    to,
    days,
    startIso: new Date(days.starts[0]!).toISOString(),
    endIso: new Date(days.starts.at(-1)!).toISOString(),
  }
}

/**
 * The report days of the month of several employees: one read of each kind for all of them. Days
 * still to come (or under way) are judged at the scope's moment. Each day's overtime is counted on
 * the month's basis as its lots count it (docs/decisions/0022-overtime-as-the-law-counts-it.md: one
 * figure per document), with a part-timer's complementary hours apart (art. 12.4.c ET: ordinary and
 * complementary hours totalled separately); a weekly basis, and a part-timer's daily one, also read
 * the days of the month's first week that fall in the month before.
 */
export async function reportDaysOf(
  scope: RequestScope,
  subjects: readonly CalendarSubject[],
  month: string,
  zone: string,
) {
  const { db } = scope
  const tenant = scope.auth.tenant
  const ids = subjects.map((s) => s.id)
  const window = monthWindow(month, zone)
  const [inputs, absences, lost, bases, fullTimeOf] = await Promise.all([
    readAttendanceInputs(db, tenant, ids, window.from, window.to, zone),
    repo.approvedAbsencesWithLabels(db, tenant.id, ids, window.from, window.to),
    supersededPunchMoments(db, tenant.id, ids, window.startIso, window.endIso),
    overtimeBasesOf(db, tenant, ids, month),
    loadCompanyDefaultSchedule(db, tenant, window.to),
  ])
  const ownMinutesOf = (subject: CalendarSubject) => {
    const planOf = inputs.calendarOf(subject)
    return (date: string, weekday: number) => planOf(date, weekday).scheduleMinutes
  }
  // The month's first week: on a weekly basis its overtime, on a part-timer's daily one the room
  // for complementary hours its days in the month before took first (art. 12.5 ET).
  const weekFrom = splitDaysNeeded(month, 'daily').from
  const partTimeInFirstWeek = (subject: CalendarSubject) => {
    const own = ownMinutesOf(subject)
    let mine = 0
    let full = 0
    for (let i = 0; i < 7; i++) {
      mine += own(addDays(weekFrom, i), i + 1)
      full += fullTimeOf(addDays(weekFrom, i), i + 1)
    }
    return mine > 0 && mine < full
  }
  const earlierNeeded = new Set(
    subjects
      .filter((s) => bases.get(s.id) === 'weekly' || (bases.get(s.id) === 'daily' && partTimeInFirstWeek(s)))
      .map((s) => s.id),
  )
  const before =
    earlierNeeded.size > 0 && weekFrom < window.from
      ? await readAttendanceInputs(db, tenant, [...earlierNeeded], weekFrom, addDays(window.from, -1), zone)
      : null
  const lostDays = new Map<string, Set<number>>()
  for (const moment of lost) {
    const set = lostDays.get(moment.user_id) ?? new Set<number>()
    set.add(dayIndexOf(window.days, Date.parse(moment.ts)))
    lostDays.set(moment.user_id, set)
  }
  // The punches made with a credential the company issued, by employee and day of the month.
  const companyIssued = new Map<string, Map<number, string[]>>()
  for (const [userId, punches] of inputs.punchesByUser) {
    for (const punch of punches) {
      if (!punch.credential_origin) continue
      const byDay = companyIssued.get(userId) ?? new Map<number, string[]>()
      const index = dayIndexOf(window.days, Date.parse(punch.ts))
      byDay.set(index, [...(byDay.get(index) ?? []), punch.ts])
      companyIssued.set(userId, byDay)
    }
  }
  const result = new Map<string, logic.ReportDay[]>()
  for (const subject of subjects) {
    const modalityOfIn = modalitiesOfIns(inputs.punchesByUser.get(subject.id) ?? [])
    const own = absences.filter((a) => a.user_id === subject.id)
    const lostOn = lostDays.get(subject.id)
    const entries = dailyEntriesOf(subject, inputs, scope.now)
    const basis = bases.get(subject.id)!
    const earlier = before && earlierNeeded.has(subject.id) ? dailyEntriesOf(subject, before, scope.now) : []
    const extra = extraOf(month, basis, [...earlier, ...entries].map(dayBalanceOf), ownMinutesOf(subject), fullTimeOf)
    const overtime = new Map(extra.overtime.map((d) => [d.date, d.minutes]))
    const complementary = new Map(extra.complementary.map((d) => [d.date, d.minutes]))
    result.set(
      subject.id,
      entries.map((entry, i) => {
        // A day of sick leave over vacation is a day of sick leave (art. 38.3 ET).
        const onDay = absencesShownOnDay(own.filter((a) => a.start_date <= entry.date && entry.date <= a.end_date)).map(
          ({ type, label, start_time, end_time }) => ({ type, label, start_time, end_time }),
        )
        const day = logic.reportDayOf(entry, onDay, lostOn?.has(i) ?? false, modalityOfIn, {
          overtime: overtime.get(entry.date) ?? 0,
          complementary: complementary.get(entry.date) ?? 0,
        })
        const marked = companyIssued.get(subject.id)?.get(i)
        return marked ? { ...day, company_issued_punches: marked } : day
      }),
    )
  }
  return result
}

function modalitiesOfIns(punches: readonly PunchSlice[]): (at: string) => 'onsite' | 'remote' {
  const byMoment = new Map<string, 'onsite' | 'remote'>()
  for (const p of punches) if (p.type === 'in') byMoment.set(p.ts, p.modality ?? 'onsite')
  return (at) => byMoment.get(at) ?? 'onsite'
}

/** What a signature is judged against: the employee's days and totals of the month in a zone. */
async function signedContentOf(
  scope: RequestScope,
  subject: CalendarSubject,
  month: string,
  zone: string,
): Promise<logic.SignedContent> {
  const days = (await reportDaysOf(scope, [subject], month, zone)).get(subject.id)!
  return { user_id: subject.id, month, time_zone: zone, days, totals: logic.totalsOf(days) }
}

/**
 * What changed the month last after `signedAt`: the correction approved last among those touching
 * it (proposal order is not decision order), or an absence approved later still (one recorded
 * afterwards), whichever came last.
 */
function latestChangeAfter(
  corrections: readonly PunchCorrectionRow[],
  absence: { id: string; decided_at: string } | undefined,
  signedAt: string,
): string | null {
  const correction = latestApprovalAfter(corrections, signedAt)
  if (!absence) return correction?.id ?? null
  return correction && correction.decided_at! > absence.decided_at ? correction.id : absence.id
}

/** The correction approved last, after `signedAt`, among those touching the month. */
function latestApprovalAfter(corrections: readonly PunchCorrectionRow[], signedAt: string): PunchCorrectionRow | null {
  let latest: PunchCorrectionRow | null = null
  for (const c of corrections) {
    if (
      c.status === 'approved' &&
      c.decided_at !== null &&
      c.decided_at > signedAt &&
      (latest === null || c.decided_at > latest.decided_at!)
    )
      latest = c
  }
  return latest
}

function signatureToApi(row: MonthSignatureRow, currentSha256: string, supersededBy: string | null): SignatureType {
  const valid = currentSha256 === row.sha256
  return {
    id: row.id,
    user_id: row.user_id,
    month: row.month,
    time_zone: row.time_zone,
    sha256: row.sha256,
    signed_at: row.signed_at,
    status: valid ? 'valid' : 'superseded',
    superseded_by: valid ? null : supersededBy,
    ...(row.credential_origin ? { credential_origin: row.credential_origin } : {}),
  }
}

/** The employee of a report, when the caller may see their records; 404 otherwise, as if they did not exist. */
async function visibleSubject(scope: RequestScope, userId: string) {
  const { db, auth } = scope
  const [visible, subject, identity] = await Promise.all([
    canSeeRecordsOf(db, auth, userId),
    calendarSubject(db, auth.tenantId, userId),
    repo.reportIdentity(db, auth.tenantId, userId),
  ])
  if (!visible || !subject || !identity) throw notFound('User')
  return { subject, identity }
}

/** Its route declares the overtime settlement and the read replica (http/read-pipeline.ts). */
export async function monthlyReport(scope: RequestScope, query: MonthlyReportQueryType): Promise<MonthlyReportType> {
  const zone = query.tz ?? scope.auth.tenant.timezone
  const window = monthWindow(query.month, zone)
  // Who may be read is judged on the primary: a replica within its lag may not have a change of
  // who sees whom made elsewhere yet.
  const { subject, identity } = await visibleSubject(primaryScopeOf(scope), query.user_id)
  const { db, auth } = scope
  const [content, corrections, chainHead, signature, overtime] = await Promise.all([
    signedContentOf(scope, subject, query.month, zone),
    correctionsTouching(db, auth.tenantId, subject.id, window.startIso, window.endIso),
    chainHeadOf(db, auth.tenantId, subject.id),
    latestSignature(db, auth.tenantId, subject.id, query.month),
    overtimeSectionsOf(db, auth.tenant, [subject.id], query.month, scope.now),
  ])
  const contentSha256 = logic.contentSha256(content)
  const [names, namedPunches] = await Promise.all([
    repo.namesOf(db, auth.tenantId, [
      ...new Set(corrections.flatMap((c) => [c.proposed_by, ...(c.decided_by ? [c.decided_by] : [])])),
    ]),
    punchesByIds(db, auth.tenantId, subject.id, [
      ...new Set(corrections.flatMap((c) => namedPunchIds(parseJsonText(c.changes) as CorrectionChange[]))),
    ]),
  ])
  // Where each punch a correction names was (a moved or voided one included): what its effects show.
  const named = new Map(namedPunches.map((p) => [p.id, { type: p.type, ts: p.ts }]))
  const companyName = identity.company_name ?? auth.tenant.legal_name ?? auth.tenant.name

  let signatureView: SignatureType | null = null
  if (signature) {
    // A signature is judged in its own zone; a report read in another zone recomputes it there.
    const signedNow =
      signature.time_zone === zone
        ? contentSha256
        : logic.contentSha256(await signedContentOf(scope, subject, query.month, signature.time_zone))
    const absence =
      signedNow === signature.sha256
        ? undefined
        : await repo.latestAbsenceApprovedAfter(db, auth.tenantId, subject.id, query.month, signature.signed_at)
    signatureView = signatureToApi(signature, signedNow, latestChangeAfter(corrections, absence, signature.signed_at))
  }
  noteRecordsRead(scope, [subject.id])
  return {
    ...content,
    // Read at the scope's moment, outside the signed content (docs/decisions/0027-figures-to-date.md).
    ...toDateFigures(content.days, todayIn(zone, new Date(scope.now))),
    worker: {
      id: identity.id,
      full_name: identity.full_name,
      dni: canSeeSensitiveFieldsOf(auth, identity.id) ? identity.dni : null,
    },
    language: auth.tenant.language,
    company: {
      name: companyName,
      // A worker employed by another company (company_name) never gets this company's CIF.
      cif: identity.company_name === null ? (identity.company_cif ?? auth.tenant.cif) : identity.company_cif,
      work_center:
        identity.work_center_id && identity.work_center_name
          ? { id: identity.work_center_id, name: identity.work_center_name }
          : null,
    },
    corrections: corrections.map((c) => {
      const correction = correctionToApi(c)
      return {
        ...correction,
        proposed_by_name: names.get(c.proposed_by) ?? (c.proposed_by === COMPANY ? companyName : null),
        decided_by_name: c.decided_by ? (names.get(c.decided_by) ?? null) : null,
        effects: logic.effectsOf(correction.changes, named),
      }
    }),
    chain_head: chainHead ?? null,
    overtime: overtime.get(subject.id)!,
    generated_at: nowIsoOf(scope),
    content_sha256: contentSha256,
    signature: signatureView,
  }
}

/** Employees per step of the export: what is held in memory at once, whatever the company's size. */
export const EXPORT_PAGE_SIZE = 50

/**
 * The company's month as CSV records, employee by employee (name order), one page of employees
 * read and computed at a time, so memory stays bounded whatever the company's size. Employees the
 * caller may not see are left out. `onProgress` is told how many employees are done, of how many.
 * Its route declares the overtime settlement and the read replica (http/read-pipeline.ts); the
 * command line settles first itself.
 */
export async function* exportMonthRecords(
  scope: RequestScope,
  query: ExportQueryType,
  onProgress?: (done: number, total: number) => void,
): AsyncGenerator<(string | number)[][]> {
  const { db, auth } = scope
  const zone = query.tz ?? auth.tenant.timezone
  const filters = {
    status: query.status,
    departmentId: query.department_id,
    workCenterId: query.work_center_id,
    teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
  }
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const page = await calendarSubjects(db, auth.tenantId, filters, { limit: EXPORT_PAGE_SIZE, offset })
    const ids = page.rows.map((s) => s.id)
    noteRecordsRead(scope, ids)
    if (page.rows.length === 0) return
    const [days, overtime] = await Promise.all([
      reportDaysOf(scope, page.rows, query.month, zone),
      overtimeSectionsOf(db, auth.tenant, ids, query.month, scope.now),
    ])
    yield page.rows.flatMap((subject) => {
      const cells = logic.overtimeCells(overtime.get(subject.id)!)
      return days.get(subject.id)!.map((day) => logic.csvRecordOf(subject, day, zone, cells))
    })
    onProgress?.(Math.min(offset + page.rows.length, page.total), page.total)
    if (page.rows.length < EXPORT_PAGE_SIZE) return
  }
}

/**
 * The acting user signs their own month once it has ended: the signature is the SHA-256 of the
 * canonical JSON of the month's record as it is now. Signing a month again is refused while the
 * signature still matches the record; once a correction superseded it, a new one is kept beside
 * the old. Serialised with schedule changes (the company's lock), which may not reach into a
 * signed month.
 */
export async function signMonth(scope: RequestScope, month: string): Promise<SignatureType> {
  const { auth } = scope
  assertPersonalCredential(auth, 'Signing one’s month')
  const zone = auth.tenant.timezone
  if (!logic.monthHasEnded(month, zone, scope.now))
    throw new AppError(
      'month_not_ended',
      `${month} has not ended yet in ${zone}; it can be signed from its last day’s end on`,
    )
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockTenant(trx, auth.tenantId)
    const subject = await calendarSubject(trx, auth.tenantId, auth.actor.id)
    if (!subject) throw notFound('User')
    const content = await signedContentOf(tx, subject, month, zone)
    const sha256 = logic.contentSha256(content)
    const previous = await latestSignature(trx, auth.tenantId, subject.id, month)
    if (previous && previous.time_zone === zone && previous.sha256 === sha256) {
      throw new AppError(
        'month_already_signed',
        `${month} is already signed (${previous.signed_at}) and nothing changed since`,
      )
    }
    const signer = await findUserRow(trx, auth.tenantId, subject.id)
    const row: MonthSignatureRow = {
      id: newId('signature'),
      tenant_id: auth.tenantId,
      user_id: subject.id,
      month,
      time_zone: zone,
      sha256,
      signed_at: nowIsoOf(tx),
      key_id: auth.keyId,
      // Signed with a credential the company issued: the signature says so
      // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
      credential_origin: signer ? credentialOriginOf(auth, signer) : null,
    }
    await insertSignature(trx, row)
    return signatureToApi(row, sha256, null)
  })
}
