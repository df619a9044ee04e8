/**
 * Absence types named in the person's language: the company's catalogue gives each type's names
 * in Spanish and English (`labels`, both for the built-in types, those the company gives for its
 * own), and `label` (the company's language) where it gives none. An absence or a day of the
 * monthly record names its type by key; the catalogue, read once per page, names it.
 */
import { signal } from '@preact/signals'
import { get, type Schemas } from './api.js'
import { language } from './i18n/index.js'

type AbsenceType = Schemas['AbsenceType']

const catalogue = signal<Map<string, AbsenceType>>(new Map())
let reading: Promise<AbsenceType[]> | null = null

/** The company's absence types, read once (again after a failure); reading them names absences everywhere. */
export function absenceTypes(): Promise<AbsenceType[]> {
  reading ??= get<{ data: AbsenceType[] }>('/absence-types?page_size=100').then(
    (answer) => {
      catalogue.value = new Map(answer.data.map((type) => [type.key, type]))
      return answer.data
    },
    (error) => {
      reading = null
      throw error
    },
  )
  return reading
}

/** Forgets the catalogue (a sign-out: the next person may be of another company). */
export function forgetAbsenceTypes(): void {
  reading = null
  catalogue.value = new Map()
}

/** A type's name in the person's language, else the company's `label`. */
export function typeName(type: Pick<AbsenceType, 'label'> & { labels?: AbsenceType['labels'] }): string {
  return type.labels?.[language.value] ?? type.label
}

/** The name of the type with this key, as the catalogue gives it in the person's language; else `label`. */
export function absenceName(key: string, label: string): string {
  const known = catalogue.value.get(key)
  return known ? typeName(known) : label
}

/** A holiday's name in the person's language (public holidays have both), else its `name`. */
export function holidayName(holiday: { name: string; names?: { es?: string; en?: string } }): string {
  return holiday.names?.[language.value] ?? holiday.name
}
