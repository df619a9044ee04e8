/**
 * The outbox loop (src/lib/outbox-loop.ts) that the mail outbox and the webhook deliveries run on,
 * without a database or HTTP: rows are kept in memory, sends are promises the test settles. It is
 * woken at once, never has more attempts under way than its bound, times an attempt out, stops
 * claiming on stop and waits (within a bound) for the attempts under way, and backs off on one
 * schedule.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import {
  type Attempted,
  AttemptTimedOut,
  type OutboxLoopOptions,
  backoffDelayMs,
  runAttempt,
  startOutboxLoop,
} from '../../src/lib/outbox-loop.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once `check` holds, looking every few milliseconds; fails after `timeoutMs`. */
async function until(what: string, check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(2)
  }
}

/** An outbox in memory: rows waiting, what each claim asked for, and every settled attempt. */
function memoryOutbox() {
  const waiting: string[] = []
  const claims: number[] = []
  const settled: { id: string; attempted: Attempted<string> }[] = []
  const errors: unknown[] = []
  return {
    waiting,
    claims,
    settled,
    errors,
    /** The loop's options for this outbox, sending with `send`. */
    options(
      send: (id: string, signal: AbortSignal) => Promise<string>,
      more: Partial<OutboxLoopOptions<string, string>> = {},
    ): OutboxLoopOptions<string, string> {
      return {
        claim: async (room) => {
          claims.push(room)
          return waiting.splice(0, room)
        },
        send,
        settle: (id, attempted) => {
          settled.push({ id, attempted })
          return false
        },
        concurrency: 4,
        pollMs: 60_000,
        attemptTimeoutMs: 60_000,
        onError: (error) => errors.push(error),
        ...more,
      }
    },
  }
}

it('a wake-up looks for rows at once, where the idle loop would wait for its next poll', async () => {
  const outbox = memoryOutbox()
  const loop = startOutboxLoop(outbox.options(async (id) => `sent ${id}`, { pollMs: 60_000 }))
  try {
    await until('the first look', () => outbox.claims.length === 1)
    outbox.waiting.push('row-1')
    await sleep(50)
    assert.equal(outbox.settled.length, 0, 'asleep until the next poll, a minute away')
    const woken = performance.now()
    loop.wake()
    await until('the row sent', () => outbox.settled.length === 1)
    assert.ok(performance.now() - woken < 500)
    assert.deepEqual(outbox.settled[0], { id: 'row-1', attempted: { ok: true, value: 'sent row-1' } })
  } finally {
    await loop.stop()
  }
})

it('never has more attempts under way than its bound, and claims only what it has room for', async () => {
  const outbox = memoryOutbox()
  outbox.waiting.push(...Array.from({ length: 20 }, (_, i) => `row-${i}`))
  let underWay = 0
  let most = 0
  const loop = startOutboxLoop(
    outbox.options(
      async (id) => {
        underWay += 1
        most = Math.max(most, underWay)
        await sleep(10 + Math.random() * 20)
        underWay -= 1
        return id
      },
      { concurrency: 3 },
    ),
  )
  try {
    await until('every row sent', () => outbox.settled.length === 20, 5_000)
    assert.equal(most, 3, 'three at once, no more')
    assert.ok(
      outbox.claims.every((room) => room >= 1 && room <= 3),
      `claims asked for ${outbox.claims}`,
    )
    assert.deepEqual(outbox.settled.map((s) => s.id).sort(), Array.from({ length: 20 }, (_, i) => `row-${i}`).sort())
  } finally {
    await loop.stop()
  }
})

it('with claimWhenFree, claims once that many slots are free (or nothing is under way), not for each one', async () => {
  const outbox = memoryOutbox()
  outbox.waiting.push(...Array.from({ length: 40 }, (_, i) => `row-${i}`))
  const loop = startOutboxLoop(
    outbox.options(
      async (id) => {
        await sleep(5 + Math.random() * 10)
        return id
      },
      { concurrency: 8, claimWhenFree: 4 },
    ),
  )
  try {
    await until('every row sent', () => outbox.settled.length === 40, 5_000)
    assert.ok(
      outbox.claims.every((room) => room >= 4),
      `claims asked for ${outbox.claims}`,
    )
  } finally {
    await loop.stop()
  }
})

it('an attempt not sent within its timeout fails with AttemptTimedOut, and its signal is aborted', async () => {
  let signalOf: AbortSignal | undefined
  const attempted = await runAttempt('row-1', {
    attemptTimeoutMs: 50,
    send: (_id, signal) => {
      signalOf = signal
      return new Promise<string>(() => {}) // what it is sent to never answers
    },
    settle: (_id, result) => result,
  })
  assert.equal(attempted.ok, false)
  const error = (attempted as { error: unknown }).error
  assert.ok(error instanceof AttemptTimedOut)
  assert.equal(error.timeoutMs, 50)
  assert.equal(error.code, 'ETIMEDOUT')
  assert.match(error.message, /no answer within 0.05 s/)
  assert.equal(signalOf?.aborted, true)
  assert.equal(signalOf?.reason, error)

  const failed = await runAttempt('row-2', {
    attemptTimeoutMs: 1_000,
    send: async () => {
      throw Object.assign(new Error('refused'), { responseCode: 550 })
    },
    settle: (_id, result) => result,
  })
  assert.deepEqual([failed.ok, (failed as { error: Error }).error.message], [false, 'refused'])
})

