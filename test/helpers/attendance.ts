/**
 * The working-time record through HTTP: pushing a punch and reading one daily entry, shared by the
 * test/api/attendance-*.test.ts files and the app's browser tests that need punches behind a screen.
 * Each test file keeps its own clock (`now`, `setNow`).
 */
import assert from 'node:assert/strict'
import type { TestTenant } from './harness.js'

export async function punch(
  tenant: TestTenant,
  userId: string,
  type: string,
  ts: string,
  extra: Record<string, unknown> = {},
) {
  const res = await tenant.admin.post('/api/v1/attendance', { user_id: userId, type, ts, ...extra })
  if (res.status !== 201) throw new Error(`punch ${type} ${ts}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

export async function day(tenant: TestTenant, userId: string, date: string, tz?: string) {
  const res = await tenant.admin.get(
    `/api/v1/attendance?user_id=${userId}&from=${date}&to=${date}${tz ? `&tz=${encodeURIComponent(tz)}` : ''}`,
  )
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data[0]
}

/**
 * A twelve-hour day on the 15th of last month by the real clock (a month that has ended): enough
 * overtime for an overtime lot. Returns the day.
 */
/** A workday of `minutes` starting 08:00 UTC (for tenants that keep UTC). */
export async function workday(tenant: TestTenant, userId: string, date: string, minutes: number) {
  await punch(tenant, userId, 'in', `${date}T08:00:00Z`)
  await punch(tenant, userId, 'out', new Date(Date.parse(`${date}T08:00:00Z`) + minutes * 60_000).toISOString())
}

export async function longDayLastMonth(admin: TestTenant['admin'], userId: string): Promise<string> {
  const today = new Date()
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15)).toISOString().slice(0, 10)
  for (const [type, hour] of [
    ['in', '06'],
    ['out', '18'],
  ]) {
    const res = await admin.post('/api/v1/attendance', { user_id: userId, type, ts: `${day}T${hour}:00:00Z` })
    if (res.status !== 201) throw new Error(`punch ${type} ${day}: ${res.status} ${JSON.stringify(res.body)}`)
  }
  return day
}
