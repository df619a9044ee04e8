/**
 * The loop that works through an outbox: rows written in a write's transaction and sent after it
 * commits, by every instance at once (docs/decisions/0025-request-phases-and-module-ownership.md).
 * The mail outbox and the webhook deliveries both run on it; each says what a row is and how it is
 * claimed (`claim`), how it is sent (`send`), and what an outcome means (`settle`). The loop owns
 * the rest: polling and being woken, a bounded number of attempts at once, a timeout on each, and a
 * stop that lets the attempts under way finish within a bound.
 *
 * Retries are the modules' own (when a failed row is due again is written by `settle`), from one
 * backoff schedule (`backoffDelayMs`).
 */

/** How long failed attempts wait before the next one, and when a row is given up. */
export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs: number
  maxDelayMs: number
  /** A row still failing this long after it was written is given up. */
  giveUpAfterMs: number
}

/**
 * The wait before the next attempt after `failedAttempts` failures: exponential, with "equal
 * jitter" (half the wait fixed, half random) so that rows failing together, during an outage of
 * what they are sent to, do not all come back at the same instant.
 */
export function backoffDelayMs(
  failedAttempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(
    policy.maxDelayMs,
    policy.firstDelayMs * 2 ** Math.min(Math.max(failedAttempts, 1) - 1, 30),
  )
  return Math.round(exponential / 2 + (random() * exponential) / 2)
}