it('stopping claims nothing more, waits for the attempts under way to be settled, then runs afterStop', async () => {
  const outbox = memoryOutbox()
  outbox.waiting.push('row-1', 'row-2')
  const order: string[] = []
  const loop = startOutboxLoop(
    outbox.options(
      async (id) => {
        await sleep(150)
        return id
      },
      {
        concurrency: 2,
        pollMs: 5,
        settle: async (id, attempted) => {
          await sleep(20) // writing the outcome takes a while too
          outbox.settled.push({ id, attempted })
          order.push(`settled ${id}`)
          return false
        },
        afterStop: async () => {
          order.push('after stop')
        },
      },
    ),
  )
  await until('both rows claimed', () => outbox.waiting.length === 0)
  outbox.waiting.push('row-3')
  const claimsBefore = outbox.claims.length
  const stopping = performance.now()
  await loop.stop()
  assert.ok(performance.now() - stopping >= 100, 'the stop waited for the sends under way')
  assert.deepEqual([...order].sort(), ['after stop', 'settled row-1', 'settled row-2'])
  assert.equal(order.at(-1), 'after stop')
  assert.equal(outbox.claims.length, claimsBefore, 'no claim once stopping')
  assert.deepEqual(outbox.waiting, ['row-3'], 'left for the next instance')
})

it('stopping waits no longer than its bound for an attempt that hangs', async () => {
  const outbox = memoryOutbox()
  outbox.waiting.push('row-1')
  let sending = false
  const loop = startOutboxLoop(
    outbox.options(
      () => {
        sending = true
        return new Promise<string>(() => {})
      },
      { attemptTimeoutMs: 60_000, stopWaitMs: 100 },
    ),
  )
  await until('the attempt under way', () => sending)
  const stopping = performance.now()
  await loop.stop()
  const waited = performance.now() - stopping
  assert.ok(waited >= 90 && waited < 1_000, `stopped after ${Math.round(waited)} ms`)
  assert.equal(outbox.settled.length, 0, 'cut off: its lease expires and the row is claimed again')
})

it('a turn that throws is told to onError, and the loop goes on', async () => {
  const outbox = memoryOutbox()
  let failing = true
  const options = outbox.options(async (id) => id, { pollMs: 10 })
  const loop = startOutboxLoop({
    ...options,
    claim: async (room) => {
      if (failing) {
        failing = false
        throw new Error('the database is away')
      }
      return options.claim(room)
    },
  })
  try {
    outbox.waiting.push('row-1')
    await until('the row sent after the error', () => outbox.settled.length === 1)
    assert.deepEqual(
      outbox.errors.map((e) => (e as Error).message),
      ['the database is away'],
    )
  } finally {
    await loop.stop()
  }
})

it('a settle that asks for a turn gets one at once, while other attempts are still under way', async () => {
  const outbox = memoryOutbox()
  let turns = 0
  let release = () => {}
  const loop = startOutboxLoop(
    outbox.options(
      async (id) => {
        if (id === 'slow') await new Promise<void>((resolve) => (release = resolve))
        else await sleep(50)
        return id
      },
      {
        pollMs: 60_000,
        concurrency: 8,
        claimWhenFree: 8, // so that the end of one attempt alone does not wake it while another runs
        beforeClaim: async () => {
          turns += 1
          return false
        },
        settle: (id, attempted) => {
          outbox.settled.push({ id, attempted })
          return id === 'asks'
        },
      },
    ),
  )
  try {
    await until('the first turn', () => turns === 1)
    outbox.waiting.push('asks', 'slow')
    loop.wake()
    // The wake-up's turn claims both; being busy, it looks once more, finds no room, and sleeps.
    await until('the claim', () => turns === 3)
    await until('the settle that asks', () => outbox.settled.length === 1)
    await until('a turn at once', () => turns === 4, 500)
  } finally {
    release()
    await loop.stop()
  }
})

it('backs off doubling from the first wait up to the longest, half of each wait fixed and half random', () => {
  const policy = { firstDelayMs: 5_000, maxDelayMs: 40_000, giveUpAfterMs: 86_400_000 }
  const lowest = (n: number) => backoffDelayMs(n, policy, () => 0)
  const highest = (n: number) => backoffDelayMs(n, policy, () => 1)
  assert.deepEqual([1, 2, 3, 4, 5, 6].map(highest), [5_000, 10_000, 20_000, 40_000, 40_000, 40_000])
  assert.deepEqual([1, 2, 3, 4].map(lowest), [2_500, 5_000, 10_000, 20_000])
  assert.equal(highest(0), 5_000, 'no failure yet waits as after the first')
  assert.equal(highest(10_000), 40_000, 'no overflow however many failures')
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 200 }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (n, r) => {
        const delay = backoffDelayMs(n, policy, () => r)
        return Number.isInteger(delay) && delay >= lowest(n) && delay <= highest(n)
      },
    ),
  )
  // Attempts made on that schedule from an injected clock: a day of failures, as the jitter falls.
  const attemptsInADay = (random: () => number) => {
    let now = Date.parse('2026-11-18T10:00:00Z')
    const end = now + policy.giveUpAfterMs
    let failures = 0
    while (now < end) {
      failures += 1
      now += backoffDelayMs(failures, policy, random)
    }
    return failures
  }
  assert.ok(attemptsInADay(() => 1) < attemptsInADay(() => 0), 'shorter waits, more attempts')
  assert.equal(
    attemptsInADay(() => 1),
    3 + Math.ceil((86_400_000 - 35_000) / 40_000),
  )
})
