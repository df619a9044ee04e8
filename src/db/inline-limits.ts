/**
 * LIMIT written into the SQL as a number instead of bound as a parameter. SQLite plans an
 * `ORDER BY … LIMIT ?` without knowing how few rows are wanted, and then sorts more than it
 * needs: the clock-in's read of what a punch follows (four `LIMIT 1` reads in one statement) took
 * 75-158 µs with bound limits and 20-27 µs with written ones, on a company of 65 people with two
 * weeks of punches (docs/performance.md). A PostgreSQL generic plan likewise guesses a bound
 * LIMIT's size.
 *
 * The query compilers of both dialects write it as they compile, so no query is walked twice.
 * Only a whole number is written in (the values are the code's own and a list's `page_size`, 1
 * to 100); OFFSET stays bound, since its values are many and each would be another statement to
 * prepare.
 */
import { type DefaultQueryCompiler, type LimitNode, ValueNode } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes whatever its base takes
type CompilerClass = new (...args: any[]) => DefaultQueryCompiler

/** `Base` (a dialect's query compiler) writing whole-number limits into the SQL. */
export function writingLimits<C extends CompilerClass>(Base: C) {
  class LimitWritingCompiler extends Base {
    protected override visitLimit(node: LimitNode): void {
      const limit = node.limit
      if (ValueNode.is(limit) && Number.isSafeInteger(limit.value) && (limit.value as number) >= 0) {
        this.append(`limit ${limit.value as number}`)
        return
      }
      super.visitLimit(node)
    }
  }
  return LimitWritingCompiler
}
