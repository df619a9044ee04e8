import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { RecordExportQuery, RecordKey } from './record-export.schemas.js'
import { startRecordExport } from './record-export.service.js'
import { listRecordKeys, rotateRecordKey } from './record-keys.service.js'

const reports = operations('Attendance reports')
const company = operations('Company')

export const recordExportApi: ApiModule = {
  schemas: [RecordKey],
  routes: (deps) => async (app) => {
    app.get(
      '/attendance/reports/record-export',
      reports('attendance-reports.record-export', {
        reads: { records: true, replica: true, settles: 'overtime' },
        expensive: true,
        // docs/decisions/0019-representatives-and-record-export.md, 0023-daily-limits-and-real-life.md
        summary: 'The company’s time record over a range as a signed ZIP an inspector verifies offline',
        description:
          'Administrators and inspector keys. Streams a ZIP of `employees.jsonl`, `punches.jsonl` (every stored punch of each employee’s part of the chain, superseded ones included), `corrections.jsonl` (with their trail), `chains.json` (per employee the link before the part and its last), `absences.jsonl` (every absence of the exported employees overlapping the range, whatever its status; no notes), `schedules.jsonl` (per employee the schedule periods reaching into the range and the holidays of their place), `overtime.jsonl` (the overtime lots of the months the range touches, with their days, rest and payments), `manifest.json` (company, range, generated_at, the record key, the SHA-256 of every other file) and `manifest.sig` (the Ed25519 signature of manifest.json by the company’s record key, GET /tenant/record-key). `jornada record verify FILE.zip` checks it without a database or a network; docs/record-export.md describes every field. `from` and `to` are days in the company’s zone, at most 366 days. Memory stays bounded whatever the company’s size; a client that disconnects stops it. 409 `secrets_key_missing` when the operator set no SECRETS_KEY, which keeps the record key sealed.',
        querystring: RecordExportQuery,
        response: {
          200: {
            description: 'The ZIP',
            content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
          } as never,
        },
        errors: [409],
      }),
      async (request, reply) => {
        const made = await startRecordExport(scopeOfRequest(request), request.query, deps.secrets)
        let failed = false
        made.stream.once('error', () => {
          failed = true
        })
        // A client that goes away stops the reads; how each export ended is counted.
        reply.raw.once('close', () => {
          const outcome = reply.raw.writableFinished && !failed ? 'completed' : failed ? 'failed' : 'cancelled'
          if (outcome === 'cancelled') made.cancel()
          request.server.metrics.countRecordExport(outcome)
        })
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${made.filename}"`)
          .send(made.stream)
      },
    )
    app.get(
      '/tenant/record-key',
      company('tenant.record-key', {
        reads: { records: false },
        summary: 'The public keys that sign the company’s record exports, the current one first',
        description:
          'The company’s Ed25519 record key is made on first use (this read or the first export); its private half is stored sealed with the service’s SECRETS_KEY and never leaves the service. A rotated key stays listed with `valid_until`, so the exports it signed can still be checked. 409 `secrets_key_missing` when there is no key yet and the operator set no SECRETS_KEY.',
        response: { 200: DataOf(Type.Array(RecordKey)) },
        errors: [409],
      }),
      async (request) => {
        const scope = scopeOfRequest(request)
        return { data: await listRecordKeys(scope, scope.auth.tenantId, deps.secrets) }
      },
    )
    app.post(
      '/tenant/record-key/rotate',
      company('tenant.rotate-record-key', {
        summary: 'Replace the company’s record key (administrators)',
        description:
          'A new key signs the exports from now on; the previous one’s validity ends now and it stays listed. Rotate when the service’s SECRETS_KEY may have leaked along with a copy of the database.',
        response: { 200: DataOf(Type.Array(RecordKey)) },
        errors: [409],
      }),
      async (request) => {
        return { data: await rotateRecordKey(scopeOfRequest(request), deps.secrets) }
      },
    )
  },
}
