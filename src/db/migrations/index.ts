/** Every migration, in order. Listed explicitly so the same code runs from sources and from dist/. */
import type { Migration } from 'kysely'
import * as foundation from './2026_11_01_0001_foundation.js'
import * as attendance from './2026_11_21_0002_attendance.js'
import * as projectsAllocationsExpenses from './2026_11_21_0003_projects_allocations_expenses.js'
import * as absences from './2026_11_21_0004_absences.js'
import * as punchChainHeads from './2026_11_21_0005_punch_chain_heads.js'
import * as auditLog from './2026_11_22_0006_audit_log.js'
import * as legalRecord from './2026_11_22_0007_legal_record.js'
import * as reportsAndAccess from './2026_11_22_0008_reports_and_access.js'
import * as idempotencyAndEvents from './2026_11_22_0009_idempotency_and_events.js'
import * as webhooks from './2026_11_22_0010_webhooks.js'
import * as kiosks from './2026_11_22_0011_kiosks.js'
import * as kioskSignIn from './2026_11_22_0012_kiosk_sign_in.js'
import * as authEpoch from './2026_11_22_0013_auth_epoch.js'
import * as accounts from './2026_11_24_0014_accounts.js'
import * as vacationProration from './2026_11_25_0015_vacation_proration.js'
import * as companyPolicies from './2026_11_26_0016_company_policies.js'
import * as passkeys from './2026_11_26_0017_passkeys.js'
import * as singleSignOn from './2026_11_26_0018_single_sign_on.js'
import * as overtimePolicy from './2026_11_26_0019_overtime_policy.js'
import * as overtimeLots from './2026_11_26_0020_overtime_lots.js'
import * as calendarFeeds from './2026_11_26_0021_calendar_feeds.js'
import * as representatives from './2026_11_27_0022_representatives.js'
import * as recordKeys from './2026_11_27_0023_record_keys.js'
import * as idempotencyServerLife from './2026_11_27_0024_idempotency_server_life.js'
import * as mailOutbox from './2026_11_28_0025_mail_outbox.js'
import * as overtimeLaw from './2026_11_28_0026_overtime_law.js'
import * as complementaryHours from './2026_11_28_0027_complementary_hours.js'
import * as vacationInterruptions from './2026_11_29_0028_vacation_interruptions.js'
import * as currentAuthorisation from './2026_11_29_0029_current_authorisation.js'
import * as credentialMails from './2026_11_30_0030_credential_mails.js'
import * as workingDayLimits from './2026_11_30_0031_working_day_limits.js'
import * as rememberDevice from './2026_11_30_0032_remember_device.js'
import * as companyIssuedCredentials from './2026_11_30_0033_company_issued_credentials.js'
import * as authEpochNotify from './2026_11_30_0034_auth_epoch_notify.js'
import * as absenceTypeLabels from './2026_11_30_0035_absence_type_labels.js'
import * as pushSubscriptions from './2026_11_30_0036_push_subscriptions.js'
import * as reminders from './2026_11_30_0037_reminders.js'
import * as reminderRounds from './2026_12_01_0038_reminder_rounds.js'
import * as accessLogSequence from './2026_12_01_0039_access_log_sequence.js'

export const migrations: Record<string, Migration> = {
  '2026_11_01_0001_foundation': foundation,
  '2026_11_21_0002_attendance': attendance,
  '2026_11_21_0003_projects_allocations_expenses': projectsAllocationsExpenses,
  '2026_11_21_0004_absences': absences,
  '2026_11_21_0005_punch_chain_heads': punchChainHeads,
  '2026_11_22_0006_audit_log': auditLog,
  '2026_11_22_0007_legal_record': legalRecord,
  '2026_11_22_0008_reports_and_access': reportsAndAccess,
  '2026_11_22_0009_idempotency_and_events': idempotencyAndEvents,
  '2026_11_22_0010_webhooks': webhooks,
  '2026_11_22_0011_kiosks': kiosks,
  '2026_11_22_0012_kiosk_sign_in': kioskSignIn,
  '2026_11_22_0013_auth_epoch': authEpoch,
  '2026_11_24_0014_accounts': accounts,
  '2026_11_25_0015_vacation_proration': vacationProration,
  '2026_11_26_0016_company_policies': companyPolicies,
  '2026_11_26_0017_passkeys': passkeys,
  '2026_11_26_0018_single_sign_on': singleSignOn,
  '2026_11_26_0019_overtime_policy': overtimePolicy,
  '2026_11_26_0020_overtime_lots': overtimeLots,
  '2026_11_26_0021_calendar_feeds': calendarFeeds,
  '2026_11_27_0022_representatives': representatives,
  '2026_11_27_0023_record_keys': recordKeys,
  '2026_11_27_0024_idempotency_server_life': idempotencyServerLife,
  '2026_11_28_0025_mail_outbox': mailOutbox,
  '2026_11_28_0026_overtime_law': overtimeLaw,
  '2026_11_28_0027_complementary_hours': complementaryHours,
  '2026_11_29_0028_vacation_interruptions': vacationInterruptions,
  '2026_11_29_0029_current_authorisation': currentAuthorisation,
  '2026_11_30_0030_credential_mails': credentialMails,
  '2026_11_30_0031_working_day_limits': workingDayLimits,
  '2026_11_30_0032_remember_device': rememberDevice,
  '2026_11_30_0033_company_issued_credentials': companyIssuedCredentials,
  '2026_11_30_0034_auth_epoch_notify': authEpochNotify,
  '2026_11_30_0035_absence_type_labels': absenceTypeLabels,
  '2026_11_30_0036_push_subscriptions': pushSubscriptions,
  '2026_11_30_0037_reminders': reminders,
  '2026_12_01_0038_reminder_rounds': reminderRounds,
  '2026_12_01_0039_access_log_sequence': accessLogSequence,
}
