import { Type, type Static } from 'typebox'
import { Id, Nullable, PaginationQuery } from '../../lib/schemas.js'

const kioskFields = {
  id: Type.String(),
  name: Type.String(),
  work_center_id: Nullable(Type.String({ description: 'Where the device stands, if set' })),
  active: Type.Boolean({ description: 'false once revoked: its token no longer works' }),
  created_by: Type.String({ description: 'The administrator who set it up' }),
  created_at: Type.String({ format: 'date-time' }),
  revoked_at: Nullable(Type.String({ format: 'date-time' })),
  last_used_at: Nullable(
    Type.String({ format: 'date-time', description: 'When the device last called the service (to the minute)' }),
  ),
}

export const Kiosk = Type.Object(kioskFields, {
  $id: 'Kiosk',
  description: 'A shared clock-in device at a workplace; its token is shown only when it is set up',
})

export const CreatedKiosk = Type.Object(
  {
    ...kioskFields,
    device_token: Type.String({
      description:
        'The device token (jkd_…) to pair the kiosk page with; shown this once. It can call the kiosk endpoints only.',
    }),
  },
  { $id: 'CreatedKiosk' },
)

export const CreateKioskBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), work_center_id: Type.Optional(Nullable(Id())) },
  { additionalProperties: false },
)
export type CreateKioskBodyType = Static<typeof CreateKioskBody>

export const KioskIdParams = Type.Object({ kiosk_id: Id() })

export const ListKiosksQuery = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListKiosksQueryType = Static<typeof ListKiosksQuery>

export const KioskPinReset = Type.Object(
  {
    user_id: Type.String(),
    pin_change_required: Type.Boolean({
      description: 'Always true: the PIN is the initial one again and must be changed at first use',
    }),
    lock_lifted: Type.Boolean({
      description: 'Whether wrong PINs were holding the identifier locked; the lock is lifted either way',
    }),
    sessions_ended: Type.Integer({
      minimum: 0,
      description: 'Kiosk sessions of the employee that were open and now end',
    }),
    reset_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'KioskPinReset',
    description:
      'A kiosk PIN back to the initial one (the last 4 digits of the phone on file); the PIN is never returned',
  },
)
