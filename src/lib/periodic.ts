/**
 * Background work the service does on a timer: a first run soon after start, then one every
 * interval, each reported (its result or its error) and none keeping the process alive.
 */
export function runPeriodically<T>(
  job: () => Promise<T>,
  report: (outcome: T | Error) => void,
  intervalMs: number,
  firstAfterMs = 1_000,
): () => void {
  const run = () => {
    job().then(report, (error: unknown) => report(error instanceof Error ? error : new Error(String(error))))
  }
  const first = setTimeout(run, firstAfterMs)
  const timer = setInterval(run, intervalMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
