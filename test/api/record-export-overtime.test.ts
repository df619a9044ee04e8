/**
 * The record export holds what an inspector needs to check overtime from the export alone
 * (docs/decisions/0023-daily-limits-and-real-life.md, art. 35 and 34.9 ET): `absences.jsonl`,
 * `schedules.jsonl` and `overtime.jsonl`, hashed in the manifest and checked by `jornada record
 * verify`, which names a changed, reordered or missing one; no absence's notes are given out
 * (docs/decisions/0014-privacy-and-visibility.md); and an export of version 1 (before these files)
 * still verifies.
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
import { recordKeyId } from '../../src/modules/record-export/record-key.logic.js'
import { withHr } from '../helpers/absences.js'
import { punch } from '../helpers/attendance.js'
import { CLI_ENTRY } from '../helpers/cli-command.js'
import { type TestContext, forEachEngine } from '../helpers/harness.js'
import { createSchedule } from '../helpers/schedules-holidays.js'
import { unzip, zipOf } from '../helpers/zip.js'

let now = Date.parse('2026-09-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}
const dir = mkdtempSync(join(tmpdir(), 'jornada-record-overtime-'))
after(() => rmSync(dir, { recursive: true, force: true }))
let written = 0

async function verified(bytes: Buffer, publicKey?: string) {
  const path = join(dir, `export-${++written}.zip`)
  writeFileSync(path, bytes)
  return verifyRecordExport(path, publicKey === undefined ? {} : { publicKey })
}

const problemsOf = (result: Awaited<ReturnType<typeof verified>>) =>
  result.problems.map((p) => `${p.file}: ${p.problem}`)

const jsonLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))

const withFile = (files: Map<string, Buffer>, name: string, bytes: Buffer | string) =>
  new Map([...files].map(([n, b]) => [n, n === name ? Buffer.from(bytes) : b]))

function runCli(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...CLI_ENTRY, ...args], { cwd: process.cwd(), timeout: 60_000 }, (error, stdout) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout }),
    )
  })
}

/** Private words that must never leave the service: the absences' request and decision notes. */
const NOTES = ['Gripe con fiebre alta', 'Boda de mi hermana', 'Justificante médico entregado', 'Mudanza de piso']

/**
 * A Madrid company in October 2026: Marta (Mon-Fri 8 h) works ten hours on Monday the 5th (two
 * hours of overtime, approved as pay, one hour paid) and has absences of every status, one
 * reaching back into September and one in November; Luis moves to a part-time schedule on the 15th.
 */
