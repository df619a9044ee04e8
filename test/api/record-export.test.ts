/**
 * The record export for the Inspectorate
 * (docs/decisions/0019-representatives-and-record-export.md): a signed ZIP of the company's record
 * over a range, verified offline by `jornada record verify`, which names what broke when anything
 * in it is changed; the record key made on first use, sealed, listed and rotated; who may export.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, it } from 'node:test'
import { SecretBox } from '../../src/lib/secret-box.js'
import { verifyRecordExport } from '../../src/modules/record-export/index.js'
import { withHr } from '../helpers/absences.js'
import { seedBigRecord } from '../helpers/big-record.js'
import { punch } from '../helpers/attendance.js'
import { CLI_ENTRY } from '../helpers/cli-command.js'
import { type TestContext, expectError, forEachEngine } from '../helpers/harness.js'
import { unzip, zipOf } from '../helpers/zip.js'

let now = Date.parse('2026-09-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}
const dir = mkdtempSync(join(tmpdir(), 'jornada-record-'))
after(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

/** Writes the bytes to a file of their own and verifies it. */
async function verified(bytes: Buffer, publicKey?: string) {
  const path = join(dir, `export-${++files}.zip`)
  writeFileSync(path, bytes)
  return verifyRecordExport(path, publicKey === undefined ? {} : { publicKey })
}

const problemsOf = (result: Awaited<ReturnType<typeof verified>>) =>
  result.problems.map((p) => `${p.file}: ${p.problem}`)

/**
 * A Madrid company: Marta punches in September, October and November; in October a move she
 * consents to, a pending proposal and a rejected one; Luis works one October day.
 */
async function company(t: TestContext) {
  setNow('2026-09-01T06:00:00Z')
  const tenant = await t.newTenant({ country: 'ES', region: 'MD' })
  assert.equal(
    (await tenant.admin.patch('/api/v1/tenant', { legal_name: 'Talleres Ruiz S.L.', cif: 'B12345674' })).status,
    200,
  )
  const marta = await tenant.createUser({ full_name: 'Marta Dvořák', dni: '12345678Z', hire_date: '2026-01-01' })
  const luis = await tenant.createUser({ full_name: 'Luis', hire_date: '2026-01-01' })
  const later = await tenant.createUser({ full_name: 'Hired in 2027', hire_date: '2027-01-01' })
  const martaKey = await tenant.keyFor(marta.id)
  setNow('2026-11-20T18:00:00Z')
  await punch(tenant, marta.id, 'in', '2026-09-30T07:00:00Z')
  await punch(tenant, marta.id, 'out', '2026-09-30T15:00:00Z')
  await punch(tenant, marta.id, 'in', '2026-10-05T07:00:00Z')
  const out = await punch(tenant, marta.id, 'out', '2026-10-05T15:00:00Z')
  await punch(tenant, marta.id, 'in', '2026-10-06T07:00:00Z')
  const secondOut = await punch(tenant, marta.id, 'out', '2026-10-06T15:00:00Z')
  await punch(tenant, luis.id, 'in', '2026-10-07T07:00:00Z')
  await punch(tenant, luis.id, 'out', '2026-10-07T14:00:00Z')
  const propose = async (reason: string, punchId: string, ts: string) => {
    const res = await tenant.admin.post('/api/v1/attendance/corrections', {
      user_id: marta.id,
      reason,
      changes: [{ action: 'move', punch_id: punchId, ts }],
    })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    return res.body.data
  }
  const moved = await propose('Se quedó hasta las 18:00', out.id, '2026-10-05T16:00:00Z')
  assert.equal(
    (await martaKey.post(`/api/v1/attendance/corrections/${moved.id}/decide`, { decision: 'approved' })).status,
    200,
  )
  const rejected = await propose('Otra hora', secondOut.id, '2026-10-06T17:00:00Z')
  assert.equal(
    (await martaKey.post(`/api/v1/attendance/corrections/${rejected.id}/decide`, { decision: 'rejected' })).status,
    200,
  )
  const pending = await propose('Aún por decidir', secondOut.id, '2026-10-06T16:30:00Z')
  await punch(tenant, marta.id, 'in', '2026-11-02T08:00:00Z')
  await punch(tenant, marta.id, 'out', '2026-11-02T16:00:00Z')
  return { tenant, marta, luis, later, martaKey, corrections: { moved, rejected, pending } }
}

