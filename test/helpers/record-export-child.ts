/**
 * Child process of the record export's memory test: exports a company's record to a file, as an
 * administrator, and prints `{"bytes", "peakHeapMiB", "seconds"}`: the heap is sampled every few
 * milliseconds while the ZIP streams, in a process that does nothing else.
 *
 * Usage: node --import tsx test/helpers/record-export-child.ts '<json: url, pgSchema, tenantId, from, to, out, secretsKeyHex>'
 */
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { SCOPES } from '../../src/auth/scopes.js'
import { scopeOf } from '../../src/auth/request-scope.js'
import { openDatabase } from '../../src/db/database.js'
import { SecretBox } from '../../src/lib/secret-box.js'
import { startRecordExport } from '../../src/modules/record-export/record-export.service.js'
import { requireTenant } from '../../src/modules/tenants/index.js'

const input = JSON.parse(process.argv[2]!) as {
  url: string
  pgSchema?: string
  tenantId: string
  from: string
  to: string
  out: string
  secretsKeyHex: string
}
const handle = await openDatabase(input.url, input.pgSchema ? { pgSchema: input.pgSchema } : {})
const tenant = await requireTenant(handle.db, input.tenantId)
const auth = {
  keyId: 'memory-test',
  kind: 'standard' as const,
  credential: 'command-line' as const,
  personal: false,
  tenantId: tenant.id,
  tenant,
  scopes: SCOPES,
  actor: {
    id: 'memory-test',
    email: '',
    fullName: 'Memory test',
    role: 'admin' as const,
    departmentId: null,
    representative: false,
  },
}
let peak = process.memoryUsage().heapUsed
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().heapUsed)
}, 5)
const started = performance.now()
const made = await startRecordExport(
  scopeOf(handle.db, auth, Date.now()),
  { from: input.from, to: input.to },
  new SecretBox(Buffer.from(input.secretsKeyHex, 'hex')),
)
let bytes = 0
made.stream.on('data', (chunk: Buffer) => {
  bytes += chunk.length
  peak = Math.max(peak, process.memoryUsage().heapUsed)
})
await pipeline(made.stream, createWriteStream(input.out))
clearInterval(sampler)
const seconds = (performance.now() - started) / 1000
await handle.destroy()
process.stdout.write(`${JSON.stringify({ bytes, peakHeapMiB: peak / 2 ** 20, seconds })}\n`)
