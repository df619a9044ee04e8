/**
 * Country and region codes, checked against the `date-holidays` data set, the same one that later
 * provides public holidays: a code accepted here is one the holiday calendar knows.
 */
import Holidays from 'date-holidays'
import { AppError } from '../errors.js'

let countries: Record<string, string> | undefined

export function isKnownCountry(country: string): boolean {
  countries ??= new Holidays().getCountries('en')
  return Object.hasOwn(countries, country)
}

export function isKnownRegion(country: string, region: string): boolean {
  const states = new Holidays().getStates(country, 'en')
  return states !== undefined && Object.hasOwn(states, region)
}

/** A problem with a country/region pair, as a message for a `details` item, or null. */
export function countryRegionProblem(
  country: string | null,
  region: string | null,
): { field: string; message: string } | null {
  if (country === null) {
    return region === null ? null : { field: 'region', message: 'needs a country' }
  }
  if (!isKnownCountry(country)) return { field: 'country', message: 'is not a known ISO 3166-1 alpha-2 country code' }
  if (region !== null && !isKnownRegion(country, region)) {
    return { field: 'region', message: `is not a known region of ${country}` }
  }
  return null
}

/** Throws a 400 naming the field when a country/region pair is not a known holiday calendar. */
export function assertValidPlace(country: string | null, region: string | null): void {
  const problem = countryRegionProblem(country, region)
  if (problem) throw new AppError('invalid_request', `Invalid ${problem.field}: ${problem.message}`, [problem])
}