const OCTOBER = '/api/v1/attendance/reports/record-export?from=2026-10-01&to=2026-10-31'

async function exportOf(client: { key: string | null }, t: TestContext, url = OCTOBER): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${client.key}` } })
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.headers['content-type'], 'application/zip')
  assert.match(
    String(res.headers['content-disposition']),
    /attachment; filename="jornada-record-2026-10-01-2026-10-31\.zip"/,
  )
  return res.rawPayload
}

const jsonLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l))
const withFile = (files: Map<string, Buffer>, name: string, bytes: Buffer | string) =>
  new Map([...files].map(([n, b]) => [n, n === name ? Buffer.from(bytes) : b]))

/** Changes one character of the text at the first place `pattern` matches, at its group's start. */
function flipped(bytes: Buffer, pattern: RegExp): Buffer {
  const text = bytes.toString('utf8')
  const match = pattern.exec(text)
  assert.ok(match, `${pattern} is in the file`)
  const at = match.index + match[0].length - 1
  const replacement = text[at] === '0' ? '1' : '0'
  return Buffer.from(text.slice(0, at) + replacement + text.slice(at + 1))
}

function runCli(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...CLI_ENTRY, ...args], { cwd: process.cwd(), timeout: 60_000 }, (error, stdout) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout }),
    )
  })
}

forEachEngine(
  'the record export',
  (t) => {
    it('exports the range with its chains, signed; verify passes with and without the published key', async () => {
      const { tenant, marta, luis, later, corrections } = await company(t)
      const keys = (await tenant.admin.get('/api/v1/tenant/record-key')).body.data
      assert.equal(keys.length, 1)
      assert.match(keys[0].id, /^rk_[0-9a-f]{16}$/)
      assert.match(keys[0].public_key_pem, /^-----BEGIN PUBLIC KEY-----/)
      assert.equal(keys[0].valid_until, null)

      const bytes = await exportOf(tenant.admin, t)
      const files = await unzip(bytes)
      assert.deepEqual(
        [...files.keys()],
        [
          'employees.jsonl',
          'punches.jsonl',
          'corrections.jsonl',
          'chains.json',
          'absences.jsonl',
          'schedules.jsonl',
          'overtime.jsonl',
          'manifest.json',
          'manifest.sig',
        ],
      )
      const manifest = JSON.parse(files.get('manifest.json')!.toString())
      assert.deepEqual(manifest.company, { id: tenant.id, name: 'Talleres Ruiz S.L.', cif: 'B12345674' })
      assert.deepEqual(manifest.range, {
        from: '2026-10-01',
        to: '2026-10-31',
        time_zone: 'Europe/Madrid',
        start: '2026-09-30T22:00:00.000Z',
        end: '2026-10-31T23:00:00.000Z',
      })
      assert.equal(manifest.record_key.id, keys[0].id)
      const employees = jsonLines(files.get('employees.jsonl')!)
      assert.ok(employees.some((e) => e.id === marta.id && e.dni === '12345678Z' && e.full_name === 'Marta Dvořák'))
      assert.ok(employees.some((e) => e.id === luis.id))
      assert.ok(!employees.some((e) => e.id === later.id), 'not employed in the range')
      const punches = jsonLines(files.get('punches.jsonl')!)
      const martas = punches.filter((p) => p.user_id === marta.id)
      assert.deepEqual(
        martas.map((p) => [p.type, p.ts, p.superseded_by !== null]),
        [
          ['in', '2026-10-05T07:00:00.000Z', false],
          ['out', '2026-10-05T15:00:00.000Z', true],
          ['in', '2026-10-06T07:00:00.000Z', false],
          ['out', '2026-10-06T15:00:00.000Z', false],
          ['out', '2026-10-05T16:00:00.000Z', false],
        ],
        'the range’s punches, the superseded one included, and the one the correction added; not September’s or November’s',
      )
      const lines = jsonLines(files.get('corrections.jsonl')!)
      assert.deepEqual(
        lines.map((c) => [c.id, c.status, c.seq !== null]),
        [
          [corrections.moved.id, 'approved', true],
          [corrections.rejected.id, 'rejected', false],
          [corrections.pending.id, 'pending', false],
        ],
      )
      const chains = JSON.parse(files.get('chains.json')!.toString()).chains
      const martaChain = chains.find((c: any) => c.user_id === marta.id)
      assert.equal(martaChain.anchor.seq, 2, 'September’s two punches come before')
      assert.equal(martaChain.anchor.hash, martas[0].prev_hash)
      assert.deepEqual(
        martaChain.head,
        { seq: 8, hash: martas.at(-1).hash },
        'the correction is link 7, the punch it added 8',
      )
      assert.equal(martaChain.recorded_head.seq, 10, 'November’s punches came after')

      const alone = await verified(bytes)
      assert.deepEqual(alone.problems, [])
      assert.equal(alone.ok, true)
      assert.deepEqual(alone.checked, {
        employees: employees.length,
        punches: punches.length,
        corrections: 3,
        chains: 2,
        absences: 0,
        schedules: employees.length,
        overtime_lots: 1,
      })
      assert.deepEqual(alone.key, { id: keys[0].id, source: 'named in the export' })
      const withKey = await verified(bytes, keys[0].public_key)
      assert.equal(withKey.ok, true)
      assert.deepEqual(withKey.key, { id: keys[0].id, source: 'given' })
      assert.equal((await verified(bytes, keys[0].public_key_pem)).ok, true, 'PEM works too')

      // The command, with no database: exit 0 and 1.
      const path = join(dir, 'cli.zip')
      writeFileSync(path, bytes)
      const ok = await runCli(['record', 'verify', path, '--public-key', keys[0].public_key])
      assert.equal(ok.code, 0, ok.stdout)
      assert.match(ok.stdout, /^Intact: Talleres Ruiz S\.L\./)
      const broken = join(dir, 'cli-broken.zip')
      writeFileSync(
        broken,
        await zipOf(withFile(files, 'punches.jsonl', flipped(files.get('punches.jsonl')!, /"hash":"[0-9a-f]/))),
      )
      const bad = await runCli(['record', 'verify', broken, '--json'])
      assert.equal(bad.code, 1)
      const report = JSON.parse(bad.stdout)
      assert.equal(report.ok, false)
      assert.ok(
        report.problems.some((p: any) => p.problem === 'hash_mismatch' && p.file === 'punches.jsonl' && p.line === 1),
      )
    })

    it('names what broke: a flipped byte in each file, a dropped or reordered line, a swapped status, another key', async () => {
      const { tenant, marta } = await company(t)
      const publicKey = (await tenant.admin.get('/api/v1/tenant/record-key')).body.data[0].public_key
      const files = await unzip(await exportOf(tenant.admin, t))
      const check = async (changed: Map<string, Buffer>, key: string | null = publicKey) =>
        problemsOf(await verified(await zipOf(changed), key ?? undefined))

      // One byte in each file.
      assert.deepEqual(
        await check(withFile(files, 'employees.jsonl', flipped(files.get('employees.jsonl')!, /"dni":"1/))),
        ['employees.jsonl: digest_mismatch'],
      )
      const punchProblems = await check(
        withFile(files, 'punches.jsonl', flipped(files.get('punches.jsonl')!, /"ts":"2026-10-0/)),
      )
      assert.ok(punchProblems.includes('punches.jsonl: hash_mismatch'), punchProblems.join('; '))
      assert.ok(punchProblems.includes('punches.jsonl: digest_mismatch'))
      const correctionProblems = await check(
        withFile(
          files,
          'corrections.jsonl',
          flipped(files.get('corrections.jsonl')!, /"reason":"Se quedó hasta las 1/),
        ),
      )
      assert.ok(correctionProblems.includes('corrections.jsonl: hash_mismatch'), correctionProblems.join('; '))
      assert.ok(correctionProblems.includes('corrections.jsonl: digest_mismatch'))
      const chainProblems = await check(
        withFile(files, 'chains.json', flipped(files.get('chains.json')!, /"head":\{"seq":\d+,"hash":"[0-9a-f]/)),
      )
      assert.ok(chainProblems.includes('chains.json: digest_mismatch'), chainProblems.join('; '))
      assert.ok(
        chainProblems.some((p) => p.endsWith('head_mismatch')),
        chainProblems.join('; '),
      )
      assert.deepEqual(
        await check(withFile(files, 'manifest.json', flipped(files.get('manifest.json')!, /"generated_at": "2/))),
        ['manifest.sig: signature_invalid'],
      )
      assert.deepEqual(
        await check(withFile(files, 'manifest.sig', flipped(files.get('manifest.sig')!, /^[A-Za-z0-9+/]{10}/))),
        ['manifest.sig: signature_invalid'],
      )

      // A dropped line, then two lines swapped.
      const punchLines = files.get('punches.jsonl')!.toString().split('\n')
      const martaLines = punchLines.map((l, i) => [l, i] as const).filter(([l]) => l.includes(marta.id))
      const dropped = punchLines.filter((_, i) => i !== martaLines[2]![1]).join('\n')
      const droppedProblems = await verified(await zipOf(withFile(files, 'punches.jsonl', dropped)), publicKey)
      assert.ok(
        droppedProblems.problems.some(
          (p) =>
            p.problem === 'sequence_gap' &&
            p.file === 'punches.jsonl' &&
            p.line === martaLines[2]![1] + 1 &&
            p.user_id === marta.id,
        ),
        JSON.stringify(droppedProblems.problems),
      )
      const swapped = [...punchLines]
      ;[swapped[martaLines[1]![1]], swapped[martaLines[2]![1]]] = [
        swapped[martaLines[2]![1]]!,
        swapped[martaLines[1]![1]]!,
      ]
      const swappedProblems = await check(withFile(files, 'punches.jsonl', swapped.join('\n')))
      assert.ok(swappedProblems.includes('punches.jsonl: out_of_order'), swappedProblems.join('; '))
      assert.ok(swappedProblems.includes('punches.jsonl: digest_mismatch'))

      // A correction's status swapped: approved to rejected, rejected to approved.
      const text = files.get('corrections.jsonl')!.toString()
      const unapproved = await check(
        withFile(files, 'corrections.jsonl', text.replace('"status":"approved"', '"status":"rejected"')),
      )
      assert.ok(unapproved.includes('corrections.jsonl: correction_status_mismatch'), unapproved.join('; '))
      const approved = await check(
        withFile(files, 'corrections.jsonl', text.replace('"status":"rejected"', '"status":"approved"')),
      )
      assert.ok(approved.includes('corrections.jsonl: correction_status_mismatch'), approved.join('; '))

      // Signed again by another key: refused with the company's key, and even without it when the
      // manifest still names the company's key; a forger who names their own key passes only without it.
      const other = generateKeyPairSync('ed25519')
      const otherSignature = (bytes: Buffer) => `${sign(null, bytes, other.privateKey).toString('base64')}\n`
      assert.deepEqual(await check(withFile(files, 'manifest.sig', otherSignature(files.get('manifest.json')!))), [
        'manifest.sig: signature_invalid',
      ])
      assert.deepEqual(
        await check(withFile(files, 'manifest.sig', otherSignature(files.get('manifest.json')!)), null),
        ['manifest.sig: signature_invalid'],
      )
      const otherPublic = other.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64')
      const { recordKeyId } = await import('../../src/modules/record-export/record-key.logic.js')
      const forged = JSON.parse(files.get('manifest.json')!.toString())
      forged.record_key = { id: recordKeyId(otherPublic), algorithm: 'Ed25519', public_key: otherPublic }
      const forgedBytes = Buffer.from(`${JSON.stringify(forged, null, 2)}\n`)
      const forgedFiles = withFile(
        withFile(files, 'manifest.json', forgedBytes),
        'manifest.sig',
        otherSignature(forgedBytes),
      )
      assert.deepEqual(await check(forgedFiles, null), [], 'consistent in itself: only the published key tells')
      assert.deepEqual(await check(forgedFiles), ['manifest.json: key_not_named', 'manifest.sig: signature_invalid'])

      // Not an export at all.
      assert.deepEqual(
        problemsOf(await verified(Buffer.from('not a zip'))).map((p) => p.split(': ')[1]),
        ['not_a_zip'],
      )
      const missing = new Map(files)
      missing.delete('chains.json')
      assert.ok((await check(missing)).includes('chains.json: file_missing'))
    })

    it('administrators and inspector keys export; HR and representatives do not; bad ranges are refused; keys rotate', async () => {
      const { tenant, marta } = await company(t)
      const { hrKey } = await withHr(tenant)
      const rep = await tenant.createUser({ full_name: 'Rep' })
      assert.equal((await tenant.admin.patch(`/api/v1/users/${rep.id}`, { representative: true })).status, 200)
      expectError(await hrKey.get(OCTOBER), 403, 'permission_denied')
      expectError(await (await tenant.keyFor(rep.id)).get(OCTOBER), 403, 'permission_denied')
      expectError(await (await tenant.keyFor(marta.id)).get(OCTOBER), 403, 'permission_denied')
      expectError(await tenant.admin.get('/api/v1/attendance/reports/record-export?from=2026-10-31&to=2026-10-01'), 400)
      expectError(await tenant.admin.get('/api/v1/attendance/reports/record-export?from=2025-01-01&to=2026-01-02'), 400)
      expectError(await tenant.admin.get('/api/v1/attendance/reports/record-export?from=2026-10-01'), 400)

      const inspector = await tenant.admin.post('/api/v1/keys', {
        kind: 'inspector',
        name: 'Inspección',
        expires_at: new Date(now + 30 * 86_400_000).toISOString(),
      })
      const inspectorKey = t.client(inspector.body.data.api_key)
      const first = (await inspectorKey.get('/api/v1/tenant/record-key')).body.data
      const signedBefore = await exportOf(inspectorKey, t)
      assert.equal((await verified(signedBefore, first[0].public_key)).ok, true)
      // The entry is written before the export's end leaves: it is there once the client has the file.
      const log = (await tenant.admin.get('/api/v1/access-log?page_size=100')).body.data
      const read = log.find((e: any) => e.route === '/api/v1/attendance/reports/record-export')
      assert.ok(read.user_ids.includes(marta.id))
      expectError(await inspectorKey.post('/api/v1/tenant/record-key/rotate'), 403)
      expectError(await hrKey.post('/api/v1/tenant/record-key/rotate'), 403, 'permission_denied')

      now += 60_000
      const rotated = await tenant.admin.post('/api/v1/tenant/record-key/rotate')
      assert.equal(rotated.status, 200, JSON.stringify(rotated.body))
      const [current, previous] = rotated.body.data
      assert.equal(previous.id, first[0].id)
      assert.equal(previous.valid_until, new Date(now).toISOString())
      assert.equal(current.valid_until, null)
      assert.notEqual(current.id, previous.id)
      const signedAfter = await exportOf(tenant.admin, t)
      assert.equal((await verified(signedAfter, current.public_key)).ok, true)
      assert.deepEqual(problemsOf(await verified(signedAfter, previous.public_key)), [
        'manifest.json: key_not_named',
        'manifest.sig: signature_invalid',
      ])
      assert.equal(
        (await verified(signedBefore, previous.public_key)).ok,
        true,
        'an old export still verifies with its key',
      )
    })
  },
  { app: { clock: () => now, secrets: new SecretBox(randomBytes(32)) } },
)

forEachEngine('the record export without a secrets key', (t) => {
  it('is refused with 409 secrets_key_missing, saying what the operator does', async () => {
    const tenant = await t.newTenant()
    const res = expectError(await tenant.admin.get(OCTOBER), 409, 'secrets_key_missing')
    assert.match(res.message, /SECRETS_KEY/)
    expectError(await tenant.admin.get('/api/v1/tenant/record-key'), 409, 'secrets_key_missing')
  })
})

forEachEngine(
  'the record export, cancelled',
  (t) => {
    it('stops reading when the client goes away after the first bytes, and says so in the metrics', async () => {
      const tenant = await t.newTenant()
      await seedBigRecord(t.database, tenant.id, 150)
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
      const url = `${address}/api/v1/attendance/reports/record-export?from=2025-01-01&to=2025-12-31`
      const headers = { authorization: `Bearer ${tenant.adminKey}` }
      const counted = async (outcome: string) => {
        const metric = await t.app.metrics.registry.getSingleMetric('jornada_record_exports_total')!.get()
        return metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0
      }
      const until = async (outcome: string) => {
        for (let i = 0; i < 200 && (await counted(outcome)) === 0; i++) await new Promise((r) => setTimeout(r, 25))
      }
      const controller = new AbortController()
      const res = await fetch(url, { headers, signal: controller.signal })
      assert.equal(res.status, 200)
      const reader = res.body!.getReader()
      const first = await reader.read()
      assert.ok(first.value && first.value.byteLength > 0)
      controller.abort()
      await reader.cancel().catch(() => {})
      await until('cancelled')
      assert.equal(await counted('cancelled'), 1)
      assert.equal(await counted('completed'), 0)
      // The next export runs to its end.
      const whole = await fetch(url.replace('from=2025-01-01', 'from=2025-12-01'), { headers })
      assert.equal(whole.status, 200)
      assert.ok((await whole.arrayBuffer()).byteLength > 0)
      await until('completed')
      assert.equal(await counted('completed'), 1)
    })
  },
  { app: { secrets: new SecretBox(randomBytes(32)) } },
)
