/**
 * Absences through HTTP: request bodies, request helpers that assert success, the response
 * fields, the default clock and tenant fixtures shared by the test/api/absences-*.test.ts files.
 * Each test file keeps its own clock (`now`, `setNow`).
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { Client, TestContext, TestTenant } from './harness.js'

export const DEFAULT_NOW = '2026-11-23T10:00:00Z'
export const TODAY = '2026-11-23'

export const ABSENCE_KEYS = [
  'created_at',
  'decided_at',
  'end_date',
  'end_time',
  'id',
  'interrupted_by',
  'start_date',
  'start_time',
  'status',
  'type',
  'user_id',
]

export type Body = Record<string, unknown>

/** Full-day absence body. */
export const days = (
  user_id: string,
  type: string,
  start_date: string,
  end_date = start_date,
  extra: Body = {},
): Body => ({
  user_id,
  type,
  start_date,
  end_date,
  ...extra,
})
/** Hourly absence body. */
export const span = (user_id: string, type: string, date: string, start_time: string, end_time: string): Body => ({
  user_id,
  type,
  start_date: date,
  end_date: date,
  start_time,
  end_time,
})

export async function create(client: Client, body: Body): Promise<any> {
  const res = await client.post('/api/v1/absences', body)
  assert.equal(res.status, 201, `create ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

export async function decide(
  client: Client,
  id: string,
  decision: 'approved' | 'rejected',
  note?: string,
): Promise<any> {
  const res = await client.post(`/api/v1/absences/${id}/decide`, { decision, ...(note ? { note } : {}) })
  assert.equal(res.status, 200, `decide ${id}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

export async function cancel(client: Client, id: string): Promise<any> {
  const res = await client.post(`/api/v1/absences/${id}/cancel`)
  assert.equal(res.status, 200, `cancel ${id}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

/**
 * The balance of an employee employed the whole year: `annual` equals `entitled` and every day of
 * the year is employed, so only the figures that move are answered (proration has its own test).
 * The art. 38 fields are answered only when they say something: a unit other than working days,
 * days interrupted, days carried in (`vacationBalance` answers them all).
 */
export async function balance(client: Client, userId: string, year: number): Promise<any> {
  const { annual, employed_days, ...all } = await vacationBalance(client, userId, year)
  const { unit, interrupted, carried_in, ...moving } = all
  if (unit !== 'working_days') moving.unit = unit
  if (interrupted !== 0) moving.interrupted = interrupted
  if (carried_in.length > 0) moving.carried_in = carried_in
  const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000
  if (employed_days === daysInYear) assert.equal(annual, moving.entitled, 'a whole year is the annual figure')
  return employed_days === daysInYear ? moving : { annual, employed_days, ...moving }
}

/** The vacation balance as answered, every field. */
export async function vacationBalance(client: Client, userId: string, year: number): Promise<any> {
  const res = await client.get(`/api/v1/users/${userId}/vacation-balance?year=${year}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

export async function list(client: Client, query: string): Promise<{ data: any[]; meta: any }> {
  const res = await client.get(`/api/v1/absences?${query}`)
  assert.equal(res.status, 200, `list ${query}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** An HR department set on the tenant, and one member of it with a key. */
export async function withHr(tenant: TestTenant): Promise<{ hr: any; hrKey: Client; departmentId: string }> {
  const dep = await tenant.admin.post('/api/v1/departments', { name: `HR ${randomBytes(3).toString('hex')}` })
  assert.equal(dep.status, 201, JSON.stringify(dep.body))
  const res = await tenant.admin.patch('/api/v1/tenant', { hr_department_id: dep.body.data.id })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const hr = await tenant.createUser({ department_id: dep.body.data.id })
  return { hr, hrKey: await tenant.keyFor(hr.id), departmentId: dep.body.data.id }
}

/** A tenant in Madrid (ES-MD): 2026-12-07, 12-08, 12-25, 2027-01-01 and 01-06 are public holidays. */
export const madrid = (t: TestContext) => t.newTenant({ country: 'ES', region: 'MD' })
