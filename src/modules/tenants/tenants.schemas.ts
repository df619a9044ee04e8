import { Type, type Static } from 'typebox'
import { NotificationDefaultsSchema, UpdateNotificationDefaults } from '../../lib/notification-settings.js'
import { OvertimePolicySchema, UpdateOvertimePolicy } from '../../lib/overtime-policy.js'
import { DateString, Id, Nullable, TimeZone } from '../../lib/schemas.js'

const Country = Type.String({
  pattern: '^[A-Z]{2}$',
  description: 'ISO 3166-1 alpha-2; default country for public holidays',
})
const Region = Type.String({ pattern: '^[A-Z0-9]{1,3}$', description: 'Region within the country (e.g. MD)' })
const FolderNames = Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }), {
  maxItems: 20,
  uniqueItems: true,
  description: 'Folder names every new user receives',
})

const VacationRounding = Type.Union([Type.Literal('up'), Type.Literal('nearest'), Type.Literal('down')], {
  description:
    'How the vacation days of a year worked in part (a hire, a leave, a deactivation) are rounded to whole days: up (the default, never less than the worker’s share), nearest (half up), or down',
})

const VacationUnit = Type.Union([Type.Literal('working_days'), Type.Literal('calendar_days')], {
  description:
    'How vacation days are counted (art. 38.1 ET): working_days (the default: days the schedule expects work, less holidays) or calendar_days (every day of the vacation: Monday to Sunday is 7; the statute’s 30 calendar days a year)',
})

const Language = Type.Union([Type.Literal('es'), Type.Literal('en')], {
  description:
    'Language of the company’s documents and mails: absence type labels, the monthly record, invitations and resets (es by default for country ES, en otherwise)',
})
const MaxSessionHours = Type.Integer({
  minimum: 1,
  maximum: 48,
  description:
    'A work session open longer than this is a forgotten clock-out: an anomaly, a closing correction the company proposes, and punches beyond it refused (default 14)',
})
const BreakAfterMinutes = Type.Integer({
  minimum: 60,
  maximum: 720,
  description: 'Art. 34.4 ET: continuous work longer than this needs a break (default 360, six hours)',
})
const MinBreakMinutes = Type.Integer({
  minimum: 0,
  maximum: 120,
  description:
    'The shortest pause that counts as that break (default 15); shorter pauses do not interrupt continuous work. 0 turns the rule off',
})
const MinDailyRestHours = Type.Integer({
  minimum: 8,
  maximum: 24,
  description:
    'Art. 34.3 ET: the shortest rest between the end of one working day and the start of the next, in hours (default 12; 8 to 24, for the sectors whose agreements RD 1561/1995 lets go below 12). Less is a `short_daily_rest` anomaly',
})
const MaxOrdinaryDayHours = Type.Integer({
  minimum: 4,
  maximum: 12,
  description:
    'Art. 34.3 ET: the longest ordinary working day, in hours (default 9, unless a collective agreement distributes the hours otherwise; under-18s 8 whatever it says). More is a `long_ordinary_day` anomaly',
})
const RememberDeviceHours = Type.Integer({
  minimum: 0,
  maximum: 720,
  description:
    'How long a sign-in with “Remember this device” (`remember: true`) lasts, in hours, instead of the service’s `SESSION_MAX_HOURS`, with no idle timeout; 0 (the default) does not allow it: such a sign-in lasts as any other. At most 720 (30 days). Lowering it shortens the sessions already remembered at their next request',
})
const LegalName = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: 'Registered name of the company, printed on the monthly record',
})
const Cif = Type.String({
  minLength: 9,
  maxLength: 15,
  description:
    'Tax id (CIF, or a sole trader’s DNI/NIE), printed on the monthly record; stored without spaces, dots or dashes',
})

const Domain = Type.String({
  minLength: 3,
  maxLength: 253,
  pattern: '^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$',
  description: 'A mail domain in lowercase, e.g. acme.es',
})
const OidcIssuer = Type.String({
  minLength: 8,
  maxLength: 500,
  description:
    'The provider’s issuer, exactly as its discovery document names it (https; plain http only on a loopback host)',
})
const ClientId = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '\\S',
  description: 'The client (application) id the provider gave Jornada',
})
const AllowedDomains = Nullable(
  Type.Array(Domain, {
    minItems: 1,
    maxItems: 50,
    uniqueItems: true,
    description: 'Only people whose verified email is in one of these domains sign in this way; null: any domain',
  }),
)
const SsoOnly = Type.Boolean({
  description:
    'Password and passkey sign-in are refused (403 `sso_required`) to everyone but administrators, whose password stays a break-glass way in (audited as `auth.login.break_glass`)',
})

