import { Type, type Static } from 'typebox'
import { DateString, Id, InstantString, Nullable, PaginationQuery, TimeZone } from '../../lib/schemas.js'
import { CredentialOriginSchema, ModalitySchema, PunchTypeSchema, modalityOnlyOnIn } from './attendance.schemas.js'
import { MAX_CHANGES } from './corrections.logic.js'

const CorrectionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('cancelled'),
])

const AddChange = Type.Object(
  {
    action: Type.Literal('add'),
    type: PunchTypeSchema,
    ts: InstantString('Real moment of the missing punch, with Z or an offset; not in the future'),
    modality: Type.Optional({ ...ModalitySchema, description: "Only on 'in' (default 'onsite')" }),
  },
  { additionalProperties: false, description: 'Adds a missing punch', ...modalityOnlyOnIn },
)
const MoveChange = Type.Object(
  {
    action: Type.Literal('move'),
    punch_id: Id('An effective punch of the employee'),
    ts: InstantString('Its right moment; not in the future'),
  },
  {
    additionalProperties: false,
    description: 'Puts a punch at its right moment (the original is superseded, a new punch appended)',
  },
)
const VoidChange = Type.Object(
  { action: Type.Literal('void'), punch_id: Id('An effective punch of the employee') },
  {
    additionalProperties: false,
    description: 'Voids a punch that should not be there (it is superseded, never deleted)',
  },
)
const Change = Type.Union([AddChange, MoveChange, VoidChange])

const Reason = Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' })

export const ProposeCorrectionBody = Type.Object(
  {
    user_id: Id('Employee whose punches are corrected'),
    reason: { ...Reason, description: 'Why: part of the record’s trail, shown to everyone who sees it' },
    changes: Type.Array(Change, {
      minItems: 1,
      maxItems: MAX_CHANGES,
      description: `1 to ${MAX_CHANGES} changes, all within 31 days of each other`,
    }),
  },
  { additionalProperties: false },
)
export type ProposeCorrectionBodyType = Static<typeof ProposeCorrectionBody>

export const DecideCorrectionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    note: Type.Optional(
      Type.String({ maxLength: 1000, description: 'Part of the trail, returned with the correction' }),
    ),
  },
  { additionalProperties: false },
)
export type DecideCorrectionBodyType = Static<typeof DecideCorrectionBody>

export const CorrectionIdParams = Type.Object({ correction_id: Id('Correction id') }, { additionalProperties: false })

export const ListCorrectionsQuery = Type.Object(
  {
    user_id: Type.Optional(Id('Only this employee’s')),
    status: Type.Optional(CorrectionStatus),
    from: Type.Optional(DateString('Only corrections touching punches on or after this day')),
    to: Type.Optional(DateString('Only corrections touching punches on or before this day')),
    tz: Type.Optional(TimeZone('Zone of from and to (default: the company’s)')),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListCorrectionsQueryType = Static<typeof ListCorrectionsQuery>

export const Correction = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    status: CorrectionStatus,
    reason: Type.String(),
    changes: Type.Array(Change, { description: 'As proposed; instants in UTC' }),
    proposed_by: Type.String({ description: 'Acting user who proposed it' }),
    proposed_at: Type.String({ format: 'date-time' }),
    decided_by: Nullable(
      Type.String({
        description:
          'Who approved or rejected it: the employee when someone else proposed it, HR or a supervisor when the employee did',
      }),
    ),
    decided_at: Nullable(Type.String({ format: 'date-time' })),
    decision_note: Nullable(Type.String()),
    decision_credential_origin: Type.Optional({
      ...CredentialOriginSchema,
      description:
        'Present, as `company_issued`, when the employee gave their decision (their consent) with a credential the company issued and they had not replaced: someone else may have given it. Absent: their own credential, or a decision by HR or a supervisor',
    }),
    cancelled_at: Nullable(Type.String({ format: 'date-time', description: 'When the proposer withdrew it' })),
  },
  { $id: 'AttendanceCorrection', description: 'A proposed change to an employee’s punches and its trail' },
)
export type CorrectionType = Static<typeof Correction>
