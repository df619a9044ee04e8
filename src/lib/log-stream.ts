/**
 * The stream the service's log lines go through: the lines of one turn of the event loop reach the
 * destination together, as one string, once the turn's I/O callbacks have run.
 *
 * Why: pino's asynchronous destination (sonic-boom) measures the UTF-8 length of the text it is
 * still holding every time it is given a line, and flattens that text to do so. Under load, lines
 * pile up while a write is in flight, so each line cost time in proportion to the pile: in a
 * profile of users.get at 12,000 requests a second, 2.5 % of the CPU went there (1.3 % with this
 * stream). Given one string a turn, it measures once a turn. The lines keep their order, and
 * nothing is held longer than the turn.
 */
import sonicBoom from 'sonic-boom'

/** What the lines are handed to: pino's destination (sonic-boom) has both. */
export interface LogDestination {
  write(text: string): unknown
  /** Writes whatever is still held, synchronously (at exit). */
  flushSync(): void
}

export class TurnBatchedLogStream {
  #pending: string[] = []
  #scheduled = false
  #stopped = false

  constructor(private readonly destination: LogDestination) {}

  write(line: string): boolean {
    if (this.#stopped) return true
    this.#pending.push(line)
    if (!this.#scheduled) {
      this.#scheduled = true
      setImmediate(this.#flush)
    }
    return true
  }

  /** Hands over the lines held and then has the destination write out everything, synchronously. */
  flushSync(): void {
    if (this.#stopped) return
    this.#flush()
    this.destination.flushSync()
  }

  /** From now on lines are dropped: the destination can take no more. */
  stop(): void {
    this.#stopped = true
    this.#pending = []
  }

  readonly #flush = (): void => {
    this.#scheduled = false
    const lines = this.#pending
    if (lines.length === 0 || this.#stopped) return
    this.#pending = []
    this.destination.write(lines.length === 1 ? lines[0]! : lines.join(''))
  }
}

let standardOutput: TurnBatchedLogStream | undefined

/**
 * Standard output, written asynchronously a turn's lines at a time; what is still held is written
 * out synchronously at exit, crashes included. One for the process, however many services it
 * starts (tests start several). sonic-boom is what pino.destination() makes, but pino would then
 * also end it on `beforeExit`, after which a line still held here would have nowhere to go.
 */
export function standardOutputLog(): TurnBatchedLogStream {
  if (standardOutput) return standardOutput
  const destination = new sonicBoom.SonicBoom({ fd: 1, sync: false })
  const stream = new TurnBatchedLogStream(destination)
  // As pino does with its own destinations: once whatever reads standard output has gone (a pipe
  // into `head`, a log collector restarting), logging stops and the service goes on serving.
  destination.on('error', function brokenPipe(error: NodeJS.ErrnoException) {
    if (error.code === 'EPIPE') return stream.stop()
    destination.removeListener('error', brokenPipe)
    destination.emit('error', error)
  })
  process.once('exit', () => stream.flushSync())
  standardOutput = stream
  return stream
}