export const SsoSettings = Type.Object(
  {
    oidc_issuer: Type.String({ description: 'The provider’s issuer' }),
    client_id: Type.String(),
    allowed_domains: Nullable(Type.Array(Type.String())),
    sso_only: Type.Boolean(),
    updated_at: Type.String({ format: 'date-time' }),
  },
  {
    // Single sign-on: docs/decisions/0016-accounts-and-sign-in.md.
    description:
      'Single sign-on with the company’s OpenID Connect provider, or null when people sign in with passwords and passkeys only. The client secret is never answered. People start at `/auth/oidc/start?tenant_id=…`; the provider sends them back to `PUBLIC_URL` + `/auth/oidc/callback`, the redirect URI to register there.',
  },
)

export const UpdateSsoSettings = Type.Object(
  {
    oidc_issuer: OidcIssuer,
    client_id: ClientId,
    client_secret: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        writeOnly: true,
        description:
          'Write-only: stored encrypted with the service’s `SECRETS_KEY`, never answered. May be left out to keep the stored one while the issuer and client id stay the same.',
      }),
    ),
    allowed_domains: Type.Optional(AllowedDomains),
    sso_only: Type.Optional(SsoOnly),
  },
  { additionalProperties: false },
)
export type UpdateSsoSettingsType = Static<typeof UpdateSsoSettings>

export const Tenant = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    timezone: Type.String({ description: 'IANA time zone of the company' }),
    default_vacation_days: Type.Integer(),
    vacation_rounding: VacationRounding,
    vacation_unit: VacationUnit,
    country: Nullable(Type.String()),
    region: Nullable(Type.String()),
    hr_department_id: Nullable(Type.String({ description: 'Members of this department are HR' })),
    default_folders: Type.Array(Type.String()),
    default_schedule_id: Nullable(Type.String({ description: 'Schedule of users without one of their own' })),
    max_session_hours: MaxSessionHours,
    break_after_minutes: BreakAfterMinutes,
    min_break_minutes: MinBreakMinutes,
    min_daily_rest_hours: MinDailyRestHours,
    max_ordinary_day_hours: MaxOrdinaryDayHours,
    remember_device_hours: RememberDeviceHours,
    legal_name: Nullable(
      Type.String({ description: 'Registered name of the company (the record shows name when null)' }),
    ),
    cif: Nullable(Type.String({ description: 'Tax id of the company' })),
    language: Language,
    overtime_policy: OvertimePolicySchema,
    notification_defaults: NotificationDefaultsSchema,
    sso: Nullable(SsoSettings),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Tenant', description: 'Company settings' },
)
export type TenantType = Static<typeof Tenant>

export const UpdateTenantBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
    timezone: Type.Optional(TimeZone()),
    default_vacation_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 })),
    vacation_rounding: Type.Optional(VacationRounding),
    vacation_unit: Type.Optional(VacationUnit),
    country: Type.Optional(Nullable(Country)),
    region: Type.Optional(Nullable(Region)),
    hr_department_id: Type.Optional(Nullable(Id())),
    default_folders: Type.Optional(FolderNames),
    default_schedule_id: Type.Optional(Id('Schedule of users without one of their own')),
    max_session_hours: Type.Optional(MaxSessionHours),
    break_after_minutes: Type.Optional(BreakAfterMinutes),
    min_break_minutes: Type.Optional(MinBreakMinutes),
    min_daily_rest_hours: Type.Optional(MinDailyRestHours),
    max_ordinary_day_hours: Type.Optional(MaxOrdinaryDayHours),
    remember_device_hours: Type.Optional(RememberDeviceHours),
    legal_name: Type.Optional(Nullable(LegalName)),
    cif: Type.Optional(Nullable(Cif)),
    language: Type.Optional(Language),
    overtime_policy: Type.Optional(UpdateOvertimePolicy),
    notification_defaults: Type.Optional(UpdateNotificationDefaults),
    sso: Type.Optional(
      Nullable(UpdateSsoSettings, {
        description:
          'Sets up single sign-on with the company’s OpenID Connect provider (its discovery document must answer), or turns it off (null). Needs the service’s `SECRETS_KEY` (409 `secrets_key_missing`).',
      }),
    ),
    default_schedule_effective_from: Type.Optional(
      DateString(
        'First day the new default_schedule_id applies (default: today in the company’s time zone); earlier days keep the default they had. Only with default_schedule_id.',
      ),
    ),
  },
  { additionalProperties: false },
)
export type UpdateTenantBodyType = Static<typeof UpdateTenantBody>

/** Input of `jornada tenants create`, checked with the same validator as request bodies. */
export const CreateTenantInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    admin_email: Type.String({ format: 'email', maxLength: 254 }),
    admin_name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    timezone: Type.Optional(TimeZone()),
    country: Type.Optional(Country),
    region: Type.Optional(Region),
  },
  { additionalProperties: false },
)
export type CreateTenantInputType = Static<typeof CreateTenantInput>
