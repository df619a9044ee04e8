/**
 * The database's type as Kysely sees it, and the core tables every layer reads: the companies and
 * their people (auth/ builds the caller from them, db/ locks and scopes by them). Every other
 * table belongs to a module and is declared in that module's `<m>.tables.ts`, with the same
 * conventions. Instants are stored as ISO 8601 UTC text with
 * millisecond precision (`2026-03-02T08:00:00.000Z`) and calendar days as `YYYY-MM-DD` text on both
 * engines: the fixed width makes text order equal time order, and both engines then compare, index
 * and return exactly the same values with no driver-specific conversion. JSON values are text, typed `JsonText<T>` (db/codec.ts).
 * Booleans are `boolean` on both engines: SQLite stores 0/1, and its rows turn columns declared
 * `boolean` back into booleans (db/sqlite-statements.ts).
 */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { OvertimeApproval, OvertimeBasis, OvertimeCompensation } from '../lib/overtime-policy.js'
import type { JsonText } from './codec.js'

/** A boolean column: written and read as a boolean on both engines. */
export type DbBoolean = boolean

export interface TenantsTable {
  id: string
  name: string
  timezone: string
  default_vacation_days: number
  /** How a prorated year's vacation days are rounded to whole days (migration 0015). */
  vacation_rounding: 'up' | 'nearest' | 'down'
  /** Art. 38.1 ET: whether vacation days are working days or calendar days (migration 0028). */
  vacation_unit: 'working_days' | 'calendar_days'
  country: string | null
  region: string | null
  hr_department_id: string | null
  /** The folder names every new user receives. */
  default_folders: JsonText<string[]>
  /** Schedule of users without one of their own. */
  default_schedule_id: string | null
  /** A session open longer than this is a forgotten clock-out (migration 0016). */
  max_session_hours: number
  /** Art. 34.4 ET: continuous work longer than break_after_minutes needs a break of min_break_minutes (0: no rule). */
  break_after_minutes: number
  min_break_minutes: number
  /** Art. 34.3 ET: the shortest rest between two working days, in hours (default 12; migration 0031). */
  min_daily_rest_hours: number
  /** Art. 34.3 ET: the longest ordinary day, in hours (default 9; minors 8 whatever it says; migration 0031). */
  max_ordinary_day_hours: number
  /** How long a sign-in with "remember this device" lasts, in hours; 0: not allowed (migration 0032). */
  remember_device_hours: number
  /** JSON, the company's reminder defaults (lib/notification-settings.ts); null: the service's (migration 0037). */
  notification_defaults: string | null
  legal_name: string | null
  cif: string | null
  /** Language of the company's documents and mails. */
  language: 'es' | 'en'
  /**
   * Overtime (docs/decisions/0018-overtime.md, migration 0019): how it is counted, compensated,
   * capped and decided.
   */
  overtime_basis: OvertimeBasis
  overtime_compensation: OvertimeCompensation
  /** ISO 8601 months, e.g. P4M: rest is due within this after the end of the lot's month. */
  overtime_comp_expiry: string
  overtime_annual_cap_hours: number
  overtime_approval: OvertimeApproval
  created_at: string
}

/** Profile fields of the contract (section 2.4); `qualifications` is a JSON array of strings. */
export interface ProfileColumns {
  phone_company: string | null
  phone_personal: string | null
  personal_email: string | null
  birth_date: string | null
  nationality: string | null
  dni: string | null
  dni_expiry: string | null
  address: string | null
  city: string | null
  postal_code: string | null
  passport_number: string | null
  passport_issue: string | null
  passport_expiry: string | null
  health_insurance: string | null
  iban: string | null
  swift: string | null
  country: string | null
  company_name: string | null
  company_cif: string | null
  ssn: string | null
  qualifications: JsonText<string[]>
}

export interface UsersTable extends ProfileColumns {
  id: string
  tenant_id: string
  email: string
  /** Lower-cased email: uniqueness and lookups are case-insensitive on both engines. */
  email_normalized: string
  full_name: string
  /** Full name in lower case without diacritics: search and ordering identical on both engines. */
  full_name_normalized: string
  role: 'member' | 'admin'
  status: 'active' | 'disabled'
  hire_date: string | null
  /** null follows the tenant's default_vacation_days. */
  vacation_days: number | null
  works_holidays: DbBoolean
  remote_work_allowed: DbBoolean
  /** Null: the company's policy (docs/decisions/0018-overtime.md). */
  overtime_compensation: OvertimeCompensation | null
  overtime_comp_expiry: string | null
  /** Works nights (art. 36.1 ET): may not do overtime but in force majeure. */
  night_worker: DbBoolean
  /**
   * Complementary hours of a part-timer (art. 12.5 ET), as percentages of the year's ordinary
   * hours: the written pact's (0-60; 0: no pact) and the voluntary ones' (0-30).
   */
  complementary_pact_percent: number
  complementary_voluntary_percent: number
  /**
   * A workers' representative (docs/decisions/0019-representatives-and-record-export.md): reads the
   * company-wide overtime and monthly totals.
   */
  representative: DbBoolean
  has_photo: DbBoolean
  department_id: string | null
  work_center_id: string | null
  manager_id: string | null
  password_hash: string | null
  /** Digits of the DNI: the identifier typed at a kiosk. Unique per tenant. */
  kiosk_id: string | null
  kiosk_pin_hash: string | null
  /** The PIN is a one-time PIN (mailed to the person): the next kiosk use must change it. */
  kiosk_pin_initial: DbBoolean
  /**
   * When the person's sign-in credential was issued by the company (an invitation link handed to an
   * administrator, docs/decisions/0024-only-the-worker-acts-as-the-worker.md); null once the person
   * replaced it (a password change or reset, a passkey) or when it was always theirs.
   */
  credentials_company_issued_at: string | null
  /** When the kiosk PIN was set by the company or with a company-issued sign-in; null: the person's own. */
  kiosk_pin_company_issued_at: string | null
  /** null follows the tenant's default schedule. The assignment most recently made; see schedule_assignments for dates. */
  schedule_id: string | null
  /** JSON [{ start, end }] (YYYY-MM-DD or null, both included); [] is "employed since the hire date". */
  employment_periods: JsonText<{ start: string | null; end: string | null }[]>
  created_at: string
  updated_at: string
}

/**
 * Every table as Kysely sees it. Here the core tables only: each module declares its own in its
 * `<m>.tables.ts`, which adds them here by declaration merging (`declare module
 * '../../db/schema.js'`), so the compiler knows them wherever the database is typed and nothing
 * central names them. test/architecture/ownership.test.ts checks that each table is declared in
 * exactly one place.
 */
export interface Database {
  tenants: TenantsTable
  users: UsersTable
}

export type TenantRow = Selectable<TenantsTable>
export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
