import { Type, type Static } from 'typebox'
import { Id, Nullable, PaginationQuery } from '../../lib/schemas.js'
import { PIN_PATTERN } from './kiosk-sign-in.logic.js'

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
    delivery: Type.Union([Type.Literal('mail'), Type.Literal('app')], {
      description:
        "'mail': the employee is mailed a one-time PIN, to be changed at first use; 'app' (no mail server): the employee has no PIN until they choose one in the app (Profile), so tell them to",
    }),
    pin_change_required: Type.Boolean({
      description: 'true with a one-time PIN (it must be changed at first use); false when there is no PIN',
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
      'A kiosk PIN reset: the old PIN no longer works; a new one is mailed to the employee or chosen by them in the app. The PIN is never returned',
  },
)

export const OwnKioskPinBody = Type.Object(
  {
    pin: Type.String({
      pattern: PIN_PATTERN,
      description: '4 to 8 digits, not one digit repeated',
      examples: ['4826'],
    }),
  },
  { additionalProperties: false },
)
export type OwnKioskPinBodyType = Static<typeof OwnKioskPinBody>

const ownKioskPinFields = {
  identifier: Nullable(
    Type.String({ description: 'What I type at a kiosk: the digits of my DNI/NIE; null without a DNI on file' }),
  ),
  pin_set: Type.Boolean({ description: 'Whether I have a kiosk PIN' }),
  pin_change_required: Type.Boolean({
    description: 'My PIN is a one-time PIN from a reset: the kiosk asks me to change it first',
  }),
}

export const OwnKioskPin = Type.Object(ownKioskPinFields, {
  $id: 'OwnKioskPin',
  description: 'My kiosk sign-in: my identifier and whether I have a PIN (never the PIN)',
})

export const OwnKioskPinSet = Type.Object({
  ...ownKioskPinFields,
  sessions_ended: Type.Integer({ minimum: 0, description: 'My kiosk sessions that were open and now end' }),
})
