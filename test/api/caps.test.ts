/**
 * Every input that scales work has a cap, and going over it is a cheap 400. The time each refusal
 * took is printed, not asserted: speed is measured by `npm run bench`, never by timed tests.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { type Client, type Response, expectError, forEachEngine } from '../helpers/harness.js'

async function timed(label: string, call: () => Promise<Response>): Promise<Response> {
  const started = performance.now()
  const res = await call()
  console.log(`# ${label}: ${res.status} in ${(performance.now() - started).toFixed(1)} ms`)
  return res
}

forEachEngine('caps on the work of one request', (t) => {
  it('absences: a span over two years is 400 at once (no balance check across centuries); year 9999 is not a date', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const request =
      (start_date: string, end_date: string, type = 'vacation') =>
      () =>
        tenant.admin.post('/api/v1/absences', { user_id: user.id, type, start_date, end_date })
    const error = expectError(
      await timed('vacation 2028-02-01..9998-12-31', request('2028-02-01', '9998-12-31')),
      400,
      'invalid_request',
    )
    assert.deepEqual(error.details, [
      { field: 'end_date', message: 'an absence covers at most 731 days (two years); request longer ones in parts' },
    ])
    expectError(
      await timed('sick leave 2028-01-01..2030-01-02', request('2028-01-01', '2030-01-02', 'sick')),
      400,
      'invalid_request',
    )
    expectError(await timed('end_date 9999-12-31', request('2028-01-01', '9999-12-31')), 400, 'invalid_request')
    // Exactly two years is fine (a long sick leave), and written.
    const longest = await timed('sick leave of 731 days', request('2028-01-01', '2029-12-31', 'sick'))
    assert.equal(longest.status, 201, JSON.stringify(longest.body))
    assert.equal(
      (await tenant.admin.get(`/api/v1/absences?from=2027-01-01&to=2031-01-01&user_id=${user.id}`)).body.meta.total,
      1,
      'only the valid one was written',
    )
  })

  it('ranges: attendance, summaries and holidays at most 366 days; pages at most 100 items', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const over: [string, string][] = [
      ['attendance over 367 days', `/api/v1/attendance?user_id=${user.id}&from=2026-01-01&to=2027-01-02`],
      ['summary over 8,000 years', '/api/v1/attendance/summary?from=1900-01-01&to=9998-12-31'],
      ['holidays over 367 days', '/api/v1/holidays?from=2026-01-01&to=2027-01-02'],
      ['users with page_size 101', '/api/v1/users?page_size=101'],
      ['absences with page_size 10000', '/api/v1/absences?from=2026-01-01&to=2026-12-31&page_size=10000'],
      ['attendance in year 9999', `/api/v1/attendance?user_id=${user.id}&from=9999-01-01&to=9999-01-02`],
    ]
    for (const [label, url] of over)
      expectError(await timed(label, () => (tenant.admin as Client).get(url)), 400, 'invalid_request')
  })
})
