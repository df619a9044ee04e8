/**
 * A sample of every event type, for the catalogue in docs/integrations.md: the changes that make
 * them are made through the API (on an in-memory SQLite database, at fixed moments) and the
 * events read back from `GET /api/v1/events`, so the samples are what an integration receives.
 * Ids are replaced by stable ones (a distinct id stays distinct, so references between samples
 * still match) and the instants no fixed clock sets by fixed ones, so the page only changes
 * when an event's shape does.
 *
 * Used by scripts/generate-docs.ts (npm run docs); test/unit/docs.test.ts fails on drift.
 */
import { buildApp } from '../src/app.js'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import { proposeClosingOfLeftOpenSessions } from '../src/modules/attendance/index.js'
import { EVENT_TYPES } from '../src/modules/events/events.logic.js'
import { settleOvertime } from '../src/modules/overtime/index.js'
import { allTenants } from '../src/modules/tenants/index.js'
import { createKey } from '../src/modules/keys/keys.service.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'

/** The moment the samples are made; each change happens a minute after the one before. */
const START = Date.parse('2026-11-20T09:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()
const HOUR = 3_600_000

export interface Envelope {
  id: string
  type: string
  data: unknown
}

/** A call to the API: when it ran by the real clock, and the fixed moment it was given. */
export interface Call {
  from: number
  to: number
  at: number
}

/** Makes one change of every kind through the API and returns the events they wrote, oldest first. */
async function makeEvents(calls: Call[]): Promise<Envelope[]> {
  const database = await openDatabase('sqlite::memory:')
  await migrateToLatest(database)
  let now = START
  // Never shed: the docs test makes these samples while the rest of the suite loads the machine.
  const app = await buildApp({
    db: database.db,
    clock: () => now,
    logger: false,
    rateLimitPerMinute: 100_000,
    load: { maxLagMs: 60_000 },
  })
  try {
    const {
      tenant,
      admin_user: admin,
      api_key: adminKey,
    } = await createTenant(
      { db: database.db, now: Date.now() },
      {
        name: 'Demo Company',
        admin_email: 'admin@example.com',
        admin_name: 'Ana Admin',
      },
    )
    const call = async (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      now += 60_000
      const from = Date.now()
      const res = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      })
      calls.push({ from, to: Date.now(), at: now })
      if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
      return res.body ? (JSON.parse(res.body) as { data: { id: string } }).data : undefined
    }
    const user = (await call(adminKey, 'POST', '/users', {
      email: 'marta.garcia@example.com',
      full_name: 'Marta García',
      dni: '12345678Z',
      manager_id: admin.id,
    }))!
    const { apiKey: workerKey } = await createKey(
      { db: database.db, now: Date.now() },
      {
        tenantId: tenant.id,
        actsAsUserId: user.id,
        scopes: ['absences.create', 'absences.cancel', 'attendance-corrections.decide'],
        // Her own key: consenting to a correction is a personal act.
        createdByUserId: user.id,
      },
    )
    await call(adminKey, 'PATCH', `/users/${user.id}`, { full_name: 'Marta García López' })
    // A long Thursday in October (ten hours against eight): overtime, proposed below.
    await call(adminKey, 'POST', '/attendance', { user_id: user.id, type: 'in', ts: '2026-10-15T06:00:00.000Z' })
    await call(adminKey, 'POST', '/attendance', { user_id: user.id, type: 'out', ts: '2026-10-15T16:00:00.000Z' })
    await call(adminKey, 'POST', '/attendance', { user_id: user.id, type: 'in', ts: iso(START - 2 * HOUR) })
    const out = (await call(adminKey, 'POST', '/attendance', { user_id: user.id, type: 'out', ts: iso(START - HOUR) }))!
    const correction = (await call(adminKey, 'POST', '/attendance/corrections', {
      user_id: user.id,
      reason: 'Left later than clocked',
      changes: [{ action: 'move', punch_id: out.id, ts: iso(START - HOUR / 2) }],
    }))!
    await call(workerKey, 'POST', `/attendance/corrections/${correction.id}/decide`, { decision: 'approved' })
    const second = (await call(adminKey, 'POST', '/attendance/corrections', {
      user_id: user.id,
      reason: 'A visit to a client',
      changes: [{ action: 'add', type: 'in', ts: iso(START - HOUR / 4) }],
    }))!
    await call(workerKey, 'POST', `/attendance/corrections/${second.id}/decide`, {
      decision: 'rejected',
      note: 'I was not working then',
    })
    const absence = (await call(workerKey, 'POST', '/absences', {
      user_id: user.id,
      type: 'vacation',
      start_date: '2026-12-22',
      end_date: '2026-12-24',
    }))!
    await call(adminKey, 'POST', `/absences/${absence.id}/decide`, { decision: 'approved' })
    await call(workerKey, 'POST', `/absences/${absence.id}/cancel`)
    const another = (await call(workerKey, 'POST', '/absences', {
      user_id: user.id,
      type: 'personal',
      start_date: '2026-12-04',
      end_date: '2026-12-04',
    }))!
    await call(adminKey, 'POST', `/absences/${another.id}/decide`, {
      decision: 'rejected',
      note: 'Stocktaking that day',
    })
    const allocation = (await call(adminKey, 'POST', '/allocations', {
      user_id: user.id,
      note: 'Forklift training',
      start: iso(START - 26 * HOUR),
      end: iso(START - 24 * HOUR),
    }))!
    await call(adminKey, 'DELETE', `/allocations/${allocation.id}`)
    await call(adminKey, 'POST', '/expenses', {
      user_id: user.id,
      merchant: 'Bar Pepe',
      expense_date: '2026-11-19',
      amount: 1250,
      currency: 'EUR',
      amount_eur: 1250,
      category: { key: 'meals', label: 'Meals' },
    })
    // A clock-out forgotten: the periodic check of `jornada serve` finds the session 15 hours on.
    await call(adminKey, 'POST', '/attendance', { user_id: user.id, type: 'in', ts: iso(now) })
    now += 15 * HOUR
    const from = Date.now()
    await proposeClosingOfLeftOpenSessions({ db: database.db, now }, await allTenants(database.db))
    calls.push({ from, to: Date.now(), at: now })
    // Overtime: October has ended, so reading the lots proposes Marta's long Thursday. A correction
    // adding a Saturday's hour makes the pending lot follow; HR approves it (as rest) and pays part
    // of it, and approves as pay the adjustment a second Saturday brings.
    const saturday = async (date: string) => {
      const correction = (await call(adminKey, 'POST', '/attendance/corrections', {
        user_id: user.id,
        reason: 'Stocktaking on Saturday',
        changes: [
          { action: 'add', type: 'in', ts: `${date}T08:00:00.000Z` },
          { action: 'add', type: 'out', ts: `${date}T09:00:00.000Z` },
        ],
      }))!
      await call(workerKey, 'POST', `/attendance/corrections/${correction.id}/decide`, { decision: 'approved' })
    }
    const pendingLot = async () =>
      ((await call(adminKey, 'GET', '/overtime/lots?status=pending')) as unknown as { id: string }[])[0]!
    const lot = await pendingLot()
    await saturday('2026-10-17')
    await pendingLot()
    await call(adminKey, 'POST', `/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
    await call(adminKey, 'POST', `/overtime/lots/${lot.id}/pay`, { minutes: 30, payroll_month: '2026-11' })
    await saturday('2026-10-24')
    // An annual cap of one hour: the adjustment approved as pay takes her year over it, flagged.
    await call(adminKey, 'PATCH', '/tenant', { overtime_policy: { annual_cap_hours: 1 } })
    await call(adminKey, 'POST', `/overtime/lots/${(await pendingLot()).id}/decide`, {
      decision: 'approved',
      compensation: 'pay',
    })
    await call(adminKey, 'POST', `/users/${user.id}/deactivate`)
    await call(adminKey, 'POST', `/users/${user.id}/reactivate`)
    await call(adminKey, 'POST', `/users/${user.id}/invite`)
    // The rest still owed passes its deadline (the end of February): housekeeping announces it.
    now = Date.parse('2027-03-01T08:00:00.000Z')
    const late = Date.now()
    await settleOvertime({ db: database.db, now }, await allTenants(database.db))
    calls.push({ from: late, to: Date.now(), at: now })
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/events?page_size=500',
      headers: { authorization: `Bearer ${adminKey}` },
    })
    if (res.statusCode !== 200) throw new Error(`GET /events: ${res.statusCode} ${res.body}`)
    return (JSON.parse(res.body) as { data: Envelope[] }).data
  } finally {
    await app.close()
    await database.destroy()
  }
}

/**
 * The text with each distinct id (`usr_` and 26 ULID characters) replaced by a stable one of the
 * same form, numbered per prefix in order of appearance, and each instant the real clock set
 * (some records take their creation time from it, not from the request's clock) by the fixed
 * moment of the call that made it.
 */
function normalised(text: string, calls: readonly Call[]): string {
  const ids = new Map<string, string>()
  const perPrefix = new Map<string, number>()
  return text
    .replace(/\b([a-z]{3})_[0-9A-HJKMNP-TV-Z]{26}\b/g, (id, prefix: string) => {
      let stable = ids.get(id)
      if (!stable) {
        const n = (perPrefix.get(prefix) ?? 0) + 1
        perPrefix.set(prefix, n)
        stable = `${prefix}_01KAF${String(n).padStart(21, '0')}`
        ids.set(id, stable)
      }
      return stable
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, (instant) => {
      const ms = Date.parse(instant)
      // Instants of the record (before the samples were made) and of the fixed clock stay.
      if (ms <= START + 2 * 86_400_000 || calls.some((call) => call.at === ms)) return instant
      return iso(calls.find((call) => call.from <= ms && ms <= call.to)?.at ?? START)
    })
}

let made: Promise<{ events: Envelope[]; calls: Call[] }> | undefined

/**
 * The events of every type, as GET /api/v1/events answered them (ids and instants as they were),
 * made once per process: the docs' samples and the test of the events' schemas read the same.
 */
export function eventsOfEveryType(): Promise<{ events: Envelope[]; calls: Call[] }> {
  made ??= (async () => {
    const calls: Call[] = []
    return { events: await makeEvents(calls), calls }
  })()
  return made
}

/** One sample of each event type, in the catalogue's order, as markdown. */
export async function renderEventSamples(): Promise<string> {
  const { events, calls } = await eventsOfEveryType()
  const sections = EVENT_TYPES.map((type) => {
    const event = events.find((e) => e.type === type)
    if (!event) throw new Error(`No sample of ${type}: make one in scripts/event-samples.ts`)
    return `#### \`${type}\`\n\n\`\`\`json\n${JSON.stringify(event, null, 2)}\n\`\`\``
  })
  // All at once: an id keeps one stable replacement across the samples.
  return normalised(sections.join('\n\n'), calls)
}
