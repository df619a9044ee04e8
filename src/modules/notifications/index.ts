/**
 * Notifications: reminders by mail and push, each person's choices, and the unsubscribe link
 * (docs/decisions/0026-reminders.md). This front door is what other parts of the service may use
 * of the module.
 */
import { defineModule } from '../../http/module.js'
import { notificationsApi } from './notifications.routes.js'
export { notificationsApi } from './notifications.routes.js'
export {
  REMINDER_ROUND_INTERVAL_MS,
  REMINDER_ROUND_LEASE_MS,
  type PushSender,
  type ReminderOutcome,
  type ReminderPush,
  type ReminderSettings,
  type RoundSummary,
  purgeReminders,
  runLeasedReminderRound,
  runReminderRound,
} from './reminders.service.js'

/** How the module plugs into the application (http/module.ts). */
export const notificationsModule = defineModule({
  name: 'notifications',
  dependsOn: ['absences', 'attendance', 'mail', 'overtime', 'sign-off', 'users', 'work-calendar'],
  documentPosition: 270,
  api: [notificationsApi],
})
