/**
 * Row types of every table as Kysely sees them. Instants are stored as ISO 8601 UTC text with
 * millisecond precision (`2026-03-02T08:00:00.000Z`) and calendar days as `YYYY-MM-DD` text on both
 * engines: the fixed width makes text order equal time order, and both engines then compare, index
 * and return exactly the same values with no driver-specific conversion. JSON values are text, typed `JsonText<T>` (db/codec.ts).
 * Booleans are `boolean` on both engines: SQLite stores 0/1, and its rows turn columns declared
 * `boolean` back into booleans (db/sqlite-statements.ts).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
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

export interface DepartmentsTable {
  id: string
  tenant_id: string
  name: string
  created_at: string
}

export interface WorkCentersTable {
  id: string
  tenant_id: string
  name: string
  country: string | null
  region: string | null
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
  /** The PIN is still the one derived from the phone: the next kiosk use must change it. */
  kiosk_pin_initial: DbBoolean
  /** null follows the tenant's default schedule. The assignment most recently made; see schedule_assignments for dates. */
  schedule_id: string | null
  /** JSON [{ start, end }] (YYYY-MM-DD or null, both included); [] is "employed since the hire date". */
  employment_periods: JsonText<{ start: string | null; end: string | null }[]>
  created_at: string
  updated_at: string
}

export interface FoldersTable {
  id: string
  tenant_id: string
  user_id: string
  name: string
  position: number
  document_count: number
  created_at: string
}

export interface ApiKeysTable {
  id: string
  tenant_id: string
  name: string
  /** Hex SHA-256 of the secret part of the key; the secret itself is never stored. */
  secret_hash: string
  /** The scope names. */
  scopes: JsonText<string[]>
  acts_as_user_id: string
  created_at: string
  last_used_at: string | null
  expires_at: string | null
  revoked_at: string | null
  /**
   * 'inspector': read-only access to the time record, every request in the access log
   * (docs/decisions/0011-reports-sign-off-and-inspector-keys.md).
   */
  kind: Generated<'standard' | 'inspector'>
  /**
   * Who created the key: the person it acts as (a personal key,
   * docs/decisions/0016-accounts-and-sign-in.md), an administrator (an integration's key), or null
   * (the command line, or a key older than the column).
   */
  created_by_user_id: string | null
}

export interface SchedulesTable {
  id: string
  tenant_id: string
  name: string
  /** 7 integers: expected minutes Monday ... Sunday. */
  weekday_minutes: JsonText<number[]>
  created_at: string
}

export interface CompanyHolidaysTable {
  id: string
  tenant_id: string
  date: string
  name: string
  /** null: a holiday of the whole company; otherwise only of that work center. */
  work_center_id: string | null
  created_at: string
}

/** Append-only: the code inserts punches and never updates or deletes one. */
export interface PunchesTable {
  id: string
  tenant_id: string
  user_id: string
  /** Position in the user's chain, from 1. */
  seq: number
  type: 'in' | 'out' | 'break_start' | 'break_end'
  ts: string
  /** Modality of the session the punch belongs to (chosen on its `in`). */
  modality: 'onsite' | 'remote'
  /** `api` (pushed by an administrator), `clock` (the employee's own), `kiosk`, `correction`. */
  source: PunchSource
  /** Acting user who recorded it; null for punches recorded before origins were kept. */
  created_by: string | null
  /** The kiosk it was punched at (source `kiosk`). */
  kiosk_id: string | null
  /** The approved correction that appended it (source `correction`). */
  correction_id: string | null
  /** Canonical form the hash covers: 1 before origins were kept, 2 with them. */
  hash_version: number
  created_at: string
  prev_hash: string | null
  /** SHA-256 over the punch's canonical fields and prev_hash. */
  hash: string
}

export type PunchSource = 'api' | 'clock' | 'kiosk' | 'correction'

/**
 * A proposed change to an employee's punches, decided by the other side. Mutable only while
 * pending; once approved it is a link of the employee's hash chain (seq, prev_hash, hash).
 */
