import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { listAnomalies } from './anomalies.service.js'
import { whoIsInNow } from './presence.service.js'
import {
  AnomaliesQuery,
  AnomalyRow,
  NowQuery,
  PresenceRow,
  BatchPunchBody,
  BatchPunchResult,
  ClockBody,
  CreatePunchBody,
  DailyEntry,
  ListAttendanceQuery,
  ClockedPunch,
  Punch,
  PunchLogEntry,
  PunchLogQuery,
  SummaryQuery,
  SummaryRow,
} from './attendance.schemas.js'
import { listAttendance } from './daily-record.service.js'
import { listPunchLog } from './punch-log.service.js'
import { clockPunch, createPunch, createPunchBatch } from './punch-recording.service.js'
import { attendanceSummary } from './summary.service.js'

const operation = operations('Attendance')

export const attendanceApi: ApiModule = {
  schemas: [Punch, ClockedPunch, PunchLogEntry, DailyEntry, SummaryRow, AnomalyRow, PresenceRow],
  routes: () => async (app) => {
    app.get(
      '/attendance',
      operation('attendance.list', {
        reads: { records: true },
        summary: 'Daily attendance of one employee',
        description:
          'One entry per calendar day of [from, to] in `tz`, paginated by day. A work session belongs to the local day of its `in`, so a night shift is one day’s work. Breaks are deducted; an open session counts up to now. Only effective punches count: those an approved correction superseded are in the punch log.',
        querystring: ListAttendanceQuery,
        response: { 200: ListOf(DailyEntry) },
        errors: [404],
      }),
      async (request) => listAttendance(scopeOfRequest(request), request.query),
    )
    app.post(
      '/attendance',
      operation('attendance.create', {
        summary: 'Record a punch (administrators)',
        description:
          'Punches are append-only. The sequence is in -> break_start | out, break_start -> break_end, break_end -> break_start | out, out -> in; each punch must be later than the employee’s last one. A session left open never blocks a punch (art. 34.9 ET): an `in` more than the company’s max_session_hours after the open session’s `in` starts a new session, and the session left open stays a `session_too_long` anomaly with the company’s proposed closing correction.',
        body: CreatePunchBody,
        response: { 201: DataOf(Punch) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await createPunch(scopeOfRequest(request), request.body) }),
    )
    app.post(
      '/attendance/clock',
      operation('attendance.clock', {
        summary: 'Clock in or out for oneself, at the server’s moment (any role)',
        description:
          'The acting user punches for themselves; the moment is the server’s clock. The one exception is a punch the app kept while the service could not be reached: it is sent later with its real moment in `ts` and an Idempotency-Key (400 without one), at most 7 days old (older ones are corrections) and after the employee’s last punch; it is judged at that moment, and the punch log’s `created_at` shows when it arrived. The same sequence, modality and remote rules as attendance.create. The punch is stored with source `clock`. A session left open is never a reason to refuse a punch (art. 34.9 ET): an `in` past the company’s max_session_hours starts a new session, and the answer’s `left_open_session` names the session left open and the correction that would close it, to tell the person.',
        body: ClockBody,
        response: { 201: DataOf(ClockedPunch) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({
          data: await clockPunch(scopeOfRequest(request), request.body, {
            idempotencyKey: request.headers['idempotency-key'] !== undefined,
          }),
        }),
    )
    app.post(
      '/attendance/batch',
      operation('attendance.create', {
        operationId: 'attendance.batch',
        expensive: true,
        summary: 'Record up to 1,000 punches at once: a device’s backlog (administrators)',
        description:
          'Each punch is judged as attendance.create judges it, an employee’s punches in the order given; stored ones are kept even when others are refused. The answer is 200 with one result per punch. A malformed item (wrong type, no ts) makes the whole request 400; the rules of the record are judged per punch. Counts once against the rate limit. With an Idempotency-Key the whole answer is kept.',
        body: BatchPunchBody,
        response: { 200: Type.Object({ data: Type.Array(BatchPunchResult) }) },
      }),
      async (request) => ({ data: await createPunchBatch(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/attendance/punches',
      operation('attendance.punches', {
        reads: { records: true },
        summary: 'The punch log: every stored punch of one employee, superseded ones included',
        description:
          'Punches whose moment falls on the local days [from, to] in `tz` (default the company’s), ordered by ts then id, with their origin and what corrected them. Punches are never changed or deleted: a corrected punch stays here with `superseded_by`.',
        querystring: PunchLogQuery,
        response: { 200: ListOf(PunchLogEntry) },
        errors: [404],
      }),
      async (request) => listPunchLog(scopeOfRequest(request), request.query),
    )
    app.get(
      '/attendance/summary',
      operation('attendance.summary', {
        reads: { records: true, replica: true },
        expensive: true,
        summary: 'Hours per employee over a range',
        description:
          'One row per employee, ordered by full name then id, paginated by employee. Each row is the sum of the employee’s daily entries.',
        querystring: SummaryQuery,
        response: { 200: ListOf(SummaryRow) },
      }),
      async (request) => attendanceSummary(scopeOfRequest(request), request.query),
    )
    app.get(
      '/attendance/anomalies',
      operation('attendance.anomalies', {
        reads: { records: true },
        expensive: true,
        summary: 'What needs attention in a range: forgotten clock-outs, missing breaks, work on days off',
        description:
          'The anomalies of the daily entries of every employee the caller sees (HR and administrators: everyone; a supervisor: their team; anyone else: themselves), over at most 62 days, ordered by day, then full name and id. Each names the pending correction that would settle it, if one exists. Judged with the company’s max_session_hours, break_after_minutes, min_break_minutes, min_daily_rest_hours and max_ordinary_day_hours as they are now, and with the days around the range that the rules over several days need (the 15 before it, the 2 after it).',
        querystring: AnomaliesQuery,
        response: { 200: ListOf(AnomalyRow) },
      }),
      async (request) => listAnomalies(scopeOfRequest(request), request.query),
    )
    app.get(
      '/attendance/now',
      operation('attendance.now', {
        reads: { records: true },
        summary: 'Who is in now: each active employee’s state at this moment',
        description:
          'For the active employees the caller sees (HR and administrators: everyone; a supervisor: their team; anyone else: themselves), in name order: in, on_break, out, absent, holiday or off, from their effective punches, today’s approved absences and holidays in the company’s zone. A page is a few queries whatever its size.',
        querystring: NowQuery,
        response: { 200: ListOf(PresenceRow) },
      }),
      async (request) => whoIsInNow(scopeOfRequest(request), request.query),
    )
  },
}
