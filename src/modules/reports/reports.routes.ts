import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { negotiatedFormat } from '../../http/formats.js'
import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { CSV_HEADER } from './monthly-report.logic.js'
import { exportMonthRecords, monthlyReport, signMonth } from './monthly-report.service.js'
import { COMPANY_CSV_HEADER } from './company-report.logic.js'
import { companyReport } from './company-report.service.js'
import { CSV_CONTENT_TYPE, csvStream } from '../../lib/csv.js'
import { type RenderedReport, renderCompanyReport, renderMonthlyReport } from './report-formats.js'
import {
  CompanyReport,
  CompanyReportQuery,
  ExportQuery,
  MonthlyReport,
  MonthlyReportQuery,
  Signature,
  SignBody,
} from './reports.schemas.js'

const operation = operations('Attendance reports')

const CsvBody = Type.String({ description: `RFC 4180, UTF-8, CRLF; header: ${CSV_HEADER.join(',')}` })

/** A rendered report as the answer: a PDF to show, anything else to save. */
function sendRendered(reply: FastifyReply, rendered: RenderedReport) {
  const disposition = rendered.contentType === 'application/pdf' ? 'inline' : 'attachment'
  return reply
    .type(rendered.contentType)
    .header('content-disposition', `${disposition}; filename="${rendered.filename}"`)
    .send(rendered.body)
}

export const reportsApi: ApiModule = {
  schemas: [MonthlyReport, Signature, CompanyReport],
  routes: () => async (app) => {
    app.get(
      '/attendance/reports/monthly',
      operation('attendance-reports.get', {
        reads: { records: true, replica: true, settles: 'overtime' },
        expensive: true,
        summary: 'The monthly working-time record of a worker, as JSON, CSV or PDF',
        description:
          'Worker and company, every day of the month (sessions, breaks, modality, worked, expected, balance, overtime, absences, holiday, corrected), totals, the corrections touching the month with their trail, the chain head, when it was generated and the worker’s signature. The daily figures are exactly those of attendance.list for the month in `tz` (default the company’s). Choose the form with `format` or `Accept` (application/json, text/csv, application/pdf).',
        querystring: MonthlyReportQuery,
        response: {
          200: {
            description: 'The record',
            content: {
              'application/json': { schema: DataOf(MonthlyReport) },
              'text/csv': { schema: CsvBody },
              'application/pdf': { schema: Type.String({ format: 'binary', description: 'One A4 document' }) },
            },
          } as never,
        },
        errors: [404],
      }),
      async (request, reply) => {
        const format = negotiatedFormat(request, request.query.format, ['pdf', 'csv'])
        const report = await monthlyReport(scopeOfRequest(request), request.query)
        if (format === 'json') return { data: report }
        const rendered = await renderMonthlyReport(report, format)
        return sendRendered(reply, rendered)
      },
    )
    app.get(
      '/attendance/reports/export',
      operation('attendance-reports.export', {
        reads: { records: true, replica: true, settles: 'overtime' },
        expensive: true,
        summary: 'Every employee-day of a month as one CSV, streamed',
        description:
          'The same header and figures as the monthly CSV, employee after employee in name order, written as they are computed (memory stays bounded whatever the company’s size). Employees whose records the caller may not see are left out. A failure after the first rows ends the stream early; a complete file ends with the last employee’s last day.',
        querystring: ExportQuery,
        response: { 200: { description: 'The CSV', content: { 'text/csv': { schema: CsvBody } } } as never },
      }),
      async (request, reply) => {
        const records = exportMonthRecords(scopeOfRequest(request), request.query)
        return reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="jornada-${request.query.month}.csv"`)
          .send(Readable.from(csvStream(records, CSV_HEADER)))
      },
    )
    app.get(
      '/attendance/reports/company',
      operation('attendance-reports.company', {
        reads: { records: true, companyWide: true, replica: true },
        expensive: true,
        // For workers' representatives and the company:
        // docs/decisions/0019-representatives-and-record-export.md.
        summary: 'The company’s monthly totals per employee, as JSON, CSV or PDF',
        description:
          'Per employee worked, expected, balance, overtime, days worked and days expected, and their sum: no punches, no absence types, no personal data. Workers’ representatives (the user flag `representative`), administrators, HR and inspector keys read every employee; anyone else the employees whose records they see. Every read by a representative is in the access log. The figures are those of the monthly record in `tz` (default the company’s). Choose the form with `format` or `Accept`.',
        querystring: CompanyReportQuery,
        response: {
          200: {
            description: 'The totals',
            content: {
              'application/json': { schema: DataOf(CompanyReport) },
              'text/csv': {
                schema: Type.String({ description: `RFC 4180, UTF-8, CRLF; header: ${COMPANY_CSV_HEADER.join(',')}` }),
              },
              'application/pdf': { schema: Type.String({ format: 'binary', description: 'One A4 document' }) },
            },
          } as never,
        },
      }),
      async (request, reply) => {
        const format = negotiatedFormat(request, request.query.format, ['pdf', 'csv'])
        const report = await companyReport(scopeOfRequest(request), request.query)
        if (format === 'json') return { data: report }
        const rendered = await renderCompanyReport(report, format)
        return sendRendered(reply, rendered)
      },
    )
    app.post(
      '/attendance/reports/monthly/sign',
      operation('attendance-reports.sign', {
        summary: 'Sign one’s own monthly record once the month has ended',
        description:
          'The acting user signs their month (in the company’s zone): the signature is the SHA-256 of the canonical JSON of { user_id, month, time_zone, days, totals }, keys sorted, no spaces, as the JSON report shows them. 409 month_not_ended before the month ends; 409 month_already_signed while an earlier signature still matches. A later approved correction marks the signature superseded (kept); the month can then be signed again. Schedule changes may no longer take effect inside a signed month.',
        body: SignBody,
        response: { 201: DataOf(Signature) },
        errors: [409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await signMonth(scopeOfRequest(request), request.body.month) }),
    )
  },
}
