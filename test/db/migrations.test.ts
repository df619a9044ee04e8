/**
 * Migrations that change existing data, tested on data written before them: the database is
 * migrated up to the previous migration, filled, then migrated to the latest.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type DatabaseHandle, migrateToLatest, migrateUpTo, openDatabase } from '../../src/db/database.js'
import type { PunchRow } from '../../src/modules/attendance/index.js'
import { newId } from '../../src/lib/ids.js'
import { verifyPunchChains } from '../../src/modules/attendance/chain-verification.service.js'
import { punchHash } from '../../src/modules/attendance/punch-chain.js'
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../src/auth/context.js'
import { scopeOf } from '../../src/auth/request-scope.js'
import type { TenantRow } from '../../src/db/schema.js'
import { scheduleHistory } from '../../src/modules/work-calendar/schedule-history.service.js'
import * as chainHeadsMigration from '../../src/db/migrations/2026_11_21_0005_punch_chain_heads.js'
import * as legalRecordMigration from '../../src/db/migrations/2026_11_22_0007_legal_record.js'
import { ENGINES, PG_URL } from '../helpers/harness.js'
import { jsonText } from '../../src/db/codec.js'
import { migrations } from '../../src/db/migrations/index.js'
import { appendAccessEntry, listAccessEntries } from '../../src/modules/access-log/access-log.repository.js'

/** A valid chain of `count` punches, as the API wrote it before origins or heads existed. */
function chainOf(tenantId: string, userId: string, count: number, firstMs = Date.parse('2026-11-02T08:00:00Z')) {
  const rows: (Omit<PunchRow, 'credential_origin'> & { hash_version: 1 })[] = []
  for (let seq = 1; seq <= count; seq++) {
    const ts = new Date(firstMs + seq * 3_600_000).toISOString()
    const unhashed = {
      id: newId('punch'),
      tenant_id: tenantId,
      user_id: userId,
      seq,
      type: seq % 2 === 1 ? ('in' as const) : ('out' as const),
      ts,
      modality: 'onsite' as const,
      source: 'api' as const,
      created_by: null,
      kiosk_id: null,
      correction_id: null,
      hash_version: 1 as const,
      created_at: ts,
      prev_hash: rows.at(-1)?.hash ?? null,
    }
    rows.push({ ...unhashed, hash: punchHash(unhashed) })
  }
  return rows
}

/** The columns punches had before migration 0007. */
function asStoredBeforeOrigins(rows: readonly Omit<PunchRow, 'credential_origin'>[]) {
  return rows.map(({ created_by: _c, kiosk_id: _k, correction_id: _r, hash_version: _v, ...before }) => before)
}

/**
 * A company as the code of migration 0004's day wrote it (plain inserts: today's code writes
 * tables those versions did not have): a default schedule, and users with and without their own.
 */
async function oldCompany(
  db: Kysely<any>,
  users: { email: string; status?: 'active' | 'disabled'; schedule?: 'own'; updatedAt?: string }[],
) {
  const tenantId = newId('tenant')
  const now = '2026-10-01T10:00:00.000Z'
  await db
    .insertInto('tenants')
    .values({
      id: tenantId,
      name: 'Old',
      timezone: 'Europe/Madrid',
      default_vacation_days: 22,
      default_folders: '[]',
      created_at: now,
    })
    .execute()
  const standard = newId('schedule')
  const own = newId('schedule')
  await db
    .insertInto('schedules')
    .values([
      {
        id: standard,
        tenant_id: tenantId,
        name: 'Standard',
        weekday_minutes: '[480,480,480,480,480,0,0]',
        created_at: now,
      },
      { id: own, tenant_id: tenantId, name: 'Mornings', weekday_minutes: '[300,300,300,300,300,0,0]', created_at: now },
    ])
    .execute()
  await db.updateTable('tenants').set({ default_schedule_id: standard }).where('id', '=', tenantId).execute()
  const ids: string[] = []
  for (const u of users) {
    const id = newId('user')
    ids.push(id)
    await db
      .insertInto('users')
      .values({
        id,
        tenant_id: tenantId,
        email: u.email,
        email_normalized: u.email,
        full_name: u.email,
        full_name_normalized: u.email,
        role: 'member',
        status: u.status ?? 'active',
        works_holidays: false,
        remote_work_allowed: false,
        has_photo: false,
        qualifications: '[]',
        schedule_id: u.schedule === 'own' ? own : null,
        created_at: now,
        updated_at: u.updatedAt ?? now,
      })
      .execute()
  }
  return { tenantId, ids, standard, own }
}

