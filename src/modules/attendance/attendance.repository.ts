/**
 * Punch and attendance queries. Punches are only ever inserted: there is no update or delete
 * here. A punch an approved correction moved or voided stays stored; a row of its own in
 * punch_supersessions marks it superseded, and the "effective" punches are those without one.
 */
import { type Expression, type Kysely, type SqlBool, expressionBuilder, sql } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import type { PunchChainHeadRow, PunchRow } from './attendance.tables.js'
import type { Page } from '../../lib/pagination.js'
import type { ChainEntry, Supersession } from './punch-chain.js'

type Db = Kysely<Database>

/** Appends a punch (call inside the transaction that also moves the chain head). */
export async function insertPunch(db: Db, row: PunchRow): Promise<void> {
  await db.insertInto('punches').values(row).execute()
}

/** Rows per INSERT: well under both engines' limits on bound parameters (15 columns a row). */
const PUNCHES_PER_INSERT = 500

export async function insertPunches(db: Db, rows: readonly PunchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PUNCHES_PER_INSERT)
    await db
      .insertInto('punches')
      .values(rows.slice(i, i + PUNCHES_PER_INSERT))
      .execute()
}

/** Moves employees' chain heads to their newest links (a punch or a correction): one statement for all. */
export async function moveChainHeads(
  db: Db,
  tenantId: string,
  heads: readonly { user_id: string; seq: number; hash: string }[],
): Promise<void> {
  if (heads.length === 0) return
  await db
    .insertInto('punch_chain_heads')
    .values(heads.map((h) => ({ user_id: h.user_id, tenant_id: tenantId, seq: h.seq, hash: h.hash })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ seq: eb.ref('excluded.seq'), hash: eb.ref('excluded.hash') })),
    )
    .execute()
}

/** Marks punches superseded by an approved correction: rows of their own, never a change to the punch. */
export async function insertSupersessions(
  db: Db,
  rows: { punch_id: string; tenant_id: string; user_id: string; correction_id: string; created_at: string }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('punch_supersessions').values(rows).execute()
}

/**
 * Ids of one punch per employee, chosen by `newest` among that employee's punches: a correlated
 * subquery per employee, each an index probe, in one statement however many employees there are.
 * Employees without punches give null. The punches are then looked up by these ids alone
 * (the subquery already keeps to the tenant): with the tenant as well, SQLite scans the tenant's
 * punches by the tenant index instead of probing the primary key.
 */
function newestPunchIdOfEach(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  newest: 'by seq' | 'effective by ts' | 'effective in by ts',
) {
  return db
    .selectFrom('users as u')
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', 'in', userIds)
    .select((eb) => {
      const punches = eb
        .selectFrom('punches as p')
        .select('p.id')
        .where('p.tenant_id', '=', tenantId)
        .whereRef('p.user_id', '=', 'u.id')
      const chosen =
        newest === 'by seq'
          ? punches.orderBy('p.seq', 'desc')
          : (newest === 'effective in by ts' ? punches.where('p.type', '=', 'in') : punches)
              .leftJoin('punch_supersessions as s', 's.punch_id', 'p.id')
              .where('s.punch_id', 'is', null)
              .orderBy('p.ts', 'desc')
              .orderBy('p.id', 'desc')
      return chosen.limit(1).as('punch_id')
    })
}

