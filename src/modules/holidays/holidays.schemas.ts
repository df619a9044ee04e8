import { Type, type Static } from 'typebox'
import { DateString, Id, Nullable, PaginationQuery } from '../../lib/schemas.js'

/** A holiday's name in each language: a public holiday's in Spanish and English, a company's none (its `name`). */
export const HolidayNames = Type.Object(
  { es: Type.Optional(Type.String()), en: Type.Optional(Type.String()) },
  {
    description:
      'The name in Spanish and English where there is one (public holidays: English always, Spanish in Spain); empty for a company holiday, named by `name` in the words the company gave. A client shows the one of its person’s language, else `name`',
  },
)

export const HolidayEntry = Type.Object(
  {
    id: Nullable(Type.String({ description: 'Company holidays only; null for public holidays' })),
    date: Type.String({ format: 'date' }),
    name: Type.String(),
    names: HolidayNames,
    type: Type.Union([Type.Literal('public'), Type.Literal('company')]),
    work_center_id: Nullable(
      Type.String({ description: 'Company holiday of one work center; null for the whole company' }),
    ),
  },
  { $id: 'Holiday' },
)
export type HolidayEntryType = Static<typeof HolidayEntry>

export const ListHolidaysQuery = Type.Object(
  {
    from: DateString('First day'),
    to: DateString('Last day, included (at most 366 days after from)'),
    work_center_id: Type.Optional(
      Id('Holidays of this work center (its country and region, and its company holidays)'),
    ),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListHolidaysQueryType = Static<typeof ListHolidaysQuery>

export const CreateHolidayBody = Type.Object(
  {
    date: DateString(),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    work_center_id: Type.Optional(Nullable(Id('Only this work center; omit or null for the whole company'))),
  },
  { additionalProperties: false },
)
export type CreateHolidayBodyType = Static<typeof CreateHolidayBody>

export const HolidayIdParams = Type.Object({ id: Id() }, { additionalProperties: false })
