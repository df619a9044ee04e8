import { Type, type Static } from 'typebox'
import { Id, Nullable, PaginationQuery } from '../../lib/schemas.js'

/** The name of a catalogue item. */
export const CatalogueName = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: 'Unique in the tenant',
})
const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 code; drives public holidays' })
const Region = Type.String({
  pattern: '^[A-Z0-9]{1,3}$',
  description: 'Region (ISO 3166-2 subdivision suffix, e.g. MD for Madrid)',
})

export const Department = Type.Object(
  { id: Type.String(), name: Type.String(), created_at: Type.String({ format: 'date-time' }) },
  { $id: 'Department' },
)
export const WorkCenter = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    country: Nullable(Type.String()),
    region: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WorkCenter' },
)
export type DepartmentType = Static<typeof Department>
export type WorkCenterType = Static<typeof WorkCenter>

export const CatalogueIdParams = Type.Object({ id: Id() }, { additionalProperties: false })
export const CatalogueListQuery = Type.Object(
  { page: Type.Optional(PaginationQuery.page), page_size: Type.Optional(PaginationQuery.page_size) },
  { additionalProperties: false },
)
export type CatalogueListQueryType = Static<typeof CatalogueListQuery>

export const CreateDepartmentBody = Type.Object({ name: CatalogueName }, { additionalProperties: false })
export const UpdateDepartmentBody = Type.Object({ name: Type.Optional(CatalogueName) }, { additionalProperties: false })
export const CreateWorkCenterBody = Type.Object(
  { name: CatalogueName, country: Type.Optional(Nullable(Country)), region: Type.Optional(Nullable(Region)) },
  { additionalProperties: false },
)
export const UpdateWorkCenterBody = Type.Object(
  {
    name: Type.Optional(CatalogueName),
    country: Type.Optional(Nullable(Country)),
    region: Type.Optional(Nullable(Region)),
  },
  { additionalProperties: false },
)
export type CreateDepartmentBodyType = Static<typeof CreateDepartmentBody>
export type UpdateDepartmentBodyType = Static<typeof UpdateDepartmentBody>
export type CreateWorkCenterBodyType = Static<typeof CreateWorkCenterBody>
export type UpdateWorkCenterBodyType = Static<typeof UpdateWorkCenterBody>