async function october(t: TestContext) {
  setNow('2026-09-01T06:00:00Z')
  const tenant = await t.newTenant({ country: 'ES', region: 'MD' })
  assert.equal(
    (await tenant.admin.patch('/api/v1/tenant', { legal_name: 'Talleres Ruiz S.L.', cif: 'B12345674' })).status,
    200,
  )
  const { hrKey } = await withHr(tenant)
  const marta = await tenant.createUser({ full_name: 'Marta Dvořák', dni: '12345678Z', hire_date: '2026-01-01' })
  const luis = await tenant.createUser({ full_name: 'Luis', hire_date: '2026-01-01' })
  const martaKey = await tenant.keyFor(marta.id)
  const partTime = await createSchedule(tenant, 'Media jornada')
  const moved = await tenant.admin.patch(`/api/v1/users/${luis.id}`, {
    schedule_id: partTime.id,
    schedule_effective_from: '2026-10-15',
  })
  assert.equal(moved.status, 200, JSON.stringify(moved.body))

  const request = async (body: Record<string, unknown>) => {
    const res = await martaKey.post('/api/v1/absences', { user_id: marta.id, ...body })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    return res.body.data
  }
  const decide = async (id: string, decision: 'approved' | 'rejected', note?: string) =>
    assert.equal(
      (await hrKey.post(`/api/v1/absences/${id}/decide`, { decision, ...(note ? { note } : {}) })).status,
      200,
    )
  const bridging = await request({ type: 'personal', start_date: '2026-09-29', end_date: '2026-10-01' })
  await decide(bridging.id, 'approved')
  const vacation = await request({
    type: 'vacation',
    start_date: '2026-10-13',
    end_date: '2026-10-14',
    note: NOTES[1],
  })
  await decide(vacation.id, 'approved')
  // Sick leave needs no approval: recorded as approved.
  const sick = await request({ type: 'sick', start_date: '2026-10-20', end_date: '2026-10-20', note: NOTES[0] })
  const justified = await request({ type: 'justified', start_date: '2026-10-22', end_date: '2026-10-22' })
  await decide(justified.id, 'approved', NOTES[2])
  const rejected = await request({ type: 'personal', start_date: '2026-10-28', end_date: '2026-10-28', note: NOTES[3] })
  await decide(rejected.id, 'rejected')
  const pending = await request({ type: 'vacation', start_date: '2026-10-30', end_date: '2026-10-30' })
  const november = await request({ type: 'vacation', start_date: '2026-11-16', end_date: '2026-11-16' })

  setNow('2026-11-20T18:00:00Z')
  // 09:00 to 19:00 in Madrid on Monday 5 October: ten hours.
  await punch(tenant, marta.id, 'in', '2026-10-05T07:00:00Z')
  await punch(tenant, marta.id, 'out', '2026-10-05T17:00:00Z')
  await punch(tenant, luis.id, 'in', '2026-10-07T07:00:00Z')
  await punch(tenant, luis.id, 'out', '2026-10-07T15:00:00Z')
  const lots = (await hrKey.get(`/api/v1/overtime/lots?user_id=${marta.id}`)).body.data
  assert.equal(lots.length, 1, JSON.stringify(lots))
  const decided = await hrKey.post(`/api/v1/overtime/lots/${lots[0].id}/decide`, {
    decision: 'approved',
    compensation: 'pay',
    note: 'Pedido urgente del cliente',
  })
  assert.equal(decided.status, 200, JSON.stringify(decided.body))
  assert.equal(
    (await tenant.admin.post(`/api/v1/overtime/lots/${lots[0].id}/pay`, { minutes: 60, payroll_month: '2026-11' }))
      .status,
    200,
  )
  return {
    tenant,
    marta,
    luis,
    partTime,
    lot: lots[0],
    absences: { bridging, vacation, sick, justified, rejected, pending, november },
  }
}

const OCTOBER = '/api/v1/attendance/reports/record-export?from=2026-10-01&to=2026-10-31'

async function exportOf(t: TestContext, key: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: OCTOBER, headers: { authorization: `Bearer ${key}` } })
  assert.equal(res.statusCode, 200, res.body)
  return res.rawPayload
}