function adminOf(tenant: TenantRow, userId: string): AuthContext {
  return {
    keyId: 'key_test',
    kind: 'standard',
    credential: 'key',
    personal: true,
    tenantId: tenant.id,
    tenant,
    scopes: [],
    actor: { id: userId, email: 'a@b.c', fullName: 'A', role: 'admin', departmentId: null, representative: false },
  }
}

/**
 * A describe per engine, each with a fresh database of its own that its tests migrate as far as
 * they need (`migrateUpTo`), then on.
 */
function onFreshDatabases(title: string, body: (database: () => DatabaseHandle) => void): void {
  for (const target of ENGINES) {
    const skip = target.engine === 'postgres' && !PG_URL ? 'PostgreSQL SKIPPED: set TEST_DATABASE_URL to run it' : false
    describe(`${title} [${target.engine}]`, { skip }, () => {
      let handle: DatabaseHandle
      let cleanup: () => Promise<void>
      before(async () => {
        const fresh = await target.freshDatabase()
        cleanup = fresh.cleanup
        handle = await openDatabase(fresh.url, fresh.options)
      })
      after(async () => {
        await handle?.destroy()
        await cleanup?.()
      })
      body(() => handle)
    })
  }
}

onFreshDatabases('migrations of existing data', (database) => {
  it('0005 gives every existing chain its last punch as head; 0007 keeps every chain and figure as it was', async () => {
    await migrateUpTo(database(), '2026_11_21_0004_absences')
    const db = database().db as Kysely<any>
    const { tenantId, ids, own } = await oldCompany(db, [
      { email: 'long@heads.example' },
      { email: 'short@heads.example', schedule: 'own' },
      { email: 'gone@heads.example', status: 'disabled', updatedAt: '2026-11-10T09:00:00.000Z' },
    ])
    const [long, short, gone] = ids as [string, string, string]
    const longChain = chainOf(tenantId, long, 5)
    await db
      .insertInto('punches')
      .values(asStoredBeforeOrigins([...longChain, ...chainOf(tenantId, short, 1)]))
      .execute()

    const applied = await migrateToLatest(database())
    assert.deepEqual(applied.slice(0, 1), ['2026_11_21_0005_punch_chain_heads'])
    assert.ok(applied.includes('2026_11_22_0007_legal_record'))
    const heads = await database()
      .db.selectFrom('punch_chain_heads')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('seq')
      .execute()
    assert.deepEqual(
      heads.map((h) => [h.user_id, Number(h.seq)]),
      [
        [short, 1],
        [long, 5],
      ],
    )
    assert.equal(heads[1]!.hash, longChain[4]!.hash)
    const report = await verifyPunchChains(database().db, tenantId)
    assert.deepEqual([report.ok, report.users_checked, report.punches_checked], [true, 2, 6])

    // 0007: old punches are `api` punches of hash version 1 and still verify (above); schedules
    // and assignments apply since always; the disabled user's employment ended on the day of
    // their last change.
    const punches = await database()
      .db.selectFrom('punches')
      .select(['source', 'hash_version', 'created_by'])
      .where('tenant_id', '=', tenantId)
      .execute()
    assert.ok(punches.every((p) => p.source === 'api' && Number(p.hash_version) === 1 && p.created_by === null))
    const tenant = (await database()
      .db.selectFrom('tenants')
      .selectAll()
      .where('id', '=', tenantId)
      .executeTakeFirst())!
    const history = await scheduleHistory(scopeOf(database().db, adminOf(tenant, long), Date.now()), short, {})
    assert.deepEqual(
      history.data.map((p) => [p.effective_from, p.effective_to, p.schedule_id, p.origin, p.weekday_minutes.mon]),
      [[null, null, own, 'own', 300]],
    )
    const employment = await database()
      .db.selectFrom('users')
      .select(['id', 'employment_periods'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute()
    assert.deepEqual(Object.fromEntries(employment.map((u) => [u.id, JSON.parse(u.employment_periods)])), {
      [long]: [],
      [short]: [],
      [gone]: [{ start: null, end: '2026-11-10' }],
    })

    // A run cut short (SQLite does not run a migration as one transaction) can run again.
    const before = await database()
      .db.selectFrom('schedule_assignments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute()
    await chainHeadsMigration.up(database().db)
    await legalRecordMigration.up(database().db)
    const again = await database()
      .db.selectFrom('punch_chain_heads')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('seq')
      .execute()
    assert.deepEqual(again, heads)
    assert.deepEqual(
      await database()
        .db.selectFrom('schedule_assignments')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute(),
      before,
    )
    assert.equal((await verifyPunchChains(database().db, tenantId)).ok, true)
  })
})

onFreshDatabases('migration 0026, overtime as the law counts it', (database) => {
  it('a rejected lot becomes pending again, undecided (art. 35 ET: a lot is a fact); its events leave the feed', async () => {
    await migrateUpTo(database(), '2026_11_28_0025_mail_outbox')
    const db = database().db as Kysely<any>
    const { tenantId, ids } = await oldCompany(db, [{ email: 'marta@lots.example' }])
    const lot = (id: string, sequence: number, status: string) => ({
      id,
      tenant_id: tenantId,
      user_id: ids[0],
      month: '2026-10',
      sequence,
      adjusts: null,
      minutes: 60,
      basis: 'daily',
      status,
      compensation: status === 'approved' ? 'pay' : null,
      force_majeure: false,
      compensate_by: '2027-02-28',
      decided_by: status === 'pending' ? null : 'usr_hr',
      decided_at: status === 'pending' ? null : '2026-11-02T09:00:00.000Z',
      decision_note: status === 'rejected' ? 'Not authorised' : null,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T09:00:00.000Z',
    })
    await db
      .insertInto('overtime_lots')
      .values([lot('otl_approved', 1, 'approved'), lot('otl_rejected', 2, 'rejected')])
      .execute()
    const event = (id: string, type: string) => ({
      id,
      tenant_id: tenantId,
      type,
      occurred_at: '2026-11-02T09:00:00.000Z',
      actor_user_id: null,
      actor_key_id: null,
      data: '{}',
    })
    await db
      .insertInto('events')
      .values([event('evt_kept', 'overtime.lot_approved'), event('evt_retired', 'overtime.lot_rejected')])
      .execute()

    assert.ok((await migrateToLatest(database())).includes('2026_11_28_0026_overtime_law'))
    const lots = await db
      .selectFrom('overtime_lots')
      .select(['id', 'status', 'decided_by', 'decided_at', 'decision_note'])
      .where('tenant_id', '=', tenantId)
      .orderBy('sequence')
      .execute()
    assert.deepEqual(lots, [
      {
        id: 'otl_approved',
        status: 'approved',
        decided_by: 'usr_hr',
        decided_at: '2026-11-02T09:00:00.000Z',
        decision_note: null,
      },
      { id: 'otl_rejected', status: 'pending', decided_by: null, decided_at: null, decision_note: 'Not authorised' },
    ])
    const events = await db.selectFrom('events').select('id').where('tenant_id', '=', tenantId).execute()
    assert.deepEqual(
      events.map((e) => e.id),
      ['evt_kept'],
    )
  })
})

onFreshDatabases('migration 0028, vacation as art. 38 ET counts it', (database) => {
  it('art. 38.3 ET: every company’s built-in sick leave interrupts vacation, other types do not; vacation stays in working days', async () => {
    await migrateUpTo(database(), '2026_11_28_0027_complementary_hours')
    const db = database().db as Kysely<any>
    const { tenantId } = await oldCompany(db, [{ email: 'lucia@vacation.example' }])
    const type = (key: string, consumes_vacation: boolean) => ({
      id: `abt_${key}`,
      tenant_id: tenantId,
      key,
      label: key,
      requires_approval: !consumes_vacation,
      allows_hourly: !consumes_vacation,
      consumes_vacation,
      created_at: '2026-10-01T10:00:00.000Z',
    })
    await db
      .insertInto('absence_types')
      .values([type('vacation', true), type('sick', false), type('training', false)])
      .execute()

    assert.ok((await migrateToLatest(database())).includes('2026_11_29_0028_vacation_interruptions'))
    const types = await db
      .selectFrom('absence_types')
      .select(['key', 'interrupts_vacation'])
      .where('tenant_id', '=', tenantId)
      .orderBy('key')
      .execute()
    assert.deepEqual(
      types.map((t) => [t.key, Boolean(t.interrupts_vacation)]),
      [
        ['sick', true],
        ['training', false],
        ['vacation', false],
      ],
    )
    const tenant = await db.selectFrom('tenants').select('vacation_unit').where('id', '=', tenantId).executeTakeFirst()
    assert.equal(tenant?.vacation_unit, 'working_days')
  })
})

onFreshDatabases('migration 0027, complementary hours of part-timers', (database) => {
  it('existing lots are overtime; a month holds one lot per kind and sequence; employees have no pact (art. 12.5 ET)', async () => {
    await migrateUpTo(database(), '2026_11_28_0026_overtime_law')
    const db = database().db as Kysely<any>
    const { tenantId, ids } = await oldCompany(db, [{ email: 'ana@complementary.example', schedule: 'own' }])
    const lot = (id: string, sequence: number, kind?: string) => ({
      id,
      tenant_id: tenantId,
      user_id: ids[0],
      month: '2026-10',
      sequence,
      adjusts: null,
      ...(kind ? { kind } : {}),
      minutes: 60,
      basis: 'daily',
      status: 'pending',
      compensation: null,
      force_majeure: false,
      compensate_by: '2027-02-05',
      days: '[]',
      decided_by: null,
      decided_at: null,
      decision_note: null,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    })
    await db.insertInto('overtime_lots').values(lot('otl_before', 1)).execute()

    assert.ok((await migrateToLatest(database())).includes('2026_11_28_0027_complementary_hours'))
    const before = await db
      .selectFrom('overtime_lots')
      .select(['id', 'kind'])
      .where('tenant_id', '=', tenantId)
      .execute()
    assert.deepEqual(before, [{ id: 'otl_before', kind: 'overtime' }])
    const user = await db
      .selectFrom('users')
      .select(['complementary_pact_percent', 'complementary_voluntary_percent'])
      .where('id', '=', ids[0])
      .executeTakeFirstOrThrow()
    assert.deepEqual(user, { complementary_pact_percent: 0, complementary_voluntary_percent: 0 })
    // The month's complementary lot is settled apart from its overtime, with its own sequence.
    await db
      .insertInto('overtime_lots')
      .values(lot('otl_complementary', 1, 'complementary'))
      .execute()
    await assert.rejects(
      db
        .insertInto('overtime_lots')
        .values(lot('otl_twice', 1, 'complementary'))
        .execute(),
    )
    await assert.rejects(
      db
        .insertInto('overtime_lots')
        .values(lot('otl_again', 1, 'overtime'))
        .execute(),
    )
  })
})

onFreshDatabases('migration 0031, the limits of the working day', (database) => {
  it('art. 34.3 ET: an existing company gets the statute’s figures: 12 hours of daily rest, a 9-hour ordinary day', async () => {
    await migrateUpTo(database(), '2026_11_30_0030_credential_mails')
    const db = database().db as Kysely<any>
    const { tenantId } = await oldCompany(db, [{ email: 'rest@limits.example' }])
    assert.ok((await migrateToLatest(database())).includes('2026_11_30_0031_working_day_limits'))
    const tenant = await db
      .selectFrom('tenants')
      .select(['min_daily_rest_hours', 'max_ordinary_day_hours'])
      .where('id', '=', tenantId)
      .executeTakeFirst()
    assert.deepEqual([tenant?.min_daily_rest_hours, tenant?.max_ordinary_day_hours], [12, 9])
  })
})

onFreshDatabases('migration 0030, mails about credentials', (database) => {
  it('the outbox keeps its messages and also takes one-time kiosk PINs and credential notices, nothing else', async () => {
    await migrateUpTo(database(), '2026_11_29_0029_current_authorisation')
    const db = database().db as Kysely<any>
    const { tenantId } = await oldCompany(db, [{ email: 'lucia@mail.example' }])
    const message = (id: string, kind: string) => ({
      id,
      tenant_id: tenantId,
      user_id: null,
      kind,
      recipient: 'lucia@mail.example',
      subject: 'Subject',
      body_text: 'Text',
      body_html: '<p>Text</p>',
      status: 'pending',
      attempts: 0,
      next_attempt_at: '2026-11-29T10:00:00.000Z',
      last_error: null,
      created_at: '2026-11-29T10:00:00.000Z',
      expires_at: '2026-11-30T10:00:00.000Z',
      sent_at: null,
      finished_at: null,
    })
    await db.insertInto('mail_messages').values(message('mlm_old', 'invitation')).execute()
    await assert.rejects(db.insertInto('mail_messages').values(message('mlm_early', 'kiosk_pin')).execute())

    assert.ok((await migrateToLatest(database())).includes('2026_11_30_0030_credential_mails'))
    await db
      .insertInto('mail_messages')
      .values([message('mlm_pin', 'kiosk_pin'), message('mlm_notice', 'credential_changed')])
      .execute()
    await assert.rejects(db.insertInto('mail_messages').values(message('mlm_bad', 'newsletter')).execute())
    const kept = await db.selectFrom('mail_messages').select(['id', 'kind', 'body_text']).orderBy('id').execute()
    assert.deepEqual(kept, [
      { id: 'mlm_notice', kind: 'credential_changed', body_text: 'Text' },
      { id: 'mlm_old', kind: 'invitation', body_text: 'Text' },
      { id: 'mlm_pin', kind: 'kiosk_pin', body_text: 'Text' },
    ])
  })
})

onFreshDatabases('migration 0039, the access log’s order of writing', (database) => {
  const SEQUENCE = '2026_12_01_0039_access_log_sequence'
  const names = Object.keys(migrations)
  const before = names[names.indexOf(SEQUENCE) - 1]!
  const EARLIER = '2026-11-30T10:00:00.000Z'
  const LATER = '2026-11-30T10:00:00.001Z'
  const entry = (tenantId: string, id: string, at: string) => ({
    id,
    tenant_id: tenantId,
    at,
    key_id: 'key_inspector',
    user_id: 'usr_admin',
    method: 'GET',
    route: '/api/v1/attendance/reports/monthly',
    status: 200,
    subjects: jsonText<string[]>([]),
  })

  it('existing entries are numbered in the order they were listed (`at`, then id); new ones follow, in the order written', async () => {
    await migrateUpTo(database(), before)
    const db = database().db as Kysely<any>
    const { tenantId } = await oldCompany(db, [{ email: 'inspected@log.example' }])
    const { tenantId: otherId } = await oldCompany(db, [{ email: 'other@log.example' }])
    // Written in an order that is neither the moment's nor the ids'.
    for (const [tenant, id, at] of [
      [tenantId, 'acc_3', LATER],
      [tenantId, 'acc_2', EARLIER],
      [otherId, 'acc_0', LATER],
      [tenantId, 'acc_1', EARLIER],
    ] as const)
      await db
        .insertInto('access_log')
        .values(entry(tenant, id, at))
        .execute()

    assert.ok((await migrateToLatest(database())).includes(SEQUENCE))
    const numbered = async () =>
      (await db.selectFrom('access_log').select(['id', 'seq']).orderBy('seq').execute()).map((r) => [
        r.id,
        Number(r.seq),
      ])
    assert.deepEqual(await numbered(), [
      ['acc_1', 1],
      ['acc_2', 2],
      ['acc_0', 3],
      ['acc_3', 4],
    ])
    // New entries take the next numbers, whatever their ids; an id is still unique.
    await appendAccessEntry(db, entry(tenantId, 'acc_9', EARLIER))
    await appendAccessEntry(db, entry(tenantId, 'acc_5', EARLIER))
    await assert.rejects(appendAccessEntry(db, entry(tenantId, 'acc_1', LATER)))
    assert.deepEqual((await numbered()).slice(4), [
      ['acc_9', 5],
      ['acc_5', 6],
    ])
    const listed = await listAccessEntries(db, tenantId, {}, { limit: 100, offset: 0 })
    assert.deepEqual(
      listed.rows.map((r) => r.id),
      ['acc_3', 'acc_5', 'acc_9', 'acc_2', 'acc_1'],
    )
    assert.equal(listed.total, 5)

    // Down keeps every entry, without numbers; up again numbers them by `at` and id.
    await migrateUpTo(database(), before)
    const kept = await db.selectFrom('access_log').selectAll().orderBy('id').execute()
    assert.deepEqual(
      kept.map((r) => r.id),
      ['acc_0', 'acc_1', 'acc_2', 'acc_3', 'acc_5', 'acc_9'],
    )
    assert.ok(kept.every((r) => !('seq' in r)))
    await assert.rejects(
      db
        .insertInto('access_log')
        .values(entry(tenantId, 'acc_1', LATER))
        .execute(),
    )
    assert.ok((await migrateToLatest(database())).includes(SEQUENCE))
    assert.deepEqual(await numbered(), [
      ['acc_1', 1],
      ['acc_2', 2],
      ['acc_5', 3],
      ['acc_9', 4],
      ['acc_0', 5],
      ['acc_3', 6],
    ])
  })
})
