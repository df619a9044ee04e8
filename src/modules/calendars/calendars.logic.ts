/**
 * What a calendar feed says (docs/decisions/0020-calendars-and-presence.md), as pure functions:
 * which days it covers, how each absence is titled and in which state it stands, so that a client
 * updating its copy keeps the same event (UID) and sees that it changed (SEQUENCE).
 */
import { addDays } from '../../lib/calendar.js'

/** From three months back to twelve ahead of today. */
export function feedWindow(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const shifted = (months: number) => {
    const total = y * 12 + (m - 1) + months
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`
  }
  return { from: `${shifted(-3)}-01`, to: addDays(`${shifted(13)}-01`, -1) }
}

/**
 * A holiday's DTSTAMP: 1 January of its year, but never after the first of the current month.
 * DTSTAMP says when the event's information was last changed (RFC 5545 §3.8.7.2), so it may not lie
 * in the future, and it must stay the same from one poll to the next so an unchanged feed keeps
 * its bytes and its ETag: next year's holidays move once a month at most.
 */
export function holidayStamp(date: string, today: string): string {
  const yearStart = `${date.slice(0, 4)}-01-01`
  const monthStart = `${today.slice(0, 7)}-01`
  return `${yearStart < monthStart ? yearStart : monthStart}T00:00:00.000Z`
}

export type FeedStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'

/**
 * An absence's status in the feed and its SEQUENCE, which only grows as it moves on: requested
 * (tentative, 0), decided (confirmed, or cancelled when rejected: 1), cancelled (one more than
 * where it was).
 */
export function feedState(absence: { status: string; decided_at: string | null }): {
  status: FeedStatus
  sequence: number
} {
  switch (absence.status) {
    case 'pending':
      return { status: 'TENTATIVE', sequence: 0 }
    case 'approved':
      return { status: 'CONFIRMED', sequence: 1 }
    case 'rejected':
      return { status: 'CANCELLED', sequence: 1 }
    default:
      return { status: 'CANCELLED', sequence: absence.decided_at ? 2 : 1 }
  }
}

/** The words of a feed, in the company's language. */
export const FEED_WORDS = {
  es: {
    away: 'Fuera de la oficina',
    holiday: 'Festivo',
    me: 'Mis ausencias',
    team: 'Ausencias del equipo',
    company: 'Ausencias',
  },
  en: { away: 'Out of office', holiday: 'Holiday', me: 'My absences', team: 'Team absences', company: 'Absences' },
} as const

/**
 * An absence's title: "Out of office", with the person's name in a feed that covers more than its
 * owner. A feed that shows types names vacation only (the types that consume vacation days): were
 * every other type named, "Out of office" would come to mean sick leave. Sick leave, and every
 * type a company adds for health or family reasons, stay "Out of office" with all the rest.
 */
export function absenceTitle(
  absence: { type_label: string; type_is_vacation: boolean; full_name: string },
  feed: { scope: 'me' | 'team' | 'company'; show_types: boolean },
  words: { away: string },
): string {
  const what = feed.show_types && absence.type_is_vacation ? absence.type_label : words.away
  return feed.scope === 'me' ? what : `${absence.full_name}: ${what}`
}