forEachEngine(
  'the record export’s absences, schedules and overtime',
  (t) => {
    // Each test reads the same October, exported once by the administrator: building the company
    // and its month is most of a test's time, and no test writes to it afterwards (the changed
    // exports are copies made in memory).
    let exported: Promise<{ company: Awaited<ReturnType<typeof october>>; bytes: Buffer }> | undefined
    const octoberExported = () =>
      (exported ??= october(t).then(async (company) => ({
        company,
        bytes: await exportOf(t, company.tenant.adminKey),
      })))

    it('holds them, hashed in the manifest; an inspector recomputes the lot from the export alone; verify passes', async () => {
      const { company, bytes } = await octoberExported()
      const { tenant, marta, luis, partTime, lot, absences } = company
      const publicKey = (await tenant.admin.get('/api/v1/tenant/record-key')).body.data[0].public_key
      const files = await unzip(bytes)
      const manifest = JSON.parse(files.get('manifest.json')!.toString())
      assert.equal(manifest.version, 2)
      assert.deepEqual(
        manifest.files.map((f: any) => f.name),
        [
          'employees.jsonl',
          'punches.jsonl',
          'corrections.jsonl',
          'chains.json',
          'absences.jsonl',
          'schedules.jsonl',
          'overtime.jsonl',
        ],
      )
      for (const name of ['absences.jsonl', 'schedules.jsonl', 'overtime.jsonl']) {
        const listed = manifest.files.find((f: any) => f.name === name)
        assert.match(listed.sha256, /^[0-9a-f]{64}$/)
        assert.equal(listed.bytes, files.get(name)!.length)
        assert.equal(listed.lines, jsonLines(files.get(name)!).length)
      }
      const employees = jsonLines(files.get('employees.jsonl')!)

      // absences.jsonl: every absence of the range, whatever its status; not November's; no notes.
      const lines = jsonLines(files.get('absences.jsonl')!)
      const martas = lines.filter((a) => a.user_id === marta.id)
      assert.deepEqual(
        martas.map((a) => [a.id, a.type, a.status, a.start_date, a.end_date]),
        [
          [absences.bridging.id, 'personal', 'approved', '2026-09-29', '2026-10-01'],
          [absences.vacation.id, 'vacation', 'approved', '2026-10-13', '2026-10-14'],
          [absences.sick.id, 'sick', 'approved', '2026-10-20', '2026-10-20'],
          [absences.justified.id, 'justified', 'approved', '2026-10-22', '2026-10-22'],
          [absences.rejected.id, 'personal', 'rejected', '2026-10-28', '2026-10-28'],
          [absences.pending.id, 'vacation', 'pending', '2026-10-30', '2026-10-30'],
        ],
      )
      assert.deepEqual(Object.keys(martas[2]), [
        'id',
        'tenant_id',
        'user_id',
        'type',
        'type_label',
        'consumes_vacation',
        'interrupts_vacation',
        'status',
        'start_date',
        'end_date',
        'start_time',
        'end_time',
        'created_at',
        'decided_by',
        'decided_at',
        'cancelled_at',
      ])
      assert.equal(martas[1].consumes_vacation, true)
      assert.equal(martas[2].interrupts_vacation, true, 'sick leave gives vacation days back (art. 38.3 ET)')
      assert.ok(martas[3].decided_by && martas[3].decided_at)
      assert.equal(martas[5].decided_at, null)
      const whole = [...files.values()].map((b) => b.toString('utf8')).join('\n')
      for (const note of [...NOTES, 'Pedido urgente del cliente'])
        assert.ok(!whole.includes(note), `the export never holds the note “${note}”`)

      // schedules.jsonl: one line per employee, what applied and the holidays of their place.
      const schedules = jsonLines(files.get('schedules.jsonl')!)
      assert.deepEqual(
        schedules.map((s) => s.user_id),
        employees.map((e) => e.id),
      )
      const luisLine = schedules.find((s) => s.user_id === luis.id)
      assert.deepEqual(
        luisLine.periods.map((p: any) => [p.effective_from, p.effective_to, p.schedule_id, p.origin]),
        [
          [null, '2026-10-14', luisLine.periods[0].schedule_id, 'company_default'],
          ['2026-10-15', null, partTime.id, 'own'],
        ],
      )
      assert.equal(luisLine.periods[1].weekday_minutes.mon, 240)
      assert.equal(luisLine.works_holidays, false)
      assert.deepEqual(
        luisLine.holidays.map((h: any) => [h.date, h.type]),
        [['2026-10-12', 'public']],
        'Fiesta Nacional de España, in Madrid',
      )

      // overtime.jsonl: the lot as the API shows it, with its kind, place, rest and pay.
      const [lotLine, ...others] = jsonLines(files.get('overtime.jsonl')!)
      assert.deepEqual(others, [])
      assert.equal(lotLine.id, lot.id)
      assert.equal(lotLine.tenant_id, tenant.id)
      assert.equal(lotLine.user_id, marta.id)
      assert.equal(lotLine.kind, 'overtime')
      assert.equal(lotLine.sequence, 1)
      assert.equal(lotLine.minutes, 120)
      assert.deepEqual(lotLine.days, [{ date: '2026-10-05', minutes: 120 }])
      assert.equal(lotLine.status, 'approved')
      assert.equal(lotLine.compensation, 'pay')
      assert.equal(lotLine.paid_minutes, 60)
      assert.equal(lotLine.owed_minutes, 60)
      assert.deepEqual(lotLine.rest_taken, [])
      assert.deepEqual(
        lotLine.payments.map((p: any) => [p.minutes, p.payroll_month]),
        [[60, '2026-11']],
      )
      assert.equal(lotLine.compensate_by, '2027-02-05', 'four months from the day worked (art. 35.1 ET)')
      assert.equal(lotLine.decision_note, undefined)
      const api = (await tenant.admin.get(`/api/v1/overtime/lots?user_id=${marta.id}`)).body.data[0]
      for (const [field, value] of Object.entries(api)) assert.deepEqual(lotLine[field], value, `${field} is the API’s`)

      // What an inspector does with the export alone (docs/record-export.md): the day's worked
      // minutes from punches.jsonl, less what schedules.jsonl expected of that weekday.
      const day = '2026-10-05'
      const martaPunches = jsonLines(files.get('punches.jsonl')!).filter(
        (p) => p.user_id === marta.id && p.superseded_by === null,
      )
      const [inAt, outAt] = ['in', 'out'].map((type) => Date.parse(martaPunches.find((p) => p.type === type).ts))
      const worked = (outAt! - inAt!) / 60_000
      const period = schedules
        .find((s) => s.user_id === marta.id)
        .periods.find((p: any) => (p.effective_from ?? '') <= day && (p.effective_to ?? '9999') >= day)
      const holiday = schedules.find((s) => s.user_id === marta.id).holidays.some((h: any) => h.date === day)
      const absent = martas.some((a) => a.status === 'approved' && a.start_date <= day && a.end_date >= day)
      const expected = holiday || absent ? 0 : period.weekday_minutes.mon
      assert.equal(worked - expected, lotLine.days[0].minutes)

      // Verify: intact, with the counts of the new files.
      const result = await verified(bytes, publicKey)
      assert.deepEqual(result.problems, [])
      assert.equal(result.checked.absences, lines.length)
      assert.equal(result.checked.schedules, employees.length)
      assert.equal(result.checked.overtime_lots, 1)
      const path = join(dir, 'cli.zip')
      writeFileSync(path, bytes)
      const ok = await runCli(['record', 'verify', path, '--public-key', publicKey])
      assert.equal(ok.code, 0, ok.stdout)
      assert.match(ok.stdout, new RegExp(`${lines.length} absences, ${employees.length} schedules, 1 overtime lot`))
    })

    it('a changed, reordered, foreign or missing absences, schedules or overtime file fails verify, named', async () => {
      const { company, bytes } = await octoberExported()
      const { tenant, marta } = company
      const publicKey = (await tenant.admin.get('/api/v1/tenant/record-key')).body.data[0].public_key
      const files = await unzip(bytes)
      const check = async (changed: Map<string, Buffer>) => problemsOf(await verified(await zipOf(changed), publicKey))

      // Two paid hours become three: the digest no longer matches the signed manifest.
      const overtime = files.get('overtime.jsonl')!.toString()
      assert.ok(overtime.includes('"minutes":120'))
      assert.deepEqual(
        await check(withFile(files, 'overtime.jsonl', overtime.replace('"minutes":120', '"minutes":180'))),
        ['overtime.jsonl: digest_mismatch'],
      )
      const absences = files.get('absences.jsonl')!.toString()
      assert.deepEqual(
        await check(withFile(files, 'absences.jsonl', absences.replace('"status":"rejected"', '"status":"approved"'))),
        ['absences.jsonl: digest_mismatch'],
      )
      const schedules = files.get('schedules.jsonl')!.toString()
      assert.deepEqual(await check(withFile(files, 'schedules.jsonl', schedules.replace('"mon":480', '"mon":420'))), [
        'schedules.jsonl: digest_mismatch',
      ])
      // Lines swapped, a line of another company, a line that is not an absence.
      const [first, second, ...rest] = absences.trimEnd().split('\n')
      const swapped = await check(withFile(files, 'absences.jsonl', `${[second, first, ...rest].join('\n')}\n`))
      assert.deepEqual(swapped, ['absences.jsonl: out_of_order', 'absences.jsonl: digest_mismatch'])
      const foreign = await check(
        withFile(files, 'absences.jsonl', absences.replace(`"tenant_id":"${tenant.id}"`, '"tenant_id":"ten_other"')),
      )
      assert.deepEqual(foreign, ['absences.jsonl: other_company', 'absences.jsonl: digest_mismatch'])
      const unreadable = await check(
        withFile(files, 'overtime.jsonl', overtime.replace('"sequence":1', '"sequence":0')),
      )
      assert.deepEqual(unreadable, ['overtime.jsonl: line_unreadable', 'overtime.jsonl: digest_mismatch'])
      const stranger = await check(
        withFile(files, 'schedules.jsonl', schedules.replace(`"user_id":"${marta.id}"`, '"user_id":"usr_zzzzzzzz"')),
      )
      assert.ok(stranger.includes('schedules.jsonl: employee_missing'), stranger.join('; '))

      // Missing: each of the three, and the CLI says which.
      for (const name of ['absences.jsonl', 'schedules.jsonl', 'overtime.jsonl']) {
        const missing = new Map(files)
        missing.delete(name)
        assert.deepEqual(await check(missing), [`${name}: file_missing`])
      }
      const withoutOvertime = new Map(files)
      withoutOvertime.delete('overtime.jsonl')
      const path = join(dir, 'cli-missing.zip')
      writeFileSync(path, await zipOf(withoutOvertime))
      const bad = await runCli(['record', 'verify', path, '--public-key', publicKey])
      assert.equal(bad.code, 1)
      assert.match(bad.stdout, /overtime\.jsonl is missing \(the manifest lists it\)/)
      // Dropped from the manifest too: the signature no longer holds.
      const manifest = JSON.parse(files.get('manifest.json')!.toString())
      manifest.files = manifest.files.filter((f: any) => f.name !== 'overtime.jsonl')
      const shortened = withFile(withoutOvertime, 'manifest.json', `${JSON.stringify(manifest, null, 2)}\n`)
      const shortenedProblems = await check(shortened)
      assert.ok(shortenedProblems.includes('overtime.jsonl: file_missing'), shortenedProblems.join('; '))
      assert.ok(shortenedProblems.includes('manifest.json: manifest_invalid'), shortenedProblems.join('; '))
    })

    it('an export of version 1, before these files, still verifies as what it is', async () => {
      const files = await unzip((await octoberExported()).bytes)
      // Rebuilt as a version 1 export and signed by a key of its own: checked with the key it names.
      const manifest = JSON.parse(files.get('manifest.json')!.toString())
      const other = generateKeyPairSync('ed25519')
      const otherPublic = other.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64')
      const old = {
        ...manifest,
        version: 1,
        record_key: { id: recordKeyId(otherPublic), algorithm: 'Ed25519', public_key: otherPublic },
        files: manifest.files.slice(0, 4),
      }
      const oldBytes = Buffer.from(`${JSON.stringify(old, null, 2)}\n`)
      const v1 = new Map(
        [...files].filter(([name]) => !['absences.jsonl', 'schedules.jsonl', 'overtime.jsonl'].includes(name)),
      )
      v1.set('manifest.json', oldBytes)
      v1.set('manifest.sig', Buffer.from(`${sign(null, oldBytes, other.privateKey).toString('base64')}\n`))
      const result = await verified(await zipOf(v1))
      assert.deepEqual(result.problems, [])
      assert.equal(result.checked.overtime_lots, 0)
      // A version 1 export with the new files is not one.
      const mixed = new Map(v1)
      mixed.set('overtime.jsonl', files.get('overtime.jsonl')!)
      assert.deepEqual(problemsOf(await verified(await zipOf(mixed))), ['overtime.jsonl: unexpected_file'])
    })
  },
  { app: { clock: () => now, secrets: new SecretBox(randomBytes(32)) } },
)
