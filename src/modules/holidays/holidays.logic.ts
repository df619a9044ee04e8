/**
 * Which holidays apply where, as pure rules: the place of an employee for the purpose of holidays,
 * and the effective calendar of a place (public holidays, then company holidays for everyone, then
 * those of the work center, the most specific winning on a date).
 */
import type { TenantRow } from '../../db/schema.js'
import type { HolidayNames } from '../../lib/public-holidays.js'

export interface Holiday {
  name: string
  type: 'public' | 'company'
  /** A public holiday's name in Spanish and English (docs/holidays.md); a company's has only `name`. */
  names?: HolidayNames
}

/** A holiday as a calendar holds it: with its company holiday id and work center, when it has them. */
export type CalendarHoliday = Holiday & { id: string | null; workCenterId: string | null }

/** Where an employee works, for the purpose of holidays. */
export interface Place {
  country: string | null
  region: string | null
  workCenterId: string | null
}

/** The work center's country and region when it has them, else the company's. */
export function placeOf(
  tenant: TenantRow,
  workCenter: { id: string; country: string | null; region: string | null } | null,
): Place {
  if (workCenter?.country)
    return { country: workCenter.country, region: workCenter.region, workCenterId: workCenter.id }
  return { country: tenant.country, region: tenant.region, workCenterId: workCenter?.id ?? null }
}

export interface CompanyHolidayEntry {
  id: string
  date: string
  name: string
  work_center_id: string | null
}

/** date -> holiday of one place: its public holidays, overridden by the company's own. */
export function calendarOfPlace(
  place: Place,
  publicHolidays: readonly { date: string; name: string; names?: HolidayNames }[],
  companyHolidays: readonly CompanyHolidayEntry[],
): Map<string, CalendarHoliday> {
  const calendar = new Map<string, CalendarHoliday>()
  for (const h of publicHolidays)
    calendar.set(h.date, { name: h.name, names: h.names ?? {}, type: 'public', id: null, workCenterId: null })
  for (const h of companyHolidays) {
    if (h.work_center_id !== null && h.work_center_id !== place.workCenterId) continue
    // A work center's own holiday is more specific than a company-wide one on the same date.
    const existing = calendar.get(h.date)
    if (existing?.type === 'company' && existing.workCenterId !== null) continue
    calendar.set(h.date, { name: h.name, type: 'company', id: h.id, workCenterId: h.work_center_id })
  }
  return calendar
}
