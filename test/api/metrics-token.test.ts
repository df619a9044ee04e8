/**
 * `/metrics` is not public by default (docs/operations.md): without `METRICS_TOKEN` the API's port
 * does not serve the metrics to anyone, not even to an administrator's key.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('metrics without a token', (t) => {
  it('GET /metrics on the API port is 401 for an anonymous caller and for an API key', async () => {
    const anonymous = t.client(null)
    const refused = expectError(await anonymous.get('/metrics'), 401, 'unauthenticated')
    assert.match(refused.message, /METRICS_TOKEN/)
    const tenant = await t.newTenant()
    expectError(await tenant.admin.get('/metrics'), 401, 'unauthenticated')
    expectError(
      await anonymous.request('GET', '/metrics', undefined, { authorization: 'Bearer anything-of-enough-length' }),
      401,
      'unauthenticated',
    )
  })
})
