/**
 * Dates, times and durations as a person reads them: in the company's zone (the record's days are
 * the company's days, wherever the phone is), in the app's language, with Intl.
 */
import { language } from './i18n/index.js'
import { person } from './session.js'

const zone = () => person.value?.timeZone ?? 'Europe/Madrid'
const locale = () => (language.value === 'es' ? 'es-ES' : 'en-GB')

/** Making a formatter costs far more than using one (a calendar formats hundreds of dates): each is made once. */
const formatters = new Map<string, Intl.DateTimeFormat>()
function cached(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, found)
  }
  return found
}

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(locale(), { timeZone: zone(), ...options })
}

/** 09:05 */
export function timeOf(instant: string | Date): string {
  return formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant))
}

/** lun, 2 nov — for a calendar date (YYYY-MM-DD), which has no zone. */
export function dayOf(
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' },
): string {
  return cached(locale(), { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
}

/** noviembre de 2026 */
export function monthName(month: string): string {
  return cached(locale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`))
}

/** 7 h 30 min; a negative balance keeps its sign (−0 h 45 min). */
export function duration(minutes: number, signed = false): string {
  const sign = minutes < 0 ? '−' : signed && minutes > 0 ? '+' : ''
  const total = Math.abs(Math.round(minutes))
  const hours = Math.floor(total / 60)
  const rest = total % 60
  return `${sign}${hours} h ${String(rest).padStart(2, '0')} min`
}

/** The calendar date of an instant in the company's zone (YYYY-MM-DD). */
export function localDate(instant: Date): string {
  const parts = formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The instant of a local date and time (HH:MM) in the company's zone, as ISO with its offset resolved. */
export function instantOf(date: string, time: string): string {
  // The zone's offset at that moment: guess UTC, see what the zone shows, correct once (twice near a change).
  let guess = Date.parse(`${date}T${time}:00Z`)
  for (let i = 0; i < 2; i++) {
    const shown = formatter({
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(guess))
    const part = (type: string) => shown.find((p) => p.type === type)?.value ?? '00'
    const shownMs = Date.parse(`${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:00Z`)
    guess -= shownMs - Date.parse(`${date}T${time}:00Z`)
  }
  return new Date(guess).toISOString()
}

/** The month (YYYY-MM) a number of months from the given one. */
export function addMonths(month: string, count: number): string {
  const [year, mm] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (mm - 1) + count
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export function addDays(date: string, count: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10)
}

export function lastDayOf(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1)
}