export interface PunchCorrectionsTable {
  id: string
  tenant_id: string
  user_id: string
  status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  reason: string
  /** The changes, normalised (instants in UTC with milliseconds). */
  changes: JsonText<unknown[]>
  /** Earliest and latest instants the changes touch (old and new positions). */
  first_ts: string
  last_ts: string
  proposed_by: string
  proposed_at: string
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
  cancelled_at: string | null
  seq: number | null
  prev_hash: string | null
  hash: string | null
}

/** Append-only: a punch superseded (moved or voided) by an approved correction. */
export interface PunchSupersessionsTable {
  punch_id: string
  tenant_id: string
  user_id: string
  correction_id: string
  created_at: string
}

/** The weekly minutes a schedule expects from a date on. */
export interface ScheduleVersionsTable {
  id: string
  tenant_id: string
  schedule_id: string
  /** YYYY-MM-DD; 0001-01-01 is "since always". */
  effective_from: string
  /** 7 integers, Monday first. */
  weekday_minutes: JsonText<number[]>
  created_at: string
}

/** Which schedule applies from a date on: a user's own (user_id set) or the company default (user_id null). */
export interface ScheduleAssignmentsTable {
  id: string
  tenant_id: string
  user_id: string | null
  effective_from: string
  /** For a user, null follows the company default. */
  schedule_id: string | null
  created_at: string
}

/**
 * The last link of each employee's punch chain, written in the same transaction as the punch.
 * A chain alone cannot show that punches were removed from its end; this row can.
 */
export interface PunchChainHeadsTable {
  user_id: string
  tenant_id: string
  seq: number
  hash: string
}

export interface AllocationsTable {
  id: string
  tenant_id: string
  user_id: string
  /** Exactly one of project_id and note is set. */
  project_id: string | null
  note: string | null
  comment: string | null
  /** Local day of `start` in the zone given when the allocation was made. */
  date: string
  start: string
  end: string
  minutes: number
  source: string
  created_at: string
}

export interface ExpensesTable {
  id: string
  tenant_id: string
  user_id: string
  status: string
  merchant: string
  expense_date: string
  /** Minor units of `currency` (cents for EUR, yen for JPY). */
  amount: number
  currency: string
  /** Euro cents. */
  amount_eur: number
  /** Amounts in minor units. */
  taxes: JsonText<{ rate_percent: number; amount: number }[]>
  category_key: string
  category_label: string
  reconciled: DbBoolean
  created_at: string
}

export interface AbsenceTypesTable {
  id: string
  tenant_id: string
  /** Unique in the tenant; what requests name (`vacation`, `sick`, ...). */
  key: string
  label: string
  requires_approval: DbBoolean
  allows_hourly: DbBoolean
  consumes_vacation: DbBoolean
  created_at: string
}

export interface AbsencesTable {
  id: string
  tenant_id: string
  user_id: string
  type_id: string
  status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  start_date: string
  /** Inclusive. */
  end_date: string
  /** HH:MM, hourly absences only (then start_date = end_date). */
  start_time: string | null
  end_time: string | null
  /** Notes are stored, never returned. */
  request_note: string | null
  decision_note: string | null
  decided_by: string | null
  decided_at: string | null
  cancelled_at: string | null
  created_at: string
  /** The last change of status (or the creation): what overtime looks at to follow the record. */
  updated_at: string
}

/**
 * Every table as Kysely sees it. A module may declare its own tables in its `<m>.tables.ts`,
 * which adds them here by declaration merging (`declare module '../../db/schema.js'`): the
 * compiler then knows them wherever the database is typed, and nothing central names them.
 */
