/**
 * The working-time record through HTTP: pushing a punch and reading one daily entry, shared by the
 * test/api/attendance-*.test.ts files. Each test file keeps its own clock (`now`, `setNow`).
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
