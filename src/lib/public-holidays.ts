/**
 * Public holidays from the `date-holidays` data set, for a country and optional region. Only
 * holidays of type `public` (days off by law) count; observances and bank holidays do not.
 * Calendars are computed once per country, region and year and kept in memory.
 */
import Holidays from 'date-holidays'
import { BoundedCache } from './bounded-cache.js'

const calendars = new BoundedCache<string, Map<string, string>>(2000)

/** date (YYYY-MM-DD) -> holiday name, for one year. */
export function publicHolidaysOfYear(country: string, region: string | null, year: number): Map<string, string> {
  return calendars.get(`${country}/${region ?? ''}/${year}`, () => {
    const holidays = new Map<string, string>()
    const calendar = region ? new Holidays(country, region) : new Holidays(country)
    for (const holiday of calendar.getHolidays(year) || []) {
      if (holiday.type !== 'public') continue
      const date = holiday.date.slice(0, 10)
      if (!holidays.has(date)) holidays.set(date, holiday.name)
    }
    return holidays
  })
}

/** Public holidays within [from, to], in date order. */
export function publicHolidaysBetween(
  country: string,
  region: string | null,
  from: string,
  to: string,
): { date: string; name: string }[] {
  const result: { date: string; name: string }[] = []
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const [date, name] of publicHolidaysOfYear(country, region, year)) {
      if (date >= from && date <= to) result.push({ date, name })
    }
  }
  return result.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
