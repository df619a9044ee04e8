/**
 * Writes a feed as iCalendar (RFC 5545) with ical-generator: it folds lines, escapes text, writes
 * DATE values for whole days and TZID-bound times for hours, and takes the VTIMEZONE of each zone
 * used from timezones-ical-library (generated from the IANA database), so clients place an hourly
 * absence right across a change of daylight-saving time.
 */
import ical, { ICalEventBusyStatus, ICalEventStatus, ICalEventTransparency } from 'ical-generator'
import { DateTime } from 'luxon'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import { addDays } from '../../lib/calendar.js'
import type { FeedStatus } from './calendars.logic.js'

export interface FeedEvent {
  uid: string
  title: string
  status: FeedStatus
  sequence: number
  /** When it last changed: the event's DTSTAMP, so an unchanged feed writes the same bytes. */
  stamp: string
  /** First and last day (YYYY-MM-DD); with `hours`, the one day and its HH:MM span. */
  startDate: string
  endDate: string
  hours: { start: string; end: string } | null
  /** Out of office (absences) or free (holidays). */
  busy: boolean
}

const STATUS: Record<FeedStatus, ICalEventStatus> = {
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CONFIRMED: ICalEventStatus.CONFIRMED,
  CANCELLED: ICalEventStatus.CANCELLED,
}

/** The calendar text of a feed's events; hours are in `zone`. */
export function icsOf(name: string, zone: string, events: readonly FeedEvent[]): string {
  const calendar = ical({
    name,
    prodId: '//Jornada//Calendar feed//ES',
    // No calendar-wide zone: each timed event names its own, and its VTIMEZONE is written once.
    timezone: { name: null, generator: (tz: string) => tzlib_get_ical_block(tz)[0] ?? null },
    ttl: 3600,
  })
  for (const e of events) {
    const timed = e.hours
      ? {
          start: DateTime.fromISO(`${e.startDate}T${e.hours.start}`, { zone }),
          end: DateTime.fromISO(`${e.startDate}T${e.hours.end}`, { zone }),
          timezone: zone,
        }
      : {
          start: DateTime.fromISO(e.startDate, { zone: 'utc' }),
          // DTEND of a whole-day event is the day after the last (exclusive).
          end: DateTime.fromISO(addDays(e.endDate, 1), { zone: 'utc' }),
          allDay: true,
        }
    calendar.createEvent({
      id: e.uid,
      ...timed,
      summary: e.title,
      status: STATUS[e.status],
      sequence: e.sequence,
      stamp: DateTime.fromISO(e.stamp, { zone: 'utc' }),
      busystatus: e.busy ? ICalEventBusyStatus.OOF : ICalEventBusyStatus.FREE,
      transparency: e.busy ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
    })
  }
  return calendar.toString()
}