/** For each of these employees, the punch with the highest seq (the chain's last punch before heads were recorded). */
export async function lastPunchesBySeq(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<Pick<PunchRow, 'user_id' | 'seq' | 'hash'>[]> {
  if (userIds.length === 0) return []
  return db
    .selectFrom('punches')
    .select(['user_id', 'seq', 'hash'])
    .where('id', 'in', newestPunchIdOfEach(db, tenantId, userIds, 'by seq'))
    .execute()
}

export type EffectivePunch = Pick<PunchRow, 'id' | 'type' | 'ts' | 'modality'>

/** One employee's punches that no approved correction superseded (`p`), to select from. */
function unsuperseded(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('punches as p')
    .leftJoin('punch_supersessions as s', 's.punch_id', 'p.id')
    .where('p.tenant_id', '=', tenantId)
    .where('p.user_id', '=', userId)
    .where('s.punch_id', 'is', null)
}

function effectivePunches(db: Db, tenantId: string, userId: string) {
  return unsuperseded(db, tenantId, userId).select(['p.id', 'p.type', 'p.ts', 'p.modality'])
}

/** For each of these employees, the latest effective punch: what their next punch must follow. */
export function lastEffectivePunches(db: Db, tenantId: string, userIds: readonly string[]) {
  return newestEffective(db, tenantId, userIds, 'effective by ts')
}

/** For each of these employees, their latest effective `in`: where their current (or last) session began. */
export function lastEffectiveIns(db: Db, tenantId: string, userIds: readonly string[]) {
  return newestEffective(db, tenantId, userIds, 'effective in by ts')
}

/** One employee's latest effective `in` before `beforeIso`: where the session open then began. */
export function lastEffectiveInBefore(db: Db, tenantId: string, userId: string, beforeIso: string) {
  return effectivePunches(db, tenantId, userId)
    .where('p.type', '=', 'in')
    .where('p.ts', '<', beforeIso)
    .orderBy('p.ts', 'desc')
    .limit(1)
    .executeTakeFirst()
}

async function newestEffective(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  newest: 'effective by ts' | 'effective in by ts',
): Promise<(EffectivePunch & { user_id: string })[]> {
  if (userIds.length === 0) return []
  return db
    .selectFrom('punches')
    .select(['user_id', 'id', 'type', 'ts', 'modality'])
    .where('id', 'in', newestPunchIdOfEach(db, tenantId, userIds, newest))
    .execute()
}

/** What one employee's next punch is judged against and linked after, as `punchingStateOf` reads it. */
export interface PunchingState {
  /** The latest effective punch. */
  last: Pick<PunchRow, 'type' | 'ts' | 'modality'> | undefined
  /** The latest effective `in`: where the current (or last) session began. */
  lastIn: Pick<PunchRow, 'ts'> | undefined
  /** The recorded head of the chain. */
  head: { seq: number; hash: string } | undefined
  /** The punch with the highest seq (beyond the head only if written without heads). */
  lastBySeq: { seq: number; hash: string } | undefined
}

type StateRow = {
  kind: 'last' | 'in' | 'head' | 'by seq'
  type: PunchRow['type'] | null
  ts: string | null
  modality: PunchRow['modality'] | null
  seq: number | null
  hash: string | null
}

// A clock-in reads these four on every punch: one statement, compiled once, instead of four.
const punchingStateOfOne = reusableQuery((db: Db, tenantId: string, userId: string) => {
  const noText = sql<string | null>`cast(null as text)`
  const noInteger = sql<number | null>`cast(null as integer)`
  const newest = (onlyIn: boolean) => {
    const punches = unsuperseded(db, tenantId, userId)
    return (onlyIn ? punches.where('p.type', '=', 'in') : punches)
      .select(['p.type', 'p.ts', 'p.modality'])
      .orderBy('p.ts', 'desc')
      .orderBy('p.id', 'desc')
      .limit(1)
  }
  const bySeq = db
    .selectFrom('punches')
    .select(['seq', 'hash'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(1)
  return db
    .selectFrom(newest(false).as('l'))
    .select([
      sql<StateRow['kind']>`'last'`.as('kind'),
      sql.ref<StateRow['type']>('l.type').as('type'),
      sql.ref<string | null>('l.ts').as('ts'),
      sql.ref<StateRow['modality']>('l.modality').as('modality'),
      noInteger.as('seq'),
      noText.as('hash'),
    ])
    .unionAll(
      db
        .selectFrom(newest(true).as('i'))
        .select([
          sql<StateRow['kind']>`'in'`.as('kind'),
          sql.ref<StateRow['type']>('i.type').as('type'),
          sql.ref<string | null>('i.ts').as('ts'),
          sql.ref<StateRow['modality']>('i.modality').as('modality'),
          noInteger.as('seq'),
          noText.as('hash'),
        ]),
    )
    .unionAll(
      db
        .selectFrom('punch_chain_heads as h')
        .where('h.tenant_id', '=', tenantId)
        .where('h.user_id', '=', userId)
        .select([
          sql<StateRow['kind']>`'head'`.as('kind'),
          sql<StateRow['type']>`cast(null as text)`.as('type'),
          noText.as('ts'),
          sql<StateRow['modality']>`cast(null as text)`.as('modality'),
          sql.ref<number | null>('h.seq').as('seq'),
          sql.ref<string | null>('h.hash').as('hash'),
        ]),
    )
    .unionAll(
      db
        .selectFrom(bySeq.as('b'))
        .select([
          sql<StateRow['kind']>`'by seq'`.as('kind'),
          sql<StateRow['type']>`cast(null as text)`.as('type'),
          noText.as('ts'),
          sql<StateRow['modality']>`cast(null as text)`.as('modality'),
          sql.ref<number | null>('b.seq').as('seq'),
          sql.ref<string | null>('b.hash').as('hash'),
        ]),
    )
})

/**
 * One employee's latest effective punch, latest effective `in`, chain head and last punch by seq,
 * in one statement: what `lastEffectivePunches`, `lastEffectiveIns`, `chainHeads` and
 * `lastPunchesBySeq` answer for many.
 */
export async function punchingStateOf(db: Db, tenantId: string, userId: string): Promise<PunchingState> {
  const rows = (await punchingStateOfOne(db, tenantId, userId)) as StateRow[]
  const state: PunchingState = { last: undefined, lastIn: undefined, head: undefined, lastBySeq: undefined }
  for (const row of rows) {
    if (row.kind === 'last') state.last = { type: row.type!, ts: row.ts!, modality: row.modality! }
    else if (row.kind === 'in') state.lastIn = { ts: row.ts! }
    else if (row.kind === 'head') state.head = { seq: Number(row.seq), hash: row.hash! }
    else state.lastBySeq = { seq: Number(row.seq), hash: row.hash! }
  }
  return state
}

/** Active employees of the company whose latest effective punch is not an `out`: a session is open. */
export async function usersWithOpenSessions(db: Db, tenantId: string): Promise<string[]> {
  const ids = (
    await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute()
  ).map((u) => u.id)
  const open: string[] = []
  for (let i = 0; i < ids.length; i += 500) {
    const lasts = await lastEffectivePunches(db, tenantId, ids.slice(i, i + 500))
    for (const last of lasts) if (last.type !== 'out') open.push(last.user_id)
  }
  return open
}

/** The effective punches of one employee from `fromIso` on, in time order: an open session's. */
export async function effectivePunchesFrom(
  db: Db,
  tenantId: string,
  userId: string,
  fromIso: string,
): Promise<EffectivePunch[]> {
  return effectivePunches(db, tenantId, userId).where('p.ts', '>=', fromIso).orderBy('p.ts').limit(1000).execute()
}

/**
 * The effective punches a correction touching [fromIso, toIso] has to fit between: the last one
 * before, those within, and the first one after.
 */
export async function effectivePunchesAround(db: Db, tenantId: string, userId: string, fromIso: string, toIso: string) {
  // One after the other: corrections read these inside a transaction, whose connection runs one query at a time.
  const before = await effectivePunches(db, tenantId, userId)
    .where('p.ts', '<', fromIso)
    .orderBy('p.ts', 'desc')
    .limit(1)
    .executeTakeFirst()
  const within = await effectivePunches(db, tenantId, userId)
    .where('p.ts', '>=', fromIso)
    .where('p.ts', '<=', toIso)
    .orderBy('p.ts')
    .execute()
  const after = await effectivePunches(db, tenantId, userId)
    .where('p.ts', '>', toIso)
    .orderBy('p.ts')
    .limit(1)
    .executeTakeFirst()
  return { before, within, after }
}

/** Punches of one employee with the given ids, and the correction that superseded each (if any). */
export async function punchesByIds(db: Db, tenantId: string, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('punches as p')
    .leftJoin('punch_supersessions as s', 's.punch_id', 'p.id')
    .select(['p.id', 'p.type', 'p.ts', 'p.modality', 's.correction_id as superseded_by'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.user_id', '=', userId)
    .where('p.id', 'in', ids)
    .execute()
}

export type PunchSlice = Pick<PunchRow, 'user_id' | 'type' | 'ts' | 'modality' | 'correction_id' | 'credential_origin'>

/** Effective punches with fromIso <= ts < toIso of one employee or of several, by employee then time. */
function punchSlices(db: Db, tenantId: string, users: string | readonly string[], fromIso: string, toIso: string) {
  const q = db
    .selectFrom('punches as p')
    .leftJoin('punch_supersessions as s', 's.punch_id', 'p.id')
    .select(['p.user_id', 'p.type', 'p.ts', 'p.modality', 'p.correction_id', 'p.credential_origin'])
    .where('p.tenant_id', '=', tenantId)
  return (typeof users === 'string' ? q.where('p.user_id', '=', users) : q.where('p.user_id', 'in', users))
    .where('p.ts', '>=', fromIso)
    .where('p.ts', '<', toIso)
    .where('s.punch_id', 'is', null)
    .orderBy('p.user_id')
    .orderBy('p.ts')
}

// One employee's (every page of the daily record) is compiled once; IN lists vary in length.
const punchesOfOneUser = reusableQuery((db: Db, tenantId: string, userId: string, fromIso: string, toIso: string) =>
  punchSlices(db, tenantId, userId, fromIso, toIso),
)

/** Effective punches of the given users with fromIso <= ts < toIso, by user then time. */
export async function punchesBetween(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  fromIso: string,
  toIso: string,
): Promise<PunchSlice[]> {
  if (userIds.length === 0) return []
  if (userIds.length === 1) return punchesOfOneUser(db, tenantId, userIds[0]!, fromIso, toIso)
  return punchSlices(db, tenantId, userIds, fromIso, toIso).execute()
}

function supersededMoments(
  db: Db,
  tenantId: string,
  users: string | readonly string[],
  startIso: string,
  endIso: string,
) {
  const q = db
    .selectFrom('punch_supersessions as s')
    .innerJoin('punches as p', 'p.id', 's.punch_id')
    .select(['p.user_id', 'p.ts'])
    .where('s.tenant_id', '=', tenantId)
    .where('p.tenant_id', '=', tenantId)
  // The punches' user as well as the supersessions': the punches' (tenant, user, ts) index then bounds the read.
  return (
    typeof users === 'string'
      ? q.where('s.user_id', '=', users).where('p.user_id', '=', users)
      : q.where('s.user_id', 'in', users).where('p.user_id', 'in', users)
  )
    .where('p.ts', '>=', startIso)
    .where('p.ts', '<', endIso)
}

// One employee's (a worker's monthly record) is compiled once; IN lists vary in length.
const supersededMomentsOfOne = reusableQuery(
  (db: Db, tenantId: string, userId: string, startIso: string, endIso: string) =>
    supersededMoments(db, tenantId, userId, startIso, endIso),
)

/** Moments of the users' punches in [startIso, endIso) that an approved correction moved or voided: one query for all. */
export async function supersededPunchMoments(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  startIso: string,
  endIso: string,
): Promise<{ user_id: string; ts: string }[]> {
  if (userIds.length === 0) return []
  if (userIds.length === 1) return supersededMomentsOfOne(db, tenantId, userIds[0]!, startIso, endIso)
  return supersededMoments(db, tenantId, userIds, startIso, endIso).execute()
}

/**
 * A condition on an employee id, for another module's list of employees: the employee has a
 * stored punch (superseded ones included) with fromIso <= ts < toIso. It is correlated (EXISTS
 * on the id it is given), so each employee costs one probe of the (tenant, user, ts) index.
 */
export function punchedBetween(
  tenantId: string,
  fromIso: string,
  toIso: string,
): (userId: Expression<string>) => Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>()
  return (userId) =>
    eb.exists(
      eb
        .selectFrom('punches as p')
        .select('p.id')
        .where('p.tenant_id', '=', tenantId)
        .where('p.user_id', '=', userId)
        .where('p.ts', '>=', fromIso)
        .where('p.ts', '<', toIso),
    )
}

/** The instant of the company's earliest punch, or null: where its record begins. */
export async function firstPunchAt(db: Db, tenantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('punches')
    .select((eb) => eb.fn.min('ts').as('first'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst()
  return (row?.first as string | null | undefined) ?? null
}

/** Punches written at or after `sinceIso` whose instant is before `beforeIso`: pushed late into an ended month. */
export async function punchesWrittenSince(db: Db, tenantId: string, sinceIso: string, beforeIso: string) {
  return db
    .selectFrom('punches')
    .select(['user_id', 'ts'])
    .where('tenant_id', '=', tenantId)
    .where('created_at', '>=', sinceIso)
    .where('ts', '<', beforeIso)
    .execute()
}

/**
 * The effective punches after `fromIso` up to and including the user's next `out` or `in`: the
 * rest of a session that started inside a range and ended after it (a night shift on the last
 * day), or the `in` that came after it when it was left open.
 */
export async function restOfSession(db: Db, tenantId: string, userId: string, fromIso: string): Promise<PunchSlice[]> {
  const later = () => unsuperseded(db, tenantId, userId).where('p.ts', '>=', fromIso)
  const nextEnd = await later()
    .select('p.ts')
    .where('p.type', 'in', ['out', 'in'])
    .orderBy('p.ts')
    .limit(1)
    .executeTakeFirst()
  let q = later().select(['p.user_id', 'p.type', 'p.ts', 'p.modality', 'p.correction_id', 'p.credential_origin'])
  if (nextEnd) q = q.where('p.ts', '<=', nextEnd.ts)
  return q.orderBy('p.ts').execute()
}

export type PunchLogRow = PunchRow & { superseded_by: string | null }

/** Every stored punch of one employee with fromIso <= ts < toIso, superseded ones included, by time then id. */
export async function punchLog(
  db: Db,
  tenantId: string,
  userId: string,
  fromIso: string,
  toIso: string,
  window: { limit: number; offset: number },
): Promise<Page<PunchLogRow>> {
  const filtered = db
    .selectFrom('punches as p')
    .where('p.tenant_id', '=', tenantId)
    .where('p.user_id', '=', userId)
    .where('p.ts', '>=', fromIso)
    .where('p.ts', '<', toIso)
  return paginate(filtered, window, (q) =>
    q
      .leftJoin('punch_supersessions as s', 's.punch_id', 'p.id')
      .selectAll('p')
      .select('s.correction_id as superseded_by')
      .orderBy('p.ts')
      .orderBy('p.id'),
  )
}

/** One user's chain in `seq` order: their punches and approved corrections, for verification. */
export async function punchChain(db: Db, tenantId: string, userId: string): Promise<ChainEntry[]> {
  const [punches, corrections] = await Promise.all([
    db
      .selectFrom('punches')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('punch_corrections')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('seq', 'is not', null)
      .orderBy('seq')
      .execute(),
  ])
  const entries: ChainEntry[] = [
    ...punches.map((p) => ({ kind: 'punch' as const, ...p, seq: Number(p.seq), hash_version: Number(p.hash_version) })),
    ...corrections.map((c) => ({
      kind: 'correction' as const,
      id: c.id,
      tenant_id: c.tenant_id,
      user_id: c.user_id,
      seq: Number(c.seq),
      reason: c.reason,
      changes: c.changes,
      first_ts: c.first_ts,
      last_ts: c.last_ts,
      proposed_by: c.proposed_by,
      proposed_at: c.proposed_at,
      decided_by: c.decided_by ?? '',
      decided_at: c.decided_at ?? '',
      decision_note: c.decision_note,
      decision_credential_origin: c.decision_credential_origin,
      prev_hash: c.prev_hash,
      hash: c.hash ?? '',
    })),
  ]
  return entries.sort((a, b) => a.seq - b.seq)
}

/**
 * Corrections of one user whose status does not match their place in the chain: a link of the
 * chain that no longer says approved, or an approved one that is not a link.
 */
export async function correctionsOutOfStep(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<{ id: string; seq: number | null }[]> {
  return db
    .selectFrom('punch_corrections')
    .select(['id', 'seq'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('seq', 'is not', null), eb('status', '!=', 'approved')]),
        eb.and([eb('seq', 'is', null), eb('status', '=', 'approved')]),
      ]),
    )
    .execute()
}

/** The punches of one user marked superseded, and by which correction. */
export async function supersessionsOf(db: Db, tenantId: string, userId: string): Promise<Supersession[]> {
  return db
    .selectFrom('punch_supersessions')
    .select(['punch_id', 'correction_id'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute()
}

/** The recorded head of an employee's punch chain: its last seq and hash. */
export async function chainHead(db: Db, tenantId: string, userId: string): Promise<PunchChainHeadRow | undefined> {
  return db
    .selectFrom('punch_chain_heads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

// A worker's monthly record reads it on every request: compiled once.
const chainHeadOfOne = reusableQuery((db: Db, tenantId: string, userId: string) =>
  db
    .selectFrom('punch_chain_heads')
    .select(['seq', 'hash'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId),
)

/** The last link of the employee's chain (punches and approved corrections), or undefined before the first punch. */
export async function chainHeadOf(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<{ seq: number; hash: string } | undefined> {
  return (await chainHeadOfOne(db, tenantId, userId))[0]
}

/** The recorded heads of these employees' chains. */
export async function chainHeads(db: Db, tenantId: string, userIds: readonly string[]): Promise<PunchChainHeadRow[]> {
  if (userIds.length === 0) return []
  return db
    .selectFrom('punch_chain_heads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .execute()
}

/** Every employee id of the company. */
export async function employeeIds(db: Db, tenantId: string): Promise<string[]> {
  return (await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()).map((r) => r.id)
}

/** Employees with a punch chain: with punches, or with a recorded head (their punches may be gone). */
export async function usersWithChains(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('punches')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .union(db.selectFrom('punch_chain_heads').select('user_id').where('tenant_id', '=', tenantId))
    .execute()
  return rows.map((r) => r.user_id).sort()
}
