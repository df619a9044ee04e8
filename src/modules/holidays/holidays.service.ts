/**
 * Holiday calendars: public holidays of a place (country and region, from the work center or
 * else the company) plus the company's own holidays (for everyone or for one work center). A
 * company holiday wins over a public holiday on the same date.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockTenant } from '../../db/locks.js'
import type { CompanyHolidayRow } from './holidays.tables.js'
import { type Db, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { assertDateRange } from '../../lib/calendar.js'
import { findCatalogueItem } from '../catalogues/index.js'
import { type CalendarHoliday, type Place, calendarOfPlace, placeOf } from './holidays.logic.js'
import * as repo from './holidays.repository.js'
import type { CreateHolidayBodyType, HolidayEntryType, ListHolidaysQueryType } from './holidays.schemas.js'
import { publicHolidaysBetween } from '../../lib/public-holidays.js'
import { listBody, pageOf } from '../../lib/pagination.js'

/** Effective holidays of every place in [from, to], reading company holidays once. */
export async function loadHolidayCalendars(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
): Promise<(place: Place) => Map<string, CalendarHoliday>> {
  const company = await repo.companyHolidaysBetween(db, tenantId, from, to)
  const calendars = new Map<string, Map<string, CalendarHoliday>>()
  return (place) => {
    const key = `${place.country}/${place.region}/${place.workCenterId}`
    let calendar = calendars.get(key)
    if (!calendar) {
      const publicHolidays = place.country ? publicHolidaysBetween(place.country, place.region, from, to) : []
      calendar = calendarOfPlace(place, publicHolidays, company)
      calendars.set(key, calendar)
    }
    return calendar
  }
}

function companyHolidayToApi(row: CompanyHolidayRow): HolidayEntryType {
  return { id: row.id, date: row.date, name: row.name, names: {}, type: 'company', work_center_id: row.work_center_id }
}

export async function listHolidays(scope: RequestScope, query: ListHolidaysQueryType) {
  const { db, auth } = scope
  assertDateRange(query.from, query.to)
  const window = pageOf(query)
  const tenant = auth.tenant
  let workCenter = null
  if (query.work_center_id) {
    workCenter = (await findCatalogueItem(db, 'work_centers', auth.tenantId, query.work_center_id)) ?? null
    if (!workCenter) throw notFound('Work center')
  }
  const calendarOf = await loadHolidayCalendars(db, auth.tenantId, query.from, query.to)
  const entries: HolidayEntryType[] = [...calendarOf(placeOf(tenant, workCenter))]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, h]) => ({
      id: h.id,
      date,
      name: h.name,
      names: h.names ?? {},
      type: h.type,
      work_center_id: h.workCenterId,
    }))
  return listBody(
    window,
    { rows: entries.slice(window.offset, window.offset + window.limit), total: entries.length },
    (entry) => entry,
  )
}

/** One company holiday, as the list shows it, to every key that may list holidays. */
export async function getCompanyHoliday(scope: RequestScope, id: string): Promise<HolidayEntryType> {
  const { db, auth } = scope
  const row = await repo.findCompanyHoliday(db, auth.tenantId, id)
  if (!row) throw notFound('Company holiday')
  return companyHolidayToApi(row)
}

export async function createCompanyHoliday(
  scope: RequestScope,
  body: CreateHolidayBodyType,
): Promise<HolidayEntryType> {
  const { auth } = scope
  const workCenterId = body.work_center_id ?? null
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    // Serialises holiday creation per tenant, so two requests cannot both pass the duplicate check.
    await lockTenant(trx, auth.tenantId)
    if (workCenterId && !(await findCatalogueItem(trx, 'work_centers', auth.tenantId, workCenterId)))
      throw notFound('Work center')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may add company holidays')
    if (await repo.companyHolidayExists(trx, auth.tenantId, body.date, workCenterId)) {
      throw new AppError(
        'holiday_exists',
        `There is already a company holiday on ${body.date} for ${workCenterId ? 'this work center' : 'the whole company'}`,
      )
    }
    const row: CompanyHolidayRow = {
      id: newId('holiday'),
      tenant_id: auth.tenantId,
      date: body.date,
      name: body.name.trim(),
      work_center_id: workCenterId,
      created_at: nowIsoOf(tx),
    }
    await repo.insertCompanyHoliday(trx, row)
    return companyHolidayToApi(row)
  })
}

export async function deleteCompanyHoliday(scope: RequestScope, id: string): Promise<void> {
  const { auth } = scope
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    if (!(await repo.findCompanyHoliday(trx, auth.tenantId, id))) throw notFound('Company holiday')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may remove company holidays')
    await repo.deleteCompanyHoliday(trx, auth.tenantId, id)
  })
}
