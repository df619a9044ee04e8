/**
 * Work schedules and holiday calendars through HTTP: weekly minutes, the expected fields, the
 * independent oracle of public holidays (`date-holidays`), and request helpers that assert success,
 * shared by test/api/schedules-*.test.ts and test/api/holidays-*.test.ts.
 */
import assert from 'node:assert/strict'
import Holidays from 'date-holidays'
import type { Client, Response, TestTenant } from './harness.js'

export const DEFAULT_SCHEDULE_NAME = 'Standard (Mon-Fri, 8 h)'
export const FULL_TIME = { mon: 480, tue: 480, wed: 480, thu: 480, fri: 480, sat: 0, sun: 0 }
export const PART_TIME = { mon: 240, tue: 240, wed: 240, thu: 240, fri: 240, sat: 0, sun: 0 }
export const FOUR_DAYS = { mon: 600, tue: 600, wed: 600, thu: 600, fri: 0, sat: 0, sun: 0 }

export const HOLIDAY_FIELDS = ['date', 'id', 'name', 'names', 'type', 'work_center_id']

/** The independent oracle: the `public` holidays the data set gives for a place and year. */
export function publicHolidays(country: string, region: string | null, year: number): { date: string; name: string }[] {
  const calendar = region ? new Holidays(country, region) : new Holidays(country)
  const seen = new Map<string, string>()
  for (const h of calendar.getHolidays(year) || []) {
    if (h.type === 'public' && !seen.has(h.date.slice(0, 10))) seen.set(h.date.slice(0, 10), h.name)
  }
  return [...seen].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date))
}

export function holidaysUrl(query: Record<string, string | number>): string {
  return `/api/v1/holidays?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
}

/** Every holiday of 2026 (one page of 100 is enough for any place used here). */
export async function year2026(client: Client, workCenterId?: string): Promise<any[]> {
  const res = await client.get(
    holidaysUrl({
      from: '2026-01-01',
      to: '2026-12-31',
      page_size: 100,
      ...(workCenterId ? { work_center_id: workCenterId } : {}),
    }),
  )
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.meta.total, res.body.data.length, 'one page holds the whole year')
  return res.body.data
}

export function onDate(entries: any[], date: string): any[] {
  return entries.filter((e) => e.date === date)
}

export function assertSortedByDate(entries: any[]): void {
  const dates = entries.map((e) => e.date)
  assert.deepEqual(dates, [...dates].sort(), 'ordered by date')
  assert.equal(new Set(dates).size, dates.length, 'at most one entry per date')
}

export async function schedules(tenant: TestTenant, query = ''): Promise<Response> {
  const res = await tenant.admin.get(`/api/v1/schedules${query}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res
}

export async function createSchedule(
  tenant: TestTenant,
  name: string,
  weekday_minutes: Record<string, number> = PART_TIME,
): Promise<any> {
  const res = await tenant.admin.post('/api/v1/schedules', { name, weekday_minutes })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

export async function createWorkCenter(tenant: TestTenant, fields: Record<string, unknown>): Promise<any> {
  const res = await tenant.admin.post('/api/v1/work-centers', fields)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

export async function createHoliday(client: Client, body: Record<string, unknown>): Promise<any> {
  const res = await client.post('/api/v1/holidays', body)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

/** A tenant placed in Spain/Madrid through the settings API. */
export async function madridTenant(t: { newTenant: () => Promise<TestTenant> }): Promise<TestTenant> {
  const tenant = await t.newTenant()
  const res = await tenant.admin.patch('/api/v1/tenant', { country: 'ES', region: 'MD' })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.deepEqual([res.body.data.country, res.body.data.region], ['ES', 'MD'])
  return tenant
}
