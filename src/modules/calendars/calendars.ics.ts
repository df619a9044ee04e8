/**
 * Writes a feed as iCalendar (RFC 5545) with ical-generator: it escapes text, writes DATE values
 * for whole days and TZID-bound times for hours, and takes the VTIMEZONE of each zone used from
 * timezones-ical-library (generated from the IANA database), so clients place an hourly absence
 * right across a change of daylight-saving time.
 *
 * Only the folding of long lines is done here. ical-generator folds the whole calendar at the end
 * with a TextEncoder made for every character: 2.6 s for a company's 20,000 absences, against
 * 80 ms to write them. So each event is written by the library and folded by `foldLines` below,
 * which leaves the usual short ASCII line as it is.
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
export function icsOf(name: string, companyZone: string, events: readonly FeedEvent[]): string {
  // The IANA name the VTIMEZONE block is written under: an alias (US/Eastern) is written as its
  // zone (America/New_York), and events must name the same TZID.
  const zone = /TZID:([^\r\n]+)/.exec(tzlib_get_ical_block(companyZone)[0] ?? '')?.[1] ?? companyZone
  const calendar = ical({
    name,
    prodId: '//Jornada//Calendar feed//ES',
    // No calendar-wide zone: each timed event names its own, and its VTIMEZONE is written once.
    timezone: { name: null, generator: (tz: string) => tzlib_get_ical_block(tz)[0] ?? null },
    ttl: 3600,
  })
  // The calendar's head, with the VTIMEZONE timed events need, from the library (a short text it
  // folds itself): written around a placeholder event in the zone, cut before that event.
  if (events.some((e) => e.hours))
    calendar.createEvent({ id: 'head', start: DateTime.fromISO('2000-01-01T00:00', { zone }), timezone: zone })
  const framed = calendar.toString()
  const cut = framed.indexOf('BEGIN:VEVENT')
  const head = cut === -1 ? framed.slice(0, framed.lastIndexOf('END:VCALENDAR')) : framed.slice(0, cut)
  const parts: string[] = [propertiesFirst(head)]
  for (const e of events) {
    const timed = e.hours
      ? {
          start: DateTime.fromISO(`${e.startDate}T${e.hours.start}`, { zone }),
          end: DateTime.fromISO(`${e.startDate}T${e.hours.end}`, { zone }),
          timezone: zone,
        }
      : {
          // Whole days are written from the instant's UTC date: midnight UTC is that date. DTEND
          // of a whole-day event is the day after the last (exclusive). Dates, not luxon: a
          // company's feed writes tens of thousands.
          start: new Date(`${e.startDate}T00:00:00Z`),
          end: new Date(`${addDays(e.endDate, 1)}T00:00:00Z`),
          allDay: true,
        }
    const event = calendar.createEvent({
      id: e.uid,
      ...timed,
      summary: e.title,
      status: STATUS[e.status],
      sequence: e.sequence,
      stamp: new Date(e.stamp),
      busystatus: e.busy ? ICalEventBusyStatus.OOF : ICalEventBusyStatus.FREE,
      transparency: e.busy ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
    })
    parts.push(foldLines(event.toString()))
  }
  parts.push('END:VCALENDAR')
  return parts.join('')
}

const TIME_ZONE_BLOCK = /BEGIN:VTIMEZONE\r\n[\s\S]*?END:VTIMEZONE\r\n/g

/**
 * The calendar's head with its properties (REFRESH-INTERVAL, X-PUBLISHED-TTL...) before its
 * VTIMEZONE components: RFC 5545 §3.4 puts `calprops` before `component`, and ical-generator
 * writes the time zones first. Strict parsers drop properties that come after a component.
 */
export function propertiesFirst(head: string): string {
  const zones = head.match(TIME_ZONE_BLOCK) ?? []
  return head.replace(TIME_ZONE_BLOCK, '') + zones.join('')
}

const PLAIN_SHORT_LINE = /^[\x20-\x7e]{0,75}$/

/**
 * Folds content lines longer than 75 octets (RFC 5545 §3.1): a CRLF and a space before the octet
 * that would pass 75, never inside a UTF-8 sequence or a surrogate pair.
 */
export function foldLines(text: string): string {
  const lines = text.split('\r\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (PLAIN_SHORT_LINE.test(line)) continue
    let folded = ''
    let octets = 0
    for (const char of line) {
      const size = Buffer.byteLength(char)
      if (octets + size > 75) {
        folded += '\r\n '
        octets = 1
      }
      folded += char
      octets += size
    }
    lines[i] = folded
  }
  return lines.join('\r\n')
}
