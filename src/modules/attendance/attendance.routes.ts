import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { DataOf, ListOf, errorResponses } from '../../http/schemas.js'
import { CreatePunchBody, DailyEntry, ListAttendanceQuery, Punch, SummaryQuery, SummaryRow } from './attendance.schemas.js'
import * as service from './attendance.service.js'

export function attendanceRoutes(db: Kysely<Database>, clock: () => number): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/attendance',
      {
        config: { scope: 'attendance.list' },
        schema: {
          operationId: 'attendance.list',
          tags: ['Attendance'],
          summary: 'Daily attendance of one employee',
          description:
            'One entry per calendar day of [from, to] in `tz`, paginated by day. A work session belongs to the local day of its `in`, so a night shift is one day’s work. Breaks are deducted; an open session counts up to now.',
          querystring: ListAttendanceQuery,
          response: { 200: ListOf(DailyEntry), ...errorResponses(400, 404) },
        },
      },
      async (request) => service.listAttendance(db, authOf(request), request.query, clock()),
    )
    app.post(
      '/attendance',
      {
        config: { scope: 'attendance.create' },
        schema: {
          operationId: 'attendance.create',
          tags: ['Attendance'],
          summary: 'Record a punch (administrators)',
          description:
            'Punches are append-only. The sequence is in -> break_start | out, break_start -> break_end, break_end -> break_start | out, out -> in; each punch must be later than the employee’s last one.',
          body: CreatePunchBody,
          response: { 201: DataOf(Punch), ...errorResponses(400, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: await service.createPunch(db, authOf(request), request.body, clock()) }),
    )
    app.get(
      '/attendance/summary',
      {
        config: { scope: 'attendance.summary' },
        schema: {
          operationId: 'attendance.summary',
          tags: ['Attendance'],
          summary: 'Hours per employee over a range',
          description: 'One row per employee, ordered by full name then id, paginated by employee. Each row is the sum of the employee’s daily entries.',
          querystring: SummaryQuery,
          response: { 200: ListOf(SummaryRow), ...errorResponses(400) },
        },
      },
      async (request) => service.attendanceSummary(db, authOf(request), request.query, clock()),
    )
  }
}
