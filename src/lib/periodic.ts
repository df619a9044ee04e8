/**
 * Background work the service does on a timer: a first run soon after start, then one every
 * interval (skipped while the previous run goes on), each reported (its result or its error) and
 * none keeping the process alive.
 */
export function runPeriodically<T>(
  job: () => Promise<T>,
  report: (outcome: T | Error) => void,
  intervalMs: number,
  firstAfterMs = 1_000,
): () => void {
  let running = false
  const run = () => {
    if (running) return // a slow run is not overtaken by the next one
    running = true
    job()
      .then(report, (error: unknown) => report(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        running = false
      })
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
