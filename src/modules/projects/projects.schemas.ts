import { Type, type Static } from 'typebox'
import { Id, PaginationQuery } from '../../lib/schemas.js'

export const Project = Type.Object(
  {
    id: Type.String(),
    code: Type.String({ description: 'Short code, unique in the company' }),
    name: Type.String(),
    active: Type.Boolean({ description: 'An inactive project accepts no new allocations' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Project' },
)
export type ProjectType = Static<typeof Project>

const Code = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: 'Letters, digits, . _ -',
})
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })

export const CreateProjectBody = Type.Object(
  { code: Code, name: Name, active: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false },
)
export type CreateProjectBodyType = Static<typeof CreateProjectBody>

export const UpdateProjectBody = Type.Object(
  { code: Type.Optional(Code), name: Type.Optional(Name), active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type UpdateProjectBodyType = Static<typeof UpdateProjectBody>

export const ListProjectsQuery = Type.Object(
  {
    active: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) projects' })),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListProjectsQueryType = Static<typeof ListProjectsQuery>

export const ProjectIdParams = Type.Object({ id: Id() }, { additionalProperties: false })
