/** Request and response schemas of the users API; they also generate its OpenAPI entries. */
import { type Static, type TOptional, type TSchema, Type } from 'typebox'
import { UserOvertimeCompExpiry, UserOvertimeCompensation } from '../../lib/overtime-policy.js'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../lib/passwords.js'
import { DateString, Id, IdName, Nullable, PaginationQuery } from '../../lib/schemas.js'

const Phone = Type.String({ pattern: '^\\+?[0-9 ().-]{4,32}$', description: 'Phone number: digits, spaces, + ( ) . -' })
const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) })
const FullName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Full name' })
const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'Login email, unique in the tenant (case-insensitive)',
})
const Role = Type.Union([Type.Literal('member'), Type.Literal('admin')], { description: "'member' or 'admin'" })
const VacationDays = Type.Integer({ minimum: 0, maximum: 366, description: 'Annual vacation days' })

/** Write schemas of the profile fields (contract section 2.4). */
export const ProfileWriteFields = {
  phone_company: Nullable(Phone),
  phone_personal: Nullable(Phone),
  personal_email: Nullable(Type.String({ format: 'email', maxLength: 254, description: 'Personal email' })),
  birth_date: Nullable(DateString('Birth date')),
  nationality: Nullable(Text(100)),
  dni: Nullable(
    Type.String({
      maxLength: 32,
      pattern: '^[A-Za-z0-9 .-]*$',
      description: 'National/foreigner id; its digits are the kiosk identifier',
    }),
  ),
  dni_expiry: Nullable(DateString()),
  address: Nullable(Text(500)),
  city: Nullable(Text(200)),
  postal_code: Nullable(Text(20)),
  passport_number: Nullable(Text(32)),
  passport_issue: Nullable(DateString()),
  passport_expiry: Nullable(DateString()),
  health_insurance: Nullable(Text(200)),
  iban: Nullable(
    Type.String({ format: 'iban', maxLength: 42, description: 'Payroll account; the checksum is verified' }),
  ),
  swift: Nullable(Type.String({ format: 'bic', maxLength: 11, description: 'BIC/SWIFT code' })),
  country: Nullable(Text(100, 'Managed by HR')),
  company_name: Nullable(Text(200, 'Managed by HR')),
  company_cif: Nullable(Text(32, 'Managed by HR')),
  ssn: Nullable(Text(32, 'Managed by HR')),
  qualifications: Type.Unsafe<string | string[] | null>({
    anyOf: [
      { type: 'array', items: { type: 'string' }, maxItems: 100 },
      { type: 'string', maxLength: 30000 },
      { type: 'null' },
    ],
    description:
      'Managed by HR: an array of strings (as it is read), or the same array serialised as a JSON string (the contract’s write form); at most 100 of at most 200 characters',
  }),
}

const nullableString = () => Nullable(Type.String())
export const Profile = Type.Object({
  phone_company: nullableString(),
  phone_personal: nullableString(),
  personal_email: nullableString(),
  birth_date: nullableString(),
  nationality: nullableString(),
  dni: nullableString(),
  dni_expiry: nullableString(),
  address: nullableString(),
  city: nullableString(),
  postal_code: nullableString(),
  passport_number: nullableString(),
  passport_issue: nullableString(),
  passport_expiry: nullableString(),
  health_insurance: nullableString(),
  iban: nullableString(),
  swift: nullableString(),
  country: nullableString(),
  company_name: nullableString(),
  company_cif: nullableString(),
  ssn: nullableString(),
  qualifications: Type.Array(Type.String(), { description: 'Empty array when none' }),
})

export const Folder = Type.Object({ id: Type.String(), name: Type.String(), document_count: Type.Integer() })

