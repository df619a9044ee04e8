/**
 * Calendar feeds (docs/decisions/0020-calendars-and-presence.md): a person subscribes their
 * calendar application to an address whose secret is its only credential. The feed shows the
 * absences of the people its scope covers as its owner may see them today (the owner deactivated,
 * or no longer in HR for a company feed: the address answers 404), and the company's holidays, from
 * three months back to twelve ahead.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canManageHrFields, seesEveryonesRecords } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import type { TenantRow, UserRow } from '../../db/schema.js'
import type { CalendarFeedRow } from './calendars.tables.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { todayIn } from '../../lib/calendar.js'
import { newId } from '../../lib/ids.js'
import { formatCalendarToken, newSecret, parseCalendarToken, secretMatches, sha256Hex } from '../../lib/secrets.js'
import { loadHolidayCalendars, placeOf } from '../holidays/index.js'
import { findTenant } from '../tenants/index.js'
import { findUserRow } from '../users/index.js'
import { type FeedEvent, icsOf } from './calendars.ics.js'
import { FEED_WORDS, absenceTitle, feedState, feedWindow, holidayStamp } from './calendars.logic.js'
import * as repo from './calendars.repository.js'
import type { CalendarFeedType, CreateCalendarFeedBodyType, CreatedCalendarFeedType } from './calendars.schemas.js'

/** Feeds a person keeps at once: each is an address to guard, and each costs a read per poll. */
export const MAX_FEEDS_PER_PERSON = 10

/** The path of a feed's address; `baseUrl` is the service's public address. */
export function feedPath(token: string): string {
  return `/calendar/${token}.ics`
}

function feedToApi(row: CalendarFeedRow): CalendarFeedType {
  return { id: row.id, scope: row.scope, show_types: row.show_types, created_at: row.created_at }
}

export async function createFeed(
  scope: RequestScope,
  body: CreateCalendarFeedBodyType,
  baseUrl: string,
): Promise<CreatedCalendarFeedType> {
  const { auth } = scope
  if (body.scope === 'company' && !seesEveryonesRecords(auth))
    throw permissionDenied('Only HR and administrators subscribe to the whole company’s absences')
  return inTransaction(scope, async (tx) => {
    await lockRow(tx.db, 'users', auth.tenantId, auth.actor.id)
    if ((await repo.activeFeedsOf(tx.db, auth.tenantId, auth.actor.id)).length >= MAX_FEEDS_PER_PERSON)
      throw new AppError(
        'calendar_feed_limit_reached',
        `You keep ${MAX_FEEDS_PER_PERSON} calendar feeds already: revoke one (DELETE /api/v1/calendar-feeds/{id}) first`,
      )
    const secret = newSecret()
    const row: CalendarFeedRow = {
      id: newId('calendarFeed'),
      tenant_id: auth.tenantId,
      user_id: auth.actor.id,
      scope: body.scope,
      show_types: body.show_types ?? false,
      secret_hash: sha256Hex(secret),
      created_at: nowIsoOf(tx),
      revoked_at: null,
    }
    await repo.insertFeed(tx.db, row)
    return { ...feedToApi(row), url: `${baseUrl}${feedPath(formatCalendarToken(row.id, secret))}` }
  })
}

/** The caller's own feeds that still work. */
export async function listFeeds(scope: RequestScope) {
  const { db, auth } = scope
  const rows = await repo.activeFeedsOf(db, auth.tenantId, auth.actor.id)
  return { data: rows.map(feedToApi), meta: { page: 1, page_size: MAX_FEEDS_PER_PERSON, total: rows.length } }
}

/**
 * One of the caller's feeds that still works, as the list shows it: never its address, which
 * only the create's answer gives. Another's, a revoked one or an unknown id is 404.
 */
export async function getFeed(scope: RequestScope, feedId: string): Promise<CalendarFeedType> {
  const { auth } = scope
  const feed = await repo.findFeed(scope.db, feedId)
  if (!feed || feed.tenant_id !== auth.tenantId || feed.user_id !== auth.actor.id || feed.revoked_at)
    throw notFound('Calendar feed')
  return feedToApi(feed)
}

/** Revokes one of the caller's feeds: its address answers 404 from now on. Another's is 404. */
export async function revokeFeed(scope: RequestScope, feedId: string): Promise<void> {
  const { auth } = scope
  const feed = await repo.findFeed(scope.db, feedId)
  if (!feed || feed.tenant_id !== auth.tenantId || feed.user_id !== auth.actor.id || feed.revoked_at)
    throw notFound('Calendar feed')
  await repo.revokeFeed(scope.db, auth.tenantId, feedId, nowIsoOf(scope))
}

export interface FeedCalendar {
  feedId: string
  body: string
  /** A strong validator of the body: calendar clients poll with If-None-Match. */
  etag: string
}

