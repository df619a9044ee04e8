import { Type, type Static } from 'typebox'
import { InstantString, Nullable } from '../../lib/schemas.js'
import { RULE_MESSAGES } from '../../lib/validation.js'
import { ModalitySchema, PunchTypeSchema, modalityOnlyOnIn } from '../attendance/index.js'
import { PIN_PATTERN } from './kiosk-sign-in.logic.js'

const Identifier = Type.String({
  pattern: '^[0-9]{1,32}$',
  description: 'The kiosk identifier: the digits of the employee’s DNI/NIE',
})
const Pin = Type.String({ pattern: PIN_PATTERN, description: '4 to 8 digits' })
const SessionToken = Type.String({
  pattern: '^[A-Za-z0-9_-]{20,100}$',
  description: 'A session from kiosk.identify (it lasts about a minute)',
})

export const KioskDeviceView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    work_center_id: Nullable(Type.String()),
    company_name: Type.String(),
    server_time: Type.String({
      format: 'date-time',
      description: 'The service’s clock: the page dates queued punches by it, whatever the device’s own clock says',
    }),
  },
  { $id: 'KioskDeviceView', description: 'The kiosk device a device token belongs to' },
)

export const KioskEmployee = Type.Object(
  {
    name: Type.String(),
    state: Type.Union([Type.Literal('not_working'), Type.Literal('working'), Type.Literal('on_break')], {
      description: 'Where the employee stands, from their last punch',
    }),
    since: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Since when: the moment of the last punch (null before the first)',
      }),
    ),
    allowed_punches: Type.Array(PunchTypeSchema, {
      description: 'The punches the sequence rules allow next (none while the initial PIN must be changed)',
    }),
    pin_change_required: Type.Boolean({
      description: 'The PIN is still the initial one: change it (kiosk.change-pin) before punching',
    }),
    left_open_session: Nullable(
      Type.Object(
        {
          started_at: Type.String({ format: 'date-time', description: 'The `in` of the session left open' }),
          correction_id: Nullable(
            Type.String({ description: 'The pending correction closing it; accept it with kiosk.accept-correction' }),
          ),
          proposed_out_at: Nullable(Type.String({ format: 'date-time', description: 'Where it puts the `out`' })),
        },
        {
          description:
            'The employee’s latest session left open longer than the company allows (a forgotten clock-out), within the last 31 days, until a correction closes it: the kiosk tells them and offers the proposal. It blocks no punch: while it is the session under way, `allowed_punches` is `in`, which starts a new session (art. 34.9 ET). null when none',
        },
      ),
    ),
  },
  { $id: 'KioskEmployee', description: 'The identified employee as the kiosk shows them' },
)

export const IdentifyBody = Type.Object({ identifier: Identifier, pin: Pin }, { additionalProperties: false })

export const KioskSession = Type.Object(
  {
    session: Type.String({ description: 'Send it as `session` to punch or change the PIN within the next minute' }),
    expires_at: Type.String({ format: 'date-time' }),
    employee: Type.Ref('KioskEmployee'),
  },
  { $id: 'KioskSession' },
)

export const KioskPunchBody = Type.Object(
  {
    session: Type.Optional(SessionToken),
    identifier: Type.Optional(Identifier),
    pin: Type.Optional(Pin),
    type: PunchTypeSchema,
    ts: Type.Optional(
      InstantString(
        'The real moment of a punch the kiosk queued while offline; the service’s moment when absent. At most 60 s in the future and 60 days in the past, later than the employee’s last punch',
      ),
    ),
    modality: Type.Optional({ ...ModalitySchema, description: "Only on 'in': 'onsite' (default) or 'remote'" }),
  },
  {
    additionalProperties: false,
    // Who punches: a session, or identifier and PIN; never both.
    oneOf: [
      { required: ['session'], properties: { session: { type: 'string' } } },
      { required: ['identifier', 'pin'], properties: { identifier: { type: 'string' }, pin: { type: 'string' } } },
    ],
    dependentRequired: { identifier: ['pin'], pin: ['identifier'] },
    [RULE_MESSAGES]: {
      oneOf: { field: 'session', message: 'send a session, or an identifier and a PIN (not both)' },
    },
    ...modalityOnlyOnIn,
  },
)
export type KioskPunchBodyType = Static<typeof KioskPunchBody>

export const KioskPunch = Type.Object(
  {
    id: Type.String(),
    type: PunchTypeSchema,
    ts: Type.String({ format: 'date-time' }),
    modality: ModalitySchema,
    kiosk_id: Type.String(),
    employee: Type.Ref('KioskEmployee'),
  },
  {
    $id: 'KioskPunch',
    description: 'The punch recorded at the kiosk (source kiosk) and where the employee now stands',
  },
)

export const ChangePinBody = Type.Object({ session: SessionToken, new_pin: Pin }, { additionalProperties: false })

export const KioskPinChanged = Type.Object({ employee: Type.Ref('KioskEmployee') }, { $id: 'KioskPinChanged' })

export const AcceptCorrectionBody = Type.Object({ session: SessionToken }, { additionalProperties: false })
export const AcceptCorrectionParams = Type.Object({ correction_id: Type.String({ minLength: 1, maxLength: 100 }) })

export const KioskCorrectionAccepted = Type.Object(
  {
    correction_id: Type.String(),
    status: Type.Literal('approved'),
    employee: Type.Ref('KioskEmployee'),
  },
  { $id: 'KioskCorrectionAccepted', description: 'The correction the employee accepted, and where they now stand' },
)
