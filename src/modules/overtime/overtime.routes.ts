import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { negotiatedFormat } from '../../http/formats.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { decideLot, payLot } from './lot-decisions.service.js'
import { listLots, overtimeBalance } from './lots.service.js'
import { OVERTIME_REPORT_CSV_HEADER } from './overtime.logic.js'
import { renderOvertimeReport } from './overtime-report-formats.js'
import { overtimeReport } from './overtime-report.service.js'
import { OVERTIME_CSV_HEADINGS } from './overtime-report-words.js'
import * as s from './overtime.schemas.js'

const operation = operations('Overtime')

export const overtimeApi: ApiModule = {
  schemas: [s.OvertimeLot, s.OvertimeBalance, s.OvertimeReport],
  routes: () => async (app) => {
    app.get(
      '/overtime/lots',
      operation('overtime-lots.list', {
        reads: { records: true, settles: 'overtime' },
        summary: 'Overtime lots: each employee’s overtime of each ended month, newest month first',
        description:
          'A lot appears once its month has ended in the company’s zone, for each employee with overtime in it (on the company’s overtime_policy.basis); this read proposes any the hourly housekeeping has not yet. A pending lot follows the record; a decided one never changes, and a later change of its month adds an adjustment lot (`adjusts`). Need-to-know as for attendance: HR and administrators see everyone’s, others their own and their team’s.',
        querystring: s.ListLotsQuery,
        response: { 200: ListOf(s.OvertimeLot) },
        expensive: true,
      }),
      async (request) => listLots(scopeOfRequest(request), request.query),
    )
    app.post(
      '/overtime/lots/:lot_id/decide',
      operation('overtime-lots.decide', {
        summary: 'Approve a pending overtime lot (HR and administrators)',
        description:
          'A lot is a fact of the record (art. 35 ET): it is approved, never rejected (`rejected` is 400); hours in dispute are a correction of the time record, which the lot follows. Approving sets how it is compensated (`compensation`, default the employee’s terms; required when they are mixed) and its deadline (`compensate_by`). The annual cap never refuses: going over it is flagged (`over_cap_minutes` in the balance, the event `overtime.cap_exceeded`). Refused with 409 `overtime_not_allowed` for a minor, force majeure included (art. 6.3; their lot is paid as wages due), and for a night worker or a part-time employee unless `force_majeure` is true. Only a pending lot can be decided (409 `overtime_lot_not_pending`); nobody decides their own (403).',
        params: s.LotIdParams,
        body: s.DecideLotBody,
        response: { 200: DataOf(s.OvertimeLot) },
        errors: [404, 409],
      }),
      async (request) => ({ data: await decideLot(scopeOfRequest(request), request.params.lot_id, request.body) }),
    )
    app.post(
      '/overtime/lots/:lot_id/pay',
      operation('overtime-lots.pay', {
        summary: 'Record pay for an approved overtime lot (HR and administrators)',
        description:
          'Any approved lot can be paid up to what it still owes (409 `overtime_lot_not_payable` otherwise), a rest lot too: rest still owed when someone leaves is paid. A minor’s lot, which is never approved (art. 6.3 ET), is paid while pending, up to its minutes: the wages due. `payroll_month` is not before the lot’s month.',
        params: s.LotIdParams,
        body: s.PayLotBody,
        response: { 200: DataOf(s.OvertimeLot) },
        errors: [404, 409],
      }),
      async (request) => ({ data: await payLot(scopeOfRequest(request), request.params.lot_id, request.body) }),
    )
    app.get(
      '/overtime/balance',
      operation('overtime.balance', {
        reads: { records: true, settles: 'overtime' },
        summary:
          'An employee’s overtime: rest owed and its deadline, overdue, paid, and the year toward and over the cap',
        description:
          'Rest and pay owed are as of today across all years; the other figures are those of the year’s lots: rest taken (days passed) apart from rest scheduled, and the annual cap as art. 35.2 ET counts it (`counted_toward_cap_minutes`, `at_risk_minutes`, `over_cap_minutes`: over the cap is flagged, never refused), and overtime worked as a minor (`violation_minutes`). Default employee: the caller. Another employee’s balance is theirs to see under need-to-know (404 otherwise).',
        querystring: s.BalanceQuery,
        response: { 200: DataOf(s.OvertimeBalance) },
        errors: [404],
        expensive: true,
      }),
      async (request) => ({ data: await overtimeBalance(scopeOfRequest(request), request.query) }),
    )
    app.get(
      '/overtime/reports/monthly',
      operation('overtime-reports.monthly', {
        reads: { records: true, companyWide: true, replica: true, settles: 'overtime' },
        expensive: true,
        // For workers' representatives: docs/decisions/0019-representatives-and-record-export.md,
        // as a PDF and in the company's language since 0023-daily-limits-and-real-life.md.
        summary: 'The month’s overtime per employee and its compensation, as JSON, CSV or PDF',
        description:
          'What workers’ representatives are told every month (RD 1561/1995, additional provision 3): for each employee with overtime lots in the month, what was proposed and approved, how the approved part is compensated (rest or pay, force majeure), what was rested, paid and is still owed, the minutes worked by minors (`violation_minutes`), and the year toward the annual cap and beyond it. Representatives (the user flag `representative`), administrators, HR and inspector keys read every employee; anyone else the employees whose records they see. Every read by a representative is in the access log. CSV (`format=csv` or `Accept: text/csv`) has one row per employee, without the lots, its headers in the company’s language (`language`). PDF (`format=pdf` or `Accept: application/pdf`): one A4 PDF/A-2b document in the company’s language, headed by the company’s legal name and CIF, a row per employee and the totals, and what the law flags (over the annual cap, a minor’s overtime, rest not taken in time).',
        querystring: s.OvertimeReportQuery,
        response: {
          200: {
            description: 'The report',
            content: {
              'application/json': { schema: DataOf(s.OvertimeReport) },
              'text/csv': {
                schema: Type.String({
                  description: `RFC 4180, UTF-8, CRLF; header in English: ${OVERTIME_REPORT_CSV_HEADER.join(',')}; in Spanish: ${OVERTIME_REPORT_CSV_HEADER.map((c) => OVERTIME_CSV_HEADINGS.es[c]).join(',')}`,
                }),
              },
              'application/pdf': { schema: Type.String({ format: 'binary', description: 'One A4 document' }) },
            },
          } as never,
        },
      }),
      async (request, reply) => {
        const scope = scopeOfRequest(request)
        const format = negotiatedFormat(request, request.query.format, ['pdf', 'csv'])
        const report = await overtimeReport(scope, request.query)
        if (format === 'json') return { data: report }
        const rendered = await renderOvertimeReport(report, format, scope.auth.tenant.timezone)
        return reply
          .type(rendered.contentType)
          .header('content-disposition', `attachment; filename="${rendered.filename}"`)
          .send(rendered.body)
      },
    )
  },
}
