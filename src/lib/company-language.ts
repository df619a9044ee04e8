/** The language of a company's documents and mails: absence type labels, the monthly record, mails. */
export type CompanyLanguage = 'es' | 'en'

/** Countries whose companies start in Spanish. */
const SPANISH_SPEAKING = new Set([
  'ES',
  'MX',
  'AR',
  'CO',
  'CL',
  'PE',
  'VE',
  'EC',
  'GT',
  'CU',
  'BO',
  'DO',
  'HN',
  'PY',
  'SV',
  'NI',
  'CR',
  'PA',
  'UY',
  'GQ',
  'PR',
])

/**
 * The language a new company starts with: Spanish in a Spanish-speaking country, English
 * elsewhere. A company with no country is assumed Spanish, the record's home.
 */
export function defaultLanguageOf(country: string | null): CompanyLanguage {
  return country === null || SPANISH_SPEAKING.has(country.toUpperCase()) ? 'es' : 'en'
}
