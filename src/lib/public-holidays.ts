/**
 * Public holidays from the `date-holidays` data set, for a country and optional region. Only
 * holidays of type `public` (days off by law) count; observances and bank holidays do not.
 * Calendars are computed once per country, region and year and kept in memory.
 *
 * Each holiday is named in Spanish and English, so that a person reads it in their language. The
 * data set leaves some Spanish holidays untranslated ("Fiesta Nacional de España"); the English of
 * those is below.
 */
import Holidays from 'date-holidays'
import { BoundedCache } from './bounded-cache.js'

/** A holiday's name in each language there is one for. */
export interface HolidayNames {
  es?: string
  en?: string
}

export interface PublicHoliday {
  date: string
  /** The data set's own name, as it has always been given. */
  name: string
  names: HolidayNames
}

/** English for the Spanish names the data set does not translate. */
const ENGLISH: Record<string, string> = {
  'Fiesta Nacional de España': 'National Day of Spain',
  'Día de la Constitución Española': 'Constitution Day',
  'Día de Andalucía': 'Andalusia Day',
  'Día de Aragón': 'Aragon Day',
  'Día de Asturias': 'Asturias Day',
  'Día de las Instituciones de Cantabria': 'Cantabria Institutions Day',
  'La Bien Aparecida': 'Our Lady of Bien Aparecida',
  'Nuestra Señora de África': 'Our Lady of Africa',
  'Día de Ceuta': 'Ceuta Day',
  'Fiesta de Castilla y León': 'Castile and León Day',
  'Día de Castilla-La Mancha': 'Castile-La Mancha Day',
  'San Juan': 'Saint John’s Day',
  'Dia de Cataluña': 'Catalonia Day',
  'San Esteban': 'Saint Stephen’s Day',
  'Día de Extremadura': 'Extremadura Day',
  'Día de las Letras Gallegas': 'Galician Literature Day',
  'Día Nacional de Galicia': 'Galicia Day',
  'Día de les Illes Balears': 'Balearic Islands Day',
  'Día de la Comunidad de Madrid': 'Community of Madrid Day',
  'Santiago Apóstol': 'Saint James the Apostle',
  'Día de La Rioja': 'La Rioja Day',
}

/** The English name, with the data set's untranslated Spanish ones translated ("… (substitute day)" kept). */
function english(name: string): string {
  const substitute = ' (substitute day)'
  const base = name.endsWith(substitute) ? name.slice(0, -substitute.length) : name
  const known = ENGLISH[base]
  return known ? `${known}${name.endsWith(substitute) ? substitute : ''}` : name
}

const calendars = new BoundedCache<string, Map<string, { name: string; names: HolidayNames }>>(2000)

/** date (YYYY-MM-DD) -> holiday, for one year. */
export function publicHolidaysOfYear(
  country: string,
  region: string | null,
  year: number,
): Map<string, { name: string; names: HolidayNames }> {
  return calendars.get(`${country}/${region ?? ''}/${year}`, () => {
    const holidays = new Map<string, { name: string; names: HolidayNames }>()
    const open = () => (region ? new Holidays(country, region) : new Holidays(country))
    const calendar = open()
    // A calendar asked in a language keeps it for the next question: one calendar per language.
    const inLanguage = (language: string) =>
      new Map(
        (open().getHolidays(year, language) || [])
          .filter((h) => h.type === 'public')
          .map((h) => [`${h.date.slice(0, 10)} ${h.rule}`, h.name]),
      )
    const spanish = inLanguage('es')
    const inEnglish = inLanguage('en')
    for (const holiday of calendar.getHolidays(year) || []) {
      if (holiday.type !== 'public') continue
      const date = holiday.date.slice(0, 10)
      if (holidays.has(date)) continue
      const key = `${date} ${holiday.rule}`
      const es = spanish.get(key)
      const en = inEnglish.get(key)
      holidays.set(date, {
        name: holiday.name,
        // The data set falls back to another language when it has none: Spanish only for Spain's.
        names: { ...(es && country === 'ES' ? { es } : {}), ...(en ? { en: english(en) } : {}) },
      })
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
): PublicHoliday[] {
  const result: PublicHoliday[] = []
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const [date, holiday] of publicHolidaysOfYear(country, region, year)) {
      if (date >= from && date <= to) result.push({ date, ...holiday })
    }
  }
  return result.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
