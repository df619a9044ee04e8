/**
 * The pages' link to the service (page-shared/connection.ts), without a browser: which answers
 * are offline, busy or a refusal, how long a busy service is left before asking again, and that
 * the automatic retries stop after their bound.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import {
  type Connection,
  MAX_BUSY_RETRIES,
  MAX_RETRY_DELAY_SECONDS,
  ONLINE,
  nextConnection,
  retryAfterSeconds,
  retryDelaySeconds,
  verdictOf,
} from '../../page-shared/connection.js'

it('tells offline, busy, refused and online apart', () => {
  assert.equal(verdictOf({ status: 0 }), 'offline')
  assert.equal(verdictOf({ status: 502 }), 'offline', 'a proxy that cannot reach the service')
  assert.equal(verdictOf({ status: 503, code: 'overloaded', retryAfterSeconds: 2 }), 'busy')
  assert.equal(verdictOf({ status: 503, code: 'overloaded' }), 'busy', 'busy even without a Retry-After')
  assert.equal(verdictOf({ status: 503, code: 'database_unavailable', retryAfterSeconds: 1 }), 'busy')
  assert.equal(verdictOf({ status: 429, code: 'rate_limited', retryAfterSeconds: 5 }), 'busy')
  assert.equal(verdictOf({ status: 429, code: 'concurrency_limited', retryAfterSeconds: 5 }), 'busy')
  // A person's own too many attempts is a refusal that says what to do, not a busy service.
  assert.equal(verdictOf({ status: 429, code: 'login_throttled', retryAfterSeconds: 60 }), 'refused')
  assert.equal(verdictOf({ status: 429, code: 'kiosk_locked', retryAfterSeconds: 900 }), 'refused')
  assert.equal(verdictOf({ status: 409, code: 'punch_sequence_invalid' }), 'refused')
  assert.equal(verdictOf({ status: 200 }), 'online')
})

it('reads Retry-After in seconds, and nothing else', () => {
  assert.equal(retryAfterSeconds('3'), 3)
  assert.equal(retryAfterSeconds(' 10 '), 10)
  assert.equal(retryAfterSeconds('0'), null)
  assert.equal(retryAfterSeconds('soon'), null)
  assert.equal(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT'), null)
  assert.equal(retryAfterSeconds(null), null)
})

it('waits what the service asked, within bounds, and backs off without a Retry-After', () => {
  assert.equal(retryDelaySeconds(3, 0), 3)
  assert.equal(retryDelaySeconds(0.2, 0), 1)
  assert.equal(retryDelaySeconds(3600, 0), MAX_RETRY_DELAY_SECONDS)
  assert.deepEqual(
    [0, 1, 2, 3, 10].map((n) => retryDelaySeconds(null, n)),
    [2, 4, 8, 16, MAX_RETRY_DELAY_SECONDS],
  )
})

it('retries a busy service a bounded number of times, and any answer ends it', () => {
  let link: Connection = ONLINE
  const busy = { status: 503, code: 'overloaded', retryAfterSeconds: 2 }
  const seen: (number | null)[] = []
  for (let i = 0; i <= MAX_BUSY_RETRIES; i++) {
    link = nextConnection(link, busy)
    assert.equal(link.state, 'busy')
    if (link.state === 'busy') seen.push(link.retryInSeconds)
  }
  assert.deepEqual(seen, [...Array(MAX_BUSY_RETRIES).fill(2), null], 'retried after Retry-After, then stopped')
  // A refusal is an answer: the link works.
  assert.deepEqual(nextConnection(link, { status: 409, code: 'punch_sequence_invalid' }), ONLINE)
  assert.deepEqual(nextConnection(link, { status: 0 }), { state: 'offline' })
  // Busy again after an answer counts from the start.
  assert.deepEqual(nextConnection(nextConnection(link, { status: 200 }), busy), {
    state: 'busy',
    retries: 0,
    retryInSeconds: 2,
  })
})