export interface Database {
  tenants: TenantsTable
  departments: DepartmentsTable
  work_centers: WorkCentersTable
  users: UsersTable
  folders: FoldersTable
  api_keys: ApiKeysTable
  schedules: SchedulesTable
  company_holidays: CompanyHolidaysTable
  punches: PunchesTable
  punch_chain_heads: PunchChainHeadsTable
  punch_corrections: PunchCorrectionsTable
  punch_supersessions: PunchSupersessionsTable
  schedule_versions: ScheduleVersionsTable
  schedule_assignments: ScheduleAssignmentsTable
  allocations: AllocationsTable
  expenses: ExpensesTable
  absence_types: AbsenceTypesTable
  absences: AbsencesTable
  audit_log: AuditLogTable
  access_log: AccessLogTable
  month_signatures: MonthSignaturesTable
  events: EventsTable
  webhooks: WebhooksTable
  kiosks: KiosksTable
  kiosk_sessions: KioskSessionsTable
  kiosk_lockouts: KioskLockoutsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_dispatch: WebhookDispatchTable
  auth_epoch: AuthEpochTable
  sessions: SessionsTable
  account_tokens: AccountTokensTable
  passkeys: PasskeysTable
  webauthn_challenges: WebauthnChallengesTable
  tenant_sso: TenantSsoTable
  oidc_sign_ins: OidcSignInsTable
  overtime_lots: OvertimeLotsTable
  overtime_rest_draws: OvertimeRestDrawsTable
  overtime_payments: OvertimePaymentsTable
  overtime_settlements: OvertimeSettlementsTable
  record_keys: RecordKeysTable
  mail_messages: MailMessagesTable
}

/**
 * A person signed in (docs/decisions/0016-accounts-and-sign-in.md): only hashes of the cookie's
 * secret and of the CSRF token are kept.
 */
export interface SessionsTable {
  id: string
  tenant_id: string
  user_id: string
  secret_hash: string
  csrf_hash: string
  created_at: string
  /** Moved at most once a minute by the requests made with the session; the idle timeout counts from it. */
  last_seen_at: string
  /** The absolute end, whatever the activity. */
  expires_at: string
  user_agent: string | null
  ip_address: string | null
  /** How the person signed in: 'password', 'reset', 'invitation' (later 'passkey', 'sso'). */
  method: string
  ended_at: string | null
  /** 'logout', 'ended' (by the person from another session), 'password_changed', 'password_reset', 'deactivated'. */
  end_reason: string | null
}
export type SessionRow = Selectable<SessionsTable>

/** A single-use link sent by mail: an invitation (72 h) or a password reset (1 h); only its hash is kept. */
export interface AccountTokensTable {
  id: string
  tenant_id: string
  user_id: string
  purpose: 'invitation' | 'password_reset'
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  created_by_user_id: string | null
}
export type AccountTokenRow = Selectable<AccountTokensTable>

/** A person's passkey (WebAuthn credential): its public key and signature counter (migration 0017). */
export interface PasskeysTable {
  id: string
  tenant_id: string
  user_id: string
  /** base64url, as the authenticator names it. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  /** bigint: a counter runs to 2^32 - 1; read it with Number(). */
  counter: number | string
  /** JSON array of transports ("internal", "hybrid", "usb", ...). */
  transports: string
  device_type: 'singleDevice' | 'multiDevice'
  backed_up: DbBoolean
  name: string
  created_at: string
  last_used_at: string | null
}
export type PasskeyRow = Selectable<PasskeysTable>

/** A WebAuthn ceremony under way: its challenge, used once, within minutes. */
export interface WebauthnChallengesTable {
  challenge: string
  purpose: 'registration' | 'login'
  tenant_id: string | null
  user_id: string | null
  expires_at: string
}

/**
 * A company's single sign-on (docs/decisions/0016-accounts-and-sign-in.md): its OpenID Connect
 * client.
 */
export interface TenantSsoTable {
  tenant_id: string
  oidc_issuer: string
  client_id: string
  /** lib/secret-box.ts: opens only with `SECRETS_KEY`, never stored in clear. */
  client_secret_sealed: string
  /** Lowercase domains, or null for any. */
  allowed_domains: JsonText<string[]> | null
  sso_only: DbBoolean
  updated_at: string
}

export type TenantSsoRow = Selectable<TenantSsoTable>

/** A sign-in sent to the provider and not back yet: what its answer is checked against, used once. */
export interface OidcSignInsTable {
  state_hash: string
  tenant_id: string
  nonce: string
  code_verifier: string
  expires_at: string
}

/** One row (id 1): the authentication epoch, moved by triggers (migration 0013). */
export interface AuthEpochTable {
  id: number
  n: number
}

/** One request made with an inspector key; append-only. `subjects`: the user ids. */
export interface AccessLogTable {
  id: string
  tenant_id: string
  at: string
  key_id: string
  user_id: string
  method: string
  route: string
  status: number
  subjects: JsonText<string[]>
}
export type AccessLogRow = Selectable<AccessLogTable>

