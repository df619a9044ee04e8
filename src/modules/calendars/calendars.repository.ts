/** What calendar feeds read and write: the feeds, and the absences a feed shows. */
import { teamOf } from '../../db/team.js'
import type { CalendarFeedRow } from './calendars.tables.js'
import type { Db } from '../../db/unit-of-work.js'

export async function insertFeed(db: Db, row: CalendarFeedRow): Promise<void> {
  await db.insertInto('calendar_feeds').values(row).execute()
}

export async function findFeed(db: Db, feedId: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('id', '=', feedId).executeTakeFirst()
}

/** A person's feeds that still work, newest first. */
export async function activeFeedsOf(db: Db, tenantId: string, userId: string): Promise<CalendarFeedRow[]> {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function revokeFeed(db: Db, tenantId: string, feedId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('calendar_feeds')
    .set({ revoked_at: nowIso })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', feedId)
    .execute()
}

/** Who a feed covers: its owner, their team (them and everyone below them), or every active employee. */
export type Coverage = { kind: 'me'; userId: string } | { kind: 'team'; userId: string } | { kind: 'company' }

/**
 * What a feed's text depends on, in a few aggregates: its absences (how many, the last change), the
 * people's names (their last change), the type labels and the company's holidays. Cheaper than
 * reading the absences themselves: a feed polled while nothing changed is served from memory.
 */
export async function feedFingerprint(db: Db, tenantId: string, coverage: Coverage, from: string, to: string) {
  const q = coveredAbsences(db, tenantId, coverage, from, to).select((eb) => [
    eb.fn.countAll<number>().as('absences'),
    // How many in each state: a decision made within the same millisecond as the request
    // still changes the version.
    ...(['pending', 'approved', 'rejected', 'cancelled'] as const).map((status) =>
      eb.fn.sum<number>(eb.case().when('a.status', '=', status).then(1).else(0).end()).as(status),
    ),
    eb.fn.max('a.updated_at').as('absences_changed'),
    eb.fn.max('u.updated_at').as('people_changed'),
    eb.fn.sum<number>(eb.fn('length', ['u.full_name'])).as('names'),
  ])
  // Who the feed covers, whether they have absences or not: a team changes as people move.
  let people = db
    .selectFrom('users as u')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('u.updated_at').as('changed')])
    .where('u.tenant_id', '=', tenantId)
  if (coverage.kind === 'me') people = people.where('u.id', '=', coverage.userId)
  if (coverage.kind === 'team') people = people.where('u.id', 'in', teamOf(tenantId, coverage.userId))
  const [absences, covered, types, holidays] = await Promise.all([
    q.executeTakeFirstOrThrow(),
    people.executeTakeFirstOrThrow(),
    db
      .selectFrom('absence_types')
      .select(['key', 'label', 'consumes_vacation'])
      .where('tenant_id', '=', tenantId)
      .orderBy('key')
      .execute(),
    db
      .selectFrom('company_holidays')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('changed')])
      .where('tenant_id', '=', tenantId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .executeTakeFirstOrThrow(),
  ])
  return JSON.stringify([absences, covered, types, holidays])
}

/**
 * The absences of the people a feed covers overlapping [from, to], in any status (a cancelled one
 * tells a client to drop its copy), with the type and the person's name. Only active employees.
 */
export async function absencesForFeed(db: Db, tenantId: string, coverage: Coverage, from: string, to: string) {
  return coveredAbsences(db, tenantId, coverage, from, to)
    .innerJoin('absence_types as t', (j) => j.onRef('t.id', '=', 'a.type_id').onRef('t.tenant_id', '=', 'a.tenant_id'))
    .select([
      'a.id',
      'a.user_id',
      'a.status',
      'a.start_date',
      'a.end_date',
      'a.start_time',
      'a.end_time',
      'a.decided_at',
      'a.updated_at',
      't.key as type_key',
      't.label as type_label',
      't.consumes_vacation as type_is_vacation',
      'u.full_name',
    ])
    .orderBy('a.start_date')
    .orderBy('a.id')
    .execute()
}

/** The absences overlapping [from, to] of the active people a feed covers, joined to them. */
function coveredAbsences(db: Db, tenantId: string, coverage: Coverage, from: string, to: string) {
  let q = db
    .selectFrom('absences as a')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'a.user_id').onRef('u.tenant_id', '=', 'a.tenant_id'))
    .where('a.tenant_id', '=', tenantId)
    .where('u.status', '=', 'active')
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
  if (coverage.kind === 'me') q = q.where('a.user_id', '=', coverage.userId)
  if (coverage.kind === 'team') q = q.where('a.user_id', 'in', teamOf(tenantId, coverage.userId))
  return q
}
