/**
 * What people are reminded of and how (docs/decisions/0026-reminders.md): the kinds of reminder,
 * the channels, the company's defaults as its settings hold them, and a person's choices over
 * them. Shared by the company settings (tenants) and the reminders (notifications); no I/O.
 */
import { type Static, Type } from 'typebox'

/** The reminders, in the order they are listed. */
export const REMINDER_KINDS = [
  'open_session',
  'correction_consent',
  'approvals_digest',
  'month_to_sign',
  'rest_deadline',
] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** Where a reminder goes: mail (the outbox) and Web Push to the installed app. */
export const REMINDER_CHANNELS = ['mail', 'push'] as const
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number]

export type ChannelChoice = Record<ReminderChannel, boolean>
export type KindChoices = Record<ReminderKind, ChannelChoice>

/** A company's defaults and the moments its reminders go at. */
export interface NotificationDefaults {
  kinds: KindChoices
  /** The local hour (0-23) of the daily digest of what waits for one's decision. */
  digest_hour: number
  /** The day of the month (1-28) the month before is offered for signing. */
  sign_day: number
  /** How long after the day's expected end a session still open is reminded of. */
  open_session_margin_minutes: number
  /** How many days before a lot's rest deadline the worker and HR are reminded. */
  rest_deadline_days: number
}

const everyChannel = (): ChannelChoice => ({ mail: true, push: true })

/** Every reminder on, by every channel: a company or a person turns off what it does not want. */
export const DEFAULT_NOTIFICATION_DEFAULTS: NotificationDefaults = {
  kinds: Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, everyChannel()])) as KindChoices,
  digest_hour: 9,
  sign_day: 1,
  open_session_margin_minutes: 30,
  rest_deadline_days: 14,
}

/** The company's defaults from its column (JSON, or null for the service's own). */
export function notificationDefaultsOf(column: string | null): NotificationDefaults {
  if (!column) return DEFAULT_NOTIFICATION_DEFAULTS
  const stored = JSON.parse(column) as Partial<NotificationDefaults>
  return {
    ...DEFAULT_NOTIFICATION_DEFAULTS,
    ...stored,
    kinds: mergeChoices(DEFAULT_NOTIFICATION_DEFAULTS.kinds, stored.kinds ?? {}),
  }
}

/** Partial choices laid over whole ones: what a person (or a company) did not say stays. */
export function mergeChoices(
  base: KindChoices,
  over: Partial<Record<ReminderKind, Partial<ChannelChoice>>>,
): KindChoices {
  const merged = {} as KindChoices
  for (const kind of REMINDER_KINDS) merged[kind] = { ...base[kind], ...(over[kind] ?? {}) }
  return merged
}

const KIND_DESCRIPTIONS: Record<ReminderKind, string> = {
  open_session:
    'A session still open past the day’s expected end plus the company’s margin (to the worker, once per session)',
  correction_consent: 'A correction of one’s record waiting for one’s consent (at once)',
  approvals_digest:
    'Requests and corrections waiting for one’s decision: a daily digest to supervisors and HR at the company’s hour, none when nothing waits; it names people and counts, never absence types or reasons',
  month_to_sign: 'A month ready to sign (once, on the company’s day)',
  rest_deadline: 'Overtime to be rested whose deadline is near (to the worker and HR)',
}

function channelsSchema(optional: boolean, description: string) {
  const mail = Type.Boolean({ description: 'By mail' })
  const push = Type.Boolean({ description: 'By Web Push to the installed app' })
  return optional
    ? Type.Object(
        { mail: Type.Optional(mail), push: Type.Optional(push) },
        { additionalProperties: false, description },
      )
    : Type.Object({ mail, push }, { additionalProperties: false, description })
}

/** Each kind with its channels: whole (answers, the company's defaults). */
export function kindChoicesSchema(description: string) {
  const properties = Object.fromEntries(
    REMINDER_KINDS.map((kind) => [kind, channelsSchema(false, KIND_DESCRIPTIONS[kind])]),
  )
  return Type.Unsafe<KindChoices>(Type.Object(properties, { additionalProperties: false, description }))
}

/** Each kind with its channels, in part (changes): what is left out stays. */
export function kindChoicesChangeSchema(description: string) {
  const properties = Object.fromEntries(
    REMINDER_KINDS.map((kind) => [kind, Type.Optional(channelsSchema(true, KIND_DESCRIPTIONS[kind]))]),
  )
  return Type.Unsafe<Partial<Record<ReminderKind, Partial<ChannelChoice>>>>(
    Type.Object(properties, { additionalProperties: false, description }),
  )
}

const DigestHour = Type.Integer({
  minimum: 0,
  maximum: 23,
  description: 'The local hour of the daily digest to supervisors and HR (default 9)',
})
const SignDay = Type.Integer({
  minimum: 1,
  maximum: 28,
  description: 'The day of the month on which workers are reminded to sign the month before (default 1)',
})
const Margin = Type.Integer({
  minimum: 0,
  maximum: 240,
  description: 'Minutes after the day’s expected end before a session still open is reminded of (default 30)',
})
const RestDays = Type.Integer({
  minimum: 1,
  maximum: 60,
  description: 'Days before a lot’s rest deadline the worker and HR are reminded (default 14)',
})

export const NotificationDefaultsSchema = Type.Object(
  {
    kinds: kindChoicesSchema('Each reminder on or off by channel, for people who have not chosen'),
    digest_hour: DigestHour,
    sign_day: SignDay,
    open_session_margin_minutes: Margin,
    rest_deadline_days: RestDays,
  },
  {
    description:
      'The company’s reminders (docs/decisions/0026-reminders.md): what each person gets unless they chose otherwise, and when. None is sent at night (21:00 to 08:00 in the company’s zone): it waits for 08:00',
  },
)

export const UpdateNotificationDefaults = Type.Object(
  {
    kinds: Type.Optional(kindChoicesChangeSchema('The kinds and channels to change; the others stay')),
    digest_hour: Type.Optional(DigestHour),
    sign_day: Type.Optional(SignDay),
    open_session_margin_minutes: Type.Optional(Margin),
    rest_deadline_days: Type.Optional(RestDays),
  },
  { additionalProperties: false, description: 'The parts of the company’s reminder defaults to change' },
)
export type UpdateNotificationDefaultsType = Static<typeof UpdateNotificationDefaults>

/** The column's new JSON after a change. */
export function notificationDefaultsPatch(column: string | null, update: UpdateNotificationDefaultsType): string {
  const current = notificationDefaultsOf(column)
  const { kinds, ...rest } = update
  return JSON.stringify({ ...current, ...rest, kinds: mergeChoices(current.kinds, kinds ?? {}) })
}