/** A worker's signature of their monthly record: the SHA-256 of its canonical JSON. Never changed. */
export interface MonthSignaturesTable {
  id: string
  tenant_id: string
  user_id: string
  month: string
  time_zone: string
  sha256: string
  signed_at: string
  key_id: string
}
export type MonthSignatureRow = Selectable<MonthSignaturesTable>

/** One write through the API or the CLI; append-only. `fields`: the field names. */
export interface AuditLogTable {
  id: string
  tenant_id: string
  at: string
  source: 'api' | 'cli'
  key_id: string | null
  user_id: string | null
  operation: string
  resource_id: string | null
  fields: JsonText<string[]>
}
export type AuditLogRow = Selectable<AuditLogTable>

export type TenantRow = Selectable<TenantsTable>
export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type DepartmentRow = Selectable<DepartmentsTable>
export type WorkCenterRow = Selectable<WorkCentersTable>
export type FolderRow = Selectable<FoldersTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
export type ScheduleRow = Selectable<SchedulesTable>
export type CompanyHolidayRow = Selectable<CompanyHolidaysTable>
export type PunchRow = Selectable<PunchesTable>
export type PunchChainHeadRow = Selectable<PunchChainHeadsTable>
export type PunchCorrectionRow = Selectable<PunchCorrectionsTable>
export type ScheduleVersionRow = Selectable<ScheduleVersionsTable>
export type ScheduleAssignmentRow = Selectable<ScheduleAssignmentsTable>
export type AllocationRow = Selectable<AllocationsTable>
export type ExpenseRow = Selectable<ExpensesTable>
export type AbsenceTypeRow = Selectable<AbsenceTypesTable>
export type AbsenceRow = Selectable<AbsencesTable>
export type { Generated }

/** One change of state, written in the transaction of the change (the outbox), kept 30 days. */
export interface EventsTable {
  seq: Generated<number>
  tx: Generated<number>
  id: string
  tenant_id: string
  type: string
  occurred_at: string
  actor_user_id: string | null
  actor_key_id: string | null
  data: JsonText<unknown>
}
export type EventRow = Selectable<EventsTable>

/**
 * A shared clock-in device at a workplace (docs/decisions/0013-kiosks.md); its token is stored as a
 * SHA-256 hash.
 */
export interface KiosksTable {
  id: string
  tenant_id: string
  name: string
  work_center_id: string | null
  token_hash: string
  created_by: string
  created_at: string
  revoked_at: string | null
  last_used_at: string | null
  /** Failed sign-ins at this device in the current 15-minute window (the slowdown across identifiers). */
  failure_window_start: string | null
  failures_in_window: number
  last_failure_at: string | null
}

/** A short-lived sign-in at a kiosk: who identified, at which device, until when. */
export interface KioskSessionsTable {
  token_hash: string
  tenant_id: string
  kiosk_id: string
  user_id: string
  created_at: string
  expires_at: string
}
export type KioskSessionRow = Selectable<KioskSessionsTable>

/** Wrong PINs typed for one identifier of a company (known or not), and the lock they caused. */
export interface KioskLockoutsTable {
  tenant_id: string
  identifier: string
  failures: number
  locked_until: string | null
  last_attempt_at: string
}
export type KioskLockoutRow = Selectable<KioskLockoutsTable>

/** A company's subscription to its events. `events`: the event types, or ["*"]. */
export interface WebhooksTable {
  id: string
  tenant_id: string
  url: string
  description: string | null
  events: JsonText<string[]>
  active: number
  secret: string
  failing_since: string | null
  disabled_reason: 'manual' | 'failing' | null
  created_at: string
  updated_at: string
}
export type WebhookRow = Selectable<WebhooksTable>
export type KioskRow = Selectable<KiosksTable>

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled'