/** A feed whose address checked out, with its owner and company as they are now. */
export interface LiveFeed {
  feed: CalendarFeedRow
  owner: UserRow
  tenant: TenantRow
}

/**
 * The feed behind an address at the unit's moment, or null (404) when the address is not a
 * feed's, the feed was revoked, its owner is no longer active, or a company feed's owner no longer
 * sees everyone's records.
 */
export async function liveFeed(unit: Unit, token: string): Promise<LiveFeed | null> {
  const { db } = unit
  const parsed = parseCalendarToken(token)
  if (!parsed) return null
  const feed = await repo.findFeed(db, parsed.feedId)
  if (!feed || feed.revoked_at || !secretMatches(parsed.secret, feed.secret_hash)) return null
  const [owner, tenant] = await Promise.all([
    findUserRow(db, feed.tenant_id, feed.user_id),
    findTenant(db, feed.tenant_id),
  ])
  if (owner?.status !== 'active' || !tenant) return null
  const actor = {
    id: owner.id,
    email: owner.email,
    fullName: owner.full_name,
    role: owner.role,
    departmentId: owner.department_id,
    representative: owner.representative,
  }
  if (feed.scope === 'company' && !canManageHrFields(actor, tenant.hr_department_id)) return null
  return { feed, owner, tenant }
}

/** The calendar of a live feed at the unit's moment. */
export async function feedCalendar(unit: Unit, { feed, owner, tenant }: LiveFeed): Promise<FeedCalendar> {
  const { db } = unit
  const today = todayIn(tenant.timezone, new Date(unit.now))
  const { from, to } = feedWindow(today)
  const coverage: repo.Coverage =
    feed.scope === 'company' ? { kind: 'company' } : { kind: feed.scope, userId: owner.id }
  // Calendar applications poll: while nothing the text depends on changed, it is served again.
  const version = JSON.stringify([
    await repo.feedFingerprint(db, tenant.id, coverage, from, to),
    today,
    feed.show_types,
    tenant.language,
    tenant.timezone,
    tenant.country,
    tenant.region,
    tenant.legal_name ?? tenant.name,
  ])
  const kept = texts.get(feed.id, version)
  if (kept) return kept
  const [absences, holidaysOf] = await Promise.all([
    repo.absencesForFeed(db, tenant.id, coverage, from, to),
    loadHolidayCalendars(db, tenant.id, from, to),
  ])
  const words = FEED_WORDS[tenant.language]
  const events: FeedEvent[] = absences.map((a) => ({
    uid: `${a.id}@jornada`,
    title: absenceTitle(a, feed, words),
    ...feedState(a),
    stamp: a.updated_at,
    startDate: a.start_date,
    endDate: a.end_date,
    hours: a.start_time && a.end_time ? { start: a.start_time, end: a.end_time } : null,
    busy: true,
  }))
  for (const [date, holiday] of [...holidaysOf(placeOf(tenant, null))].sort(([a], [b]) => a.localeCompare(b)))
    events.push({
      uid: `holiday-${date}-${tenant.id}@jornada`,
      title: `${words.holiday}: ${holiday.name}`,
      status: 'CONFIRMED',
      sequence: 0,
      stamp: holidayStamp(date, today),
      startDate: date,
      endDate: date,
      hours: null,
      busy: false,
    })
  const body = icsOf(`${words[feed.scope]} · ${tenant.legal_name ?? tenant.name}`, tenant.timezone, events)
  return texts.set(feed.id, version, { feedId: feed.id, body, etag: `"${sha256Hex(body).slice(0, 32)}"` })
}

/**
 * Feeds' texts with the version of what they were written from, the least recently used dropped
 * beyond a budget of memory: a company's feed of 20,000 absences is about 6 MiB and takes a few
 * hundred milliseconds to write, its version a few aggregates. Each instance keeps its own.
 */
class FeedTexts {
  readonly #entries = new Map<string, { version: string; calendar: FeedCalendar; bytes: number }>()
  #bytes = 0

  constructor(private readonly budgetBytes: number) {}

  get(feedId: string, version: string): FeedCalendar | null {
    const entry = this.#entries.get(feedId)
    if (!entry || entry.version !== version) return null
    this.#entries.delete(feedId)
    this.#entries.set(feedId, entry) // most recently used last
    return entry.calendar
  }

  set(feedId: string, version: string, calendar: FeedCalendar): FeedCalendar {
    const old = this.#entries.get(feedId)
    if (old) {
      this.#bytes -= old.bytes
      this.#entries.delete(feedId)
    }
    const bytes = calendar.body.length * 2
    if (bytes > this.budgetBytes) return calendar
    this.#entries.set(feedId, { version, calendar, bytes })
    this.#bytes += bytes
    for (const [id, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break
      this.#entries.delete(id)
      this.#bytes -= entry.bytes
    }
    return calendar
  }
}

const texts = new FeedTexts(64 * 1_048_576)
