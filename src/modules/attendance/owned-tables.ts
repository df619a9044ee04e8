/**
 * The tables attendance owns: the hash-chained time record. Only this module's repositories
 * name them; other modules read the record through the front door (index.ts), so that the rules
 * of the record (a superseded punch is not effective, a correction is a link only once approved)
 * are written once (docs/decisions/0025-request-phases-and-module-ownership.md).
 * test/architecture/ownership.test.ts checks that no other module names them.
 */
export const ATTENDANCE_TABLES = ['punches', 'punch_corrections', 'punch_supersessions', 'punch_chain_heads'] as const

/** Of those, the ones whose rows never change once written (a correction is decided in place, a chain head moves). */
export const ATTENDANCE_APPEND_ONLY_TABLES = [
  'punches',
  'punch_supersessions',
] as const satisfies readonly (typeof ATTENDANCE_TABLES)[number][]