/** One event on its way to one subscription, with the outcome of its latest attempt. */
export interface WebhookDeliveriesTable {
  id: string
  tenant_id: string
  webhook_id: string
  event_id: string
  event_type: string
  payload: string
  status: DeliveryStatus
  attempts: number
  next_attempt_at: string | null
  last_attempt_at: string | null
  response_status: number | null
  duration_ms: number | null
  error: string | null
  created_at: string
  finished_at: string | null
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>

export type MailKind = 'invitation' | 'password_reset'
export type MailStatus = 'pending' | 'sent' | 'failed'

/**
 * A message of the mail outbox (docs/decisions/0025-request-phases-and-module-ownership.md, migration
 * 0025): written with the write that makes it, sent after it commits. The bodies carry a one-time
 * link and are erased (null) once the message is sent or given up.
 */
export interface MailMessagesTable {
  id: string
  tenant_id: string
  user_id: string | null
  kind: MailKind
  recipient: string
  subject: string
  body_text: string | null
  body_html: string | null
  status: MailStatus
  /** Attempts begun: each claim by a dispatcher adds one. */
  attempts: number
  /** When a pending message is due; pushed ahead by the lease of the instance sending it. */
  next_attempt_at: string | null
  last_error: string | null
  created_at: string
  /** Not sent after this: the link in it has expired, or a day has passed. */
  expires_at: string
  sent_at: string | null
  finished_at: string | null
}
export type MailMessageRow = Selectable<MailMessagesTable>

/** Where the dispatcher stands in the event outbox: the (tx, seq) of the last event it fanned out. */
export interface WebhookDispatchTable {
  id: number
  after_tx: number
  after_seq: number
}

/**
 * One employee's overtime of one ended month (docs/decisions/0018-overtime.md). A pending lot
 * follows the record; a decided one never changes its minutes: a later change of the month adds an
 * adjustment lot (`sequence` 2, 3, ...), whose minutes may be negative.
 */
export interface OvertimeLotsTable {
  id: string
  tenant_id: string
  user_id: string
  /** YYYY-MM */
  month: string
  sequence: number
  /** For an adjustment, the id of the month's first lot. */
  adjusts: string | null
  minutes: number
  /** The basis the month was counted on, kept when the company's policy changes. */
  basis: 'daily' | 'weekly' | 'monthly'
  status: 'pending' | 'approved' | 'rejected'
  compensation: 'rest' | 'pay' | null
  force_majeure: DbBoolean
  /** YYYY-MM-DD: the end of the month plus the employee's expiry. */
  compensate_by: string
  rested_minutes: number
  paid_minutes: number
  /** When `overtime.compensation_overdue` was announced for it, once. */
  overdue_announced_at: string | null
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
  created_at: string
  updated_at: string
}
export type OvertimeLotRow = Selectable<OvertimeLotsTable>

/** Minutes of rest an approved `overtime_rest` absence took from a lot; deleted when it is cancelled. */
export interface OvertimeRestDrawsTable {
  tenant_id: string
  absence_id: string
  lot_id: string
  user_id: string
  minutes: number
  /** YYYY-MM-DD, the absence's last day. */
  taken_on: string
  created_at: string
}

/** A payment of a lot's minutes, in a payroll month. */
export interface OvertimePaymentsTable {
  id: string
  tenant_id: string
  lot_id: string
  user_id: string
  minutes: number
  payroll_month: string
  paid_by: string
  created_at: string
}

/** How far a company's lots have been proposed and its record's changes looked at. */
export interface OvertimeSettlementsTable {
  tenant_id: string
  first_month: string
  settled_month: string
  changes_seen_until: string
}

/**
 * A company's Ed25519 key signing its record exports
 * (docs/decisions/0019-representatives-and-record-export.md). The private half is sealed with
 * SECRETS_KEY; a rotated key keeps its row, with the end of its validity.
 */
export interface RecordKeysTable {
  /** `rk_` and the first 16 hex digits of the SHA-256 of the public key: anyone can recompute it. */
  id: string
  tenant_id: string
  algorithm: 'Ed25519'
  /** The raw 32-byte public key, base64. */
  public_key: string
  /** The PKCS #8 private key, sealed (lib/secret-box) and bound to the company and this key. */
  private_key_sealed: string
  valid_from: string
  /** null while it is the company's current key. */
  valid_until: string | null
}
export type RecordKeyRow = Selectable<RecordKeysTable>
