/**
 * The mail outbox's rules without I/O (docs/decisions/0025-request-phases-and-module-ownership.md):
 * the retry schedule, when a message is given up, which refusals are final, and its Message-ID.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import {
  MAIL_RETRY_POLICY,
  failureText,
  giveUpAt,
  isPermanentRefusal,
  messageIdOf,
  nextAttemptAt,
  retryDelayMs,
} from '../../src/modules/mail/mail.logic.js'

const HOUR = 3_600_000
const policy = MAIL_RETRY_POLICY

it('waits double after each failure, from 30 s up to an hour, half of it fixed and half random', () => {
  const lowest = (n: number) => retryDelayMs(n, policy, () => 0)
  const highest = (n: number) => retryDelayMs(n, policy, () => 1)
  assert.deepEqual([1, 2, 3, 4].map(highest), [30_000, 60_000, 120_000, 240_000])
  assert.deepEqual([1, 2, 3, 4].map(lowest), [15_000, 30_000, 60_000, 120_000])
  assert.equal(highest(8), HOUR)
  assert.equal(highest(1000), HOUR, 'no overflow however many failures')
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 200 }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (n, r) => {
        const delay = retryDelayMs(n, policy, () => r)
        return delay >= lowest(n) && delay <= highest(n)
      },
    ),
  )
})

it('tries again within the window and gives up when the next attempt would come at or after the deadline', () => {
  const queued = Date.parse('2026-11-18T10:00:00Z')
  const deadline = giveUpAt(queued, null, policy)
  assert.equal(deadline - queued, 24 * HOUR)
  assert.equal(
    nextAttemptAt(1, queued, deadline, policy, () => 1),
    queued + 30_000,
  )
  assert.equal(
    nextAttemptAt(30, deadline - 2 * HOUR, deadline, policy, () => 1),
    deadline - HOUR,
  )
  assert.equal(
    nextAttemptAt(30, deadline - HOUR, deadline, policy, () => 1),
    null,
  )
  assert.equal(nextAttemptAt(1, deadline, deadline, policy), null)
  // Thirty to fifty-odd attempts over the day, as the jitter falls.
  for (const random of [() => 0, () => 0.5, () => 0.999]) {
    let at = queued
    let attempts = 1
    for (let next = nextAttemptAt(1, at, deadline, policy, random); next !== null; attempts++) {
      at = next
      next = nextAttemptAt(attempts + 1, at, deadline, policy, random)
    }
    assert.ok(attempts >= 28 && attempts <= 56, `${attempts} attempts`)
  }
})

it('a message carrying a link is given up when the link expires, if that comes first', () => {
  const queued = Date.parse('2026-11-18T10:00:00Z')
  assert.equal(giveUpAt(queued, queued + HOUR, policy), queued + HOUR, 'a reset’s link lasts an hour')
  assert.equal(giveUpAt(queued, queued + 72 * HOUR, policy), queued + 24 * HOUR, 'an invitation’s three days')
})

it('only a 5xx about the message is final; a 4xx, no answer, or a refused sign-in to the relay is tried again', () => {
  assert.equal(isPermanentRefusal({ responseCode: 550, code: 'EMESSAGE' }), true)
  assert.equal(isPermanentRefusal({ responseCode: 553, code: 'EENVELOPE' }), true)
  assert.equal(isPermanentRefusal({ responseCode: 451, code: 'EMESSAGE' }), false)
  assert.equal(isPermanentRefusal({ responseCode: 421 }), false)
  assert.equal(isPermanentRefusal({ code: 'ECONNECTION' }), false)
  assert.equal(isPermanentRefusal({ code: 'ETIMEDOUT' }), false)
  assert.equal(isPermanentRefusal({ responseCode: 535, code: 'EAUTH' }), false)
})

it('tells why in one short line, and names each message the same on every attempt', () => {
  assert.equal(
    failureText({ response: '550 5.1.1 Mailbox\r\n unavailable', message: 'Message failed' }),
    '550 5.1.1 Mailbox unavailable',
  )
  assert.equal(failureText(new Error('connect ECONNREFUSED 127.0.0.1:25')), 'connect ECONNREFUSED 127.0.0.1:25')
  assert.equal(failureText({ response: 'x'.repeat(2000) }).length, 500)
  assert.equal(
    messageIdOf('msg_01KAF000000000000000000001', 'jornada.example.com'),
    '<msg_01KAF000000000000000000001@jornada.example.com>',
  )
})