/** A part-timer's written pact of complementary hours (art. 12.5 ET), as a share of the year's ordinary hours. */
const ComplementaryPactPercent = Type.Integer({
  minimum: 0,
  maximum: 60,
  description:
    'The written pact of complementary hours (art. 12.5 ET), in % of the year’s ordinary hours: up to 30, up to 60 where the collective agreement allows; 0 (default): no pact. Lawful only on a contract of at least 10 hours a week (art. 12.5.a): otherwise flagged in the overtime balance, not refused. Set by administrators or HR',
  'x-messages': { minimum: 'must be 0 to 60 (art. 12.5.c ET)', maximum: 'must be 0 to 60 (art. 12.5.c ET)' },
})

/** Voluntary complementary hours a part-timer on an indefinite contract may accept (art. 12.5.g ET). */
const ComplementaryVoluntaryPercent = Type.Integer({
  minimum: 0,
  maximum: 30,
  description:
    'Voluntary complementary hours the company may offer on an indefinite contract (art. 12.5.g ET), in % of the year’s ordinary hours: up to 15, up to 30 by collective agreement; 0 (default): none. Set by administrators or HR',
  'x-messages': { minimum: 'must be 0 to 30 (art. 12.5.g ET)', maximum: 'must be 0 to 30 (art. 12.5.g ET)' },
})

export const UserReduced = Type.Object(
  {
    id: Type.String(),
    full_name: Type.String(),
    email: Type.String(),
    role: Role,
    status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
    has_photo: Type.Boolean(),
    department: Nullable(IdName),
    work_center: Nullable(IdName),
  },
  { $id: 'UserReduced', description: 'User, reduced form (default of users.list)' },
)

export const UserFull = Type.Object(
  {
    id: Type.String(),
    full_name: Type.String(),
    email: Type.String(),
    role: Role,
    status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
    hire_date: Nullable(Type.String({ format: 'date' })),
    vacation_days: Type.Integer({ description: 'Effective annual vacation days (the company default unless set)' }),
    works_holidays: Type.Boolean(),
    remote_work_allowed: Type.Boolean(),
    overtime_compensation: UserOvertimeCompensation,
    overtime_comp_expiry: UserOvertimeCompExpiry,
    night_worker: Type.Boolean({
      description:
        'Works nights (art. 36.1 ET): their overtime can only be approved as force majeure. Set by administrators or HR',
    }),
    complementary_pact_percent: ComplementaryPactPercent,
    complementary_voluntary_percent: ComplementaryVoluntaryPercent,
    // The representative's reads: docs/decisions/0019-representatives-and-record-export.md.
    representative: Type.Boolean({
      description:
        'A workers’ representative: reads the company’s monthly overtime report and totals. Set by administrators',
    }),
    created_at: Type.String({ format: 'date-time' }),
    has_photo: Type.Boolean(),
    department: Nullable(IdName),
    work_center: Nullable(IdName),
    manager_id: Nullable(Type.String({ description: "The user's supervisor" })),
    schedule_id: Nullable(
      Type.String({
        description:
          'Own work schedule most recently assigned; null follows the company default. GET /users/{id}/schedule-history shows what applied when.',
      }),
    ),
    employment_periods: Type.Array(
      Type.Object({
        start_date: Nullable(
          Type.String({ format: 'date', description: 'First day; null: since always (no hire date)' }),
        ),
        end_date: Nullable(
          Type.String({ format: 'date', description: 'Last day (the day of the deactivation); null while employed' }),
        ),
      }),
      {
        description:
          'Spans of employment: the first begins at the hire date, each deactivation ends one, each reactivation begins another. Outside them nothing is expected.',
      },
    ),
    profile: Profile,
    folders: Nullable(Type.Array(Folder, { description: 'Only with include_folders=true on users.get' })),
  },
  { $id: 'UserFull', description: 'User, full form' },
)
export type UserFullType = Static<typeof UserFull>
export type UserReducedType = Static<typeof UserReduced>

export const UserIdParams = Type.Object({ user_id: Id('User id') }, { additionalProperties: false })

export const GetUserQuery = Type.Object(
  {
    include_folders: Type.Optional(
      Type.Boolean({ default: false, description: "true adds the employee's document folders" }),
    ),
  },
  { additionalProperties: false },
)

