import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import * as s from './absences.schemas.js'
import * as service from './absences.service.js'

const operation = operations('Absences')

export const absencesApi: ApiModule = {
  schemas: [s.Absence, s.AbsenceType, s.VacationBalance],
  routes: () => async (app) => {
    app.get(
      '/absence-types',
      operation('absence-types.list', {
        summary: 'The company’s absence types, ordered by key',
        querystring: s.ListAbsenceTypesQuery,
        response: { 200: ListOf(s.AbsenceType) },
      }),
      async (request) => service.listAbsenceTypes(scopeOfRequest(request), request.query),
    )
    app.post(
      '/absence-types',
      operation('absence-types.create', {
        summary: 'Add an absence type (administrators)',
        body: s.CreateAbsenceTypeBody,
        response: { 201: DataOf(s.AbsenceType) },
        errors: [409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createAbsenceType(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/absence-types/:key',
      operation('absence-types.list', {
        operationId: 'absence-types.get',
        summary: 'Get an absence type by its key (scope absence-types.list)',
        params: s.AbsenceTypeKeyParams,
        response: { 200: DataOf(s.AbsenceType) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getAbsenceType(scopeOfRequest(request), request.params.key) }),
    )
    app.patch(
      '/absence-types/:key',
      operation('absence-types.update', {
        summary: 'Change an absence type (administrators); existing absences keep their status',
        params: s.AbsenceTypeKeyParams,
        body: s.UpdateAbsenceTypeBody,
        response: { 200: DataOf(s.AbsenceType) },
        errors: [404],
      }),
      async (request) => ({
        data: await service.updateAbsenceType(scopeOfRequest(request), request.params.key, request.body),
      }),
    )
    app.get(
      '/absences',
      operation('absences.list', {
        summary: 'Absences overlapping [from, to], most recent first',
        description:
          'Includes absences that start before `from` or end after `to`. Ordered by start_date, then created_at, then id, all descending.',
        querystring: s.ListAbsencesQuery,
        response: { 200: ListOf(s.Absence) },
      }),
      async (request) => service.listAbsences(scopeOfRequest(request), request.query),
    )
    app.get(
      '/absences/:absence_id',
      operation('absences.get', {
        summary: 'Get an absence',
        params: s.AbsenceIdParams,
        response: { 200: DataOf(s.Absence) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getAbsence(scopeOfRequest(request), request.params.absence_id) }),
    )
    app.post(
      '/absences/record',
      operation('absences.record', {
        summary: 'Record an absence that already happened (HR and administrators): approved at once',
        description:
          'Last week’s sick leave, reported late: `start_date` today or earlier, at most four years back (a future one is asked for with POST /absences). Approved at once by the caller; the same overlap (409 `absence_overlap`) and vacation (409 `vacation_balance_exceeded`) rules as a request: sick leave (a type that `interrupts_vacation`) may lie over approved vacation, past or future, whose days go back to the balance (art. 38.3 ET). The days and reports of its dates change with it; a month the employee signed shows its signature superseded by this absence. Announced as `absence.created`.',
        body: s.CreateAbsenceBody,
        response: { 201: DataOf(s.Absence) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.recordPastAbsence(scopeOfRequest(request), request.body) }),
    )
    app.post(
      '/absences',
      operation('absences.create', {
        summary: 'Register an absence (for oneself, or for anyone as an administrator)',
        description:
          'Pending, or approved at once when the type needs no approval. Not in the past; hourly absences need both times on one day and a type that allows them; no overlap with a pending or approved absence (409), except a full-day absence of a type that `interrupts_vacation` (sick leave) over approved vacation, whose days it covers go back to the balance and which shows it in `interrupted_by` (art. 38.3 ET); vacation may not exceed the year’s vacation days and the days carried into it (409).',
        body: s.CreateAbsenceBody,
        response: { 201: DataOf(s.Absence) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createAbsence(scopeOfRequest(request), request.body) }),
    )
    app.post(
      '/absences/:absence_id/decide',
      operation('absences.decide', {
        summary: 'Approve or reject a pending absence',
        description:
          'The acting user must be in the HR department or above the employee in the manager chain, and not the employee (403 permission_denied). Only a pending absence can be decided (409).',
        params: s.AbsenceIdParams,
        body: s.DecideAbsenceBody,
        response: { 200: DataOf(s.Absence) },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.decideAbsence(scopeOfRequest(request), request.params.absence_id, request.body),
      }),
    )
    app.post(
      '/absences/:absence_id/cancel',
      operation('absences.cancel', {
        summary: 'Cancel a pending or approved absence that has not ended (the employee or HR)',
        description:
          'Frees the vacation days it held; cancelling an absence that interrupted vacation (art. 38.3 ET) gives its days back to that vacation.',
        params: s.AbsenceIdParams,
        response: { 200: DataOf(s.Absence) },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.cancelAbsence(scopeOfRequest(request), request.params.absence_id),
      }),
    )
    app.get(
      '/users/:user_id/vacation-balance',
      operation('users.vacation-balance', {
        summary: 'Vacation days of a year: entitled, approved, pending, remaining',
        description:
          'Days are those of pending and approved absences of types that consume vacation, in the company’s vacation_unit: working days (schedule, less holidays) or calendar days (art. 38.1 ET); an absence across New Year counts in each year. Days of vacation interrupted by sick leave are given back (`interrupted`) and, not taken in their year, carried on for 18 months after its end (`carried_in`, art. 38.3 ET).',
        params: s.UserIdParams,
        querystring: s.VacationBalanceQuery,
        response: { 200: DataOf(s.VacationBalance) },
        errors: [404],
      }),
      async (request) => ({
        data: await service.vacationBalance(scopeOfRequest(request), request.params.user_id, request.query.year),
      }),
    )
  },
}