/** An attempt that did not settle within its timeout: the attempt fails, and its signal is aborted. */
export class AttemptTimedOut extends Error {
  /** Nodemailer's and Node's code for a timeout, so that it is told like theirs. */
  readonly code = 'ETIMEDOUT'
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`)
    this.name = 'AttemptTimedOut'
  }
}

/** What one attempt's send came to: its value, or what it threw (an `AttemptTimedOut` on timeout). */
export type Attempted<Sent> = { ok: true; value: Sent } | { ok: false; error: unknown }

export interface Attempt<Item, Sent, Settled> {
  /**
   * Sends one claimed row. The signal is aborted when the attempt times out: a send that can, stops
   * its I/O then; its answer is no longer waited for either way.
   */
  send(item: Item, signal: AbortSignal): Promise<Sent>
  /** Writes (or keeps, to write later) what the attempt came to. */
  settle(item: Item, attempted: Attempted<Sent>): Settled | Promise<Settled>
  /** An attempt not sent within this long fails with `AttemptTimedOut`. */
  attemptTimeoutMs: number
}

/**
 * One attempt: the send, bounded by the timeout, then the settling of its outcome (not bounded:
 * writing an outcome is the database's time, not the remote end's).
 */
export async function runAttempt<Item, Sent, Settled>(
  item: Item,
  attempt: Attempt<Item, Sent, Settled>,
): Promise<Settled> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new AttemptTimedOut(attempt.attemptTimeoutMs)
      controller.abort(error)
      reject(error)
    }, attempt.attemptTimeoutMs)
  })
  let attempted: Attempted<Sent>
  try {
    attempted = { ok: true, value: await Promise.race([attempt.send(item, controller.signal), timedOut]) }
  } catch (error) {
    attempted = { ok: false, error }
  } finally {
    clearTimeout(timer)
  }
  return attempt.settle(item, attempted)
}

/** What the hooks may ask of the loop. */
export interface OutboxLoopState {
  /** Stop was asked for: the loop claims nothing more. */
  readonly stopping: boolean
  /** Attempts under way (sending or settling). */
  readonly inFlight: number
}

/**
 * `settle` answers true when the loop should take a turn at once (a batch of outcomes is ready to
 * be written); the loop also takes one when its last attempt ends or room to claim opens up.
 */
export interface OutboxLoopOptions<Item, Sent> extends Attempt<Item, Sent, boolean> {
  /**
   * Leases up to `room` due rows, so that no other instance sends them until the lease ends, and
   * answers them (none: nothing is due). Called only with room to claim, and never once stopping.
   */
  claim(room: number): Promise<readonly Item[]>
  /** Work of each turn before claiming (writing outcomes, making rows); true when it did some. */
  beforeClaim?: (state: OutboxLoopState) => Promise<boolean>
  /** After the stop, once the attempts under way ended (or the wait for them did): writes what is left. */
  afterStop?: () => Promise<void>
  /** Attempts under way at once, at most. */
  concurrency: number
  /** Claims only once this many attempts can start (or none is under way): fewer, larger claims. Default 1. */
  claimWhenFree?: number
  /** How long an idle loop waits before looking again, unless woken. */
  pollMs: number
  /** A shorter wait than `pollMs` when the module has something to do by then; null: `pollMs`. */
  nextTurnWithinMs?: () => number | null
  /**
   * How long stopping waits for the attempts under way. Default: an attempt's timeout and a second
   * to settle it, so that every attempt under way ends and is settled. An attempt cut off leaves
   * its lease to expire, and its row is claimed again.
   */
  stopWaitMs?: number
  /** Told of what a turn or an attempt threw; the loop goes on. */
  onError: (error: unknown) => void
}

export interface OutboxLoop {
  /** Look for due rows now instead of at the next poll (after a commit that wrote one). */
  wake(): void
  /** Stops claiming and waits (within `stopWaitMs`) for the attempts under way, then runs `afterStop`. */
  stop(): Promise<void>
}

export function startOutboxLoop<Item, Sent>(options: OutboxLoopOptions<Item, Sent>): OutboxLoop {
  const { concurrency, onError, pollMs } = options
  const claimWhenFree = options.claimWhenFree ?? 1
  const stopWaitMs = options.stopWaitMs ?? options.attemptTimeoutMs + 1_000
  const inFlight = new Set<Promise<void>>()
  let stopping = false
  const state: OutboxLoopState = {
    get stopping() {
      return stopping
    },
    get inFlight() {
      return inFlight.size
    },
  }
  let wakeUp: (() => void) | null = null
  // A wake-up that came while the loop was working: it looks again at once instead of sleeping.
  let woken = false
  const wake = () => {
    if (wakeUp) wakeUp()
    else woken = true
    wakeUp = null
  }

  function start(item: Item): void {
    let turnNow = false
    const task = runAttempt(item, options)
      .then((asked) => {
        turnNow = asked
      })
      // An outcome not written leaves the lease to expire: the row is attempted again later.
      .catch(onError)
      .finally(() => {
        inFlight.delete(task)
        // Worth a look: everything is back, there is room to claim again, or the module asks.
        if (turnNow || inFlight.size === 0 || concurrency - inFlight.size === claimWhenFree) wake()
      })
    inFlight.add(task)
  }

  /** One look for work; true when it found some. */
  async function turn(): Promise<boolean> {
    let busy = (await options.beforeClaim?.(state)) === true
    if (stopping) return busy
    const room = concurrency - inFlight.size
    if (room > 0 && (room >= claimWhenFree || inFlight.size === 0)) {
      const claimed = await options.claim(room)
      for (const item of claimed) start(item)
      if (claimed.length > 0) busy = true
    }
    return busy
  }

  const loop = (async () => {
    while (!stopping) {
      woken = false
      let busy = false
      try {
        busy = await turn()
      } catch (error) {
        onError(error)
      }
      if (!busy && !stopping && !woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.nextTurnWithinMs?.() ?? pollMs)
          wakeUp = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    }
    // The attempts under way finish and settle, within reason: what they are sent to may hang, and
    // must not hold a shutdown.
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, stopWaitMs)
      }),
    ])
    clearTimeout(timer)
    try {
      await options.afterStop?.()
    } catch (error) {
      onError(error)
    }
  })()

  return {
    wake,
    async stop() {
      stopping = true
      wake()
      await loop
    },
  }
}