export const ListUsersQuery = Type.Object(
  {
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
    detail: Type.Optional(Type.Union([Type.Literal('reduced'), Type.Literal('full')], { default: 'reduced' })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
    role: Type.Optional(Role),
    department_id: Type.Optional(Id()),
    work_center_id: Type.Optional(Id()),
    manager_id: Type.Optional(Id('Direct reports of this user')),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Exact email, case-insensitive' })),
    q: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive substring of full name or email' }),
    ),
  },
  { additionalProperties: false },
)
export type ListUsersQueryType = Static<typeof ListUsersQuery>

export const CreateUserBody = Type.Object(
  {
    email: Email,
    full_name: FullName,
    password: Type.Optional(
      Type.String({
        minLength: MIN_PASSWORD_LENGTH,
        maxLength: MAX_PASSWORD_LENGTH,
        description: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, not a commonly used password; omit to invite the person to set their own (POST /users/{id}/invite)`,
      }),
    ),
    role: Type.Optional(Role),
    department_id: Type.Optional(Nullable(Id())),
    work_center_id: Type.Optional(Nullable(Id())),
    manager_id: Type.Optional(Nullable(Id('Supervisor (extension)'))),
    schedule_id: Type.Optional(Nullable(Id('Work schedule (extension); omitted or null: the company default'))),
    hire_date: Type.Optional(Nullable(DateString())),
    vacation_days: Type.Optional(Nullable(VacationDays)),
    works_holidays: Type.Optional(Type.Boolean({ default: false })),
    remote_work_allowed: Type.Optional(Type.Boolean({ default: false })),
    dni: Type.Optional(ProfileWriteFields.dni),
    phone: Type.Optional(
      Type.String({
        pattern: '^\\+?[0-9 ().-]{4,32}$',
        description: 'Stored as profile.phone_personal; never a kiosk PIN',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CreateUserBodyType = Static<typeof CreateUserBody>

/** The same fields, each optional: a partial update sends only what changes. */
function optional<T extends Record<string, TSchema>>(fields: T): { [K in keyof T]: TOptional<T[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as {
    [K in keyof T]: TOptional<T[K]>
  }
}

export const UpdateUserBody = Type.Object(
  {
    full_name: Type.Optional(FullName),
    role: Type.Optional(Role),
    department_id: Type.Optional(Nullable(Id())),
    work_center_id: Type.Optional(Nullable(Id())),
    manager_id: Type.Optional(Nullable(Id('Supervisor (extension); null removes it'))),
    schedule_id: Type.Optional(Nullable(Id('Work schedule (extension); null: the company default'))),
    schedule_effective_from: Type.Optional(
      DateString(
        'First day the new schedule_id applies (default: today in the company’s time zone); earlier days keep the schedule they had. Only with schedule_id.',
      ),
    ),
    hire_date: Type.Optional(Nullable(DateString())),
    vacation_days: Type.Optional(
      Nullable({ ...VacationDays, description: 'null resets to the company default' } as typeof VacationDays),
    ),
    works_holidays: Type.Optional(Type.Boolean()),
    remote_work_allowed: Type.Optional(Type.Boolean()),
    overtime_compensation: Type.Optional(UserOvertimeCompensation),
    overtime_comp_expiry: Type.Optional(UserOvertimeCompExpiry),
    night_worker: Type.Optional(Type.Boolean({ description: 'Works nights (art. 36.1 ET)' })),
    complementary_pact_percent: Type.Optional(ComplementaryPactPercent),
    complementary_voluntary_percent: Type.Optional(ComplementaryVoluntaryPercent),
    representative: Type.Optional(
      Type.Boolean({ description: 'A workers’ representative (administrators only; audited)' }),
    ),
    ...optional(ProfileWriteFields),
  },
  { additionalProperties: false, description: 'Partial update: omitted fields keep their value, null clears' },
)
export type UpdateUserBodyType = Static<typeof UpdateUserBody>
