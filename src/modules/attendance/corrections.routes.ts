import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import * as s from './corrections.schemas.js'
import * as service from './corrections.service.js'

const operation = operations('Attendance corrections')

export const correctionsApi: ApiModule = {
  schemas: [s.Correction],
  routes: () => async (app) => {
    app.post(
      '/attendance/corrections',
      operation('attendance-corrections.create', {
        summary: 'Propose a correction of an employee’s punches, with a reason',
        description:
          'Changes: `add` a missing punch, `move` a punch to its right moment, `void` a punch that should not be there; all within 31 days of each other, none in the future. The employee’s effective punches must stay coherent (409 correction_incoherent); a named punch must be an effective punch of the employee (404; 409 punch_superseded when already corrected). The other side decides: HR or a supervisor when the employee proposes, the employee when anyone else does.',
        body: s.ProposeCorrectionBody,
        response: { 201: DataOf(s.Correction) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.proposeCorrection(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/attendance/corrections',
      operation('attendance-corrections.list', {
        reads: { records: true },
        summary: 'Corrections, most recently proposed first',
        description:
          '`from` and `to` select corrections that touch punches of those days. Only corrections of employees whose records the caller sees.',
        querystring: s.ListCorrectionsQuery,
        response: { 200: ListOf(s.Correction) },
      }),
      async (request) => service.listCorrections(scopeOfRequest(request), request.query),
    )
    app.get(
      '/attendance/corrections/:correction_id',
      operation('attendance-corrections.list', {
        reads: { records: true },
        operationId: 'attendance-corrections.get',
        summary: 'Get a correction with its trail (scope attendance-corrections.list)',
        params: s.CorrectionIdParams,
        response: { 200: DataOf(s.Correction) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getCorrection(scopeOfRequest(request), request.params.correction_id) }),
    )
    app.post(
      '/attendance/corrections/:correction_id/decide',
      operation('attendance-corrections.decide', {
        summary: 'Approve or reject a pending correction (the other side)',
        description:
          'When the employee proposed it: HR or a supervisor up the manager chain. When anyone else did: the employee. Never the proposer (403). Only a pending correction (409). Approval judges the record again (409 when it changed in between) and applies it append-only: the correction joins the employee’s hash chain, moved and voided punches are superseded, new punches are appended with source `correction`.',
        params: s.CorrectionIdParams,
        body: s.DecideCorrectionBody,
        response: { 200: DataOf(s.Correction) },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.decideCorrection(scopeOfRequest(request), request.params.correction_id, request.body),
      }),
    )
    app.post(
      '/attendance/corrections/:correction_id/cancel',
      operation('attendance-corrections.cancel', {
        summary: 'Withdraw a pending correction (whoever proposed it)',
        params: s.CorrectionIdParams,
        response: { 200: DataOf(s.Correction) },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.cancelCorrection(scopeOfRequest(request), request.params.correction_id),
      }),
    )
  },
}
