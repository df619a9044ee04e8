/**
 * Calendar feeds: the API to make, list and revoke them, and the address a calendar application
 * polls, `/calendar/{token}.ics`, outside the JSON API: the token in the address is its only
 * credential, every fetch counts against a limit per feed, and an unchanged calendar is a 304.
 */
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound, retryLater } from '../../errors.js'
import { type RateLimitStore, countRequest } from '../../http/rate-limit.js'
import { scopeOfRequest, unitOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import * as s from './calendars.schemas.js'
import { createFeed, feedCalendar, getFeed, listFeeds, liveFeed, revokeFeed } from './calendars.service.js'

const operation = operations('Calendars')

export const calendarFeedsApi: ApiModule = {
  schemas: [s.CalendarFeed, s.CreatedCalendarFeed],
  routes: (deps) => async (app) => {
    app.post(
      '/calendar-feeds',
      operation('calendar-feeds.create', {
        summary: 'Make a calendar feed of absences and holidays to subscribe to (its address is shown once)',
        description:
          'The feed shows, as you may see them today, the absences of the people its scope covers (approved ones confirmed, pending ones tentative, cancelled ones cancelled) and the company’s holidays, from three months back to twelve ahead. A company feed is for HR and administrators (403 otherwise). At most 10 feeds a person (409 `calendar_feed_limit_reached`).',
        body: s.CreateCalendarFeedBody,
        response: { 201: DataOf(s.CreatedCalendarFeed) },
        errors: [409],
      }),
      async (request, reply) => {
        const base = deps.publicUrl ?? `${request.protocol}://${request.host}`
        return reply.status(201).send({ data: await createFeed(scopeOfRequest(request), request.body, base) })
      },
    )
    app.get(
      '/calendar-feeds',
      operation('calendar-feeds.list', {
        summary: 'Your calendar feeds that still work (never their addresses)',
        response: { 200: ListOf(s.CalendarFeed) },
      }),
      async (request) => listFeeds(scopeOfRequest(request)),
    )
    app.get(
      '/calendar-feeds/:feed_id',
      operation('calendar-feeds.list', {
        operationId: 'calendar-feeds.get',
        summary: 'Get one of your calendar feeds that still work (scope calendar-feeds.list; never its address)',
        params: s.FeedIdParams,
        response: { 200: DataOf(s.CalendarFeed) },
        errors: [404],
      }),
      async (request) => ({ data: await getFeed(scopeOfRequest(request), request.params.feed_id) }),
    )
    app.delete(
      '/calendar-feeds/:feed_id',
      operation('calendar-feeds.delete', {
        summary: 'Revoke one of your calendar feeds: its address answers 404 from now on',
        params: s.FeedIdParams,
        response: { 204: Type.Null({ description: 'Revoked' }) },
        errors: [404],
      }),
      async (request, reply) => {
        await revokeFeed(scopeOfRequest(request), request.params.feed_id)
        return reply.status(204).send(null)
      },
    )
  },
}

/** Fetches of one feed allowed a minute: a calendar application polls every few minutes at most. */
export const FEED_FETCHES_PER_MINUTE = 30
/** Addresses that are no feed's, tried from one network address a minute: guessing is slow. */
export const WRONG_ADDRESSES_PER_MINUTE = 30

const FEED_PATH = /^(jcf_[0-9A-Z]{26}_[A-Za-z0-9_-]{20,100})\.ics$/

export function registerCalendarFeedPages(app: FastifyInstance, settings: { rateLimit: RateLimitStore }): void {
  // Not the API's count per network address: a calendar provider's fetchers, or an office behind
  // one address, poll many valid feeds. Valid addresses count per feed, wrong ones per network
  // address, so nobody can spend another's feed's budget by guessing at its secret.
  const page = { config: { access: 'public' as const, rateLimit: false as const }, schema: { hide: true } }
  app.get('/calendar/:file', page, async (request, reply) => {
    const file = (request.params as { file: string }).file
    const token = FEED_PATH.exec(file)?.[1]
    const unit = unitOfRequest(request)
    const live = token ? await liveFeed(unit, token) : null
    const counted = live
      ? await countRequest(settings.rateLimit, `calendar:${live.feed.id}`, FEED_FETCHES_PER_MINUTE, request.log)
      : await countRequest(settings.rateLimit, `calendar-miss:${request.ip}`, WRONG_ADDRESSES_PER_MINUTE, request.log)
    if (counted && !counted.allowed)
      throw retryLater('rate_limited', 'This calendar feed is fetched too often; try again later', counted.resetMs)
    if (!live) throw notFound('Calendar feed')
    const calendar = await feedCalendar(unit, live)
    reply
      .header('Cache-Control', 'private, max-age=900')
      .header('ETag', calendar.etag)
      .header('Referrer-Policy', 'no-referrer')
    if (request.headers['if-none-match'] === calendar.etag) return reply.status(304).send()
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="jornada.ics"')
      .send(calendar.body)
  })
}
