/**
 * Every scope a key can hold. Scopes are named like the operations they enable (the contract's
 * names, and extensions in the same style); `me` needs none.
 */
export const SCOPES = [
  'users.list',
  'users.get',
  'users.create',
  'users.update',
  'users.deactivate',
  'users.reactivate',
  'users.invite',
  'users.sensitive',
  'departments.list',
  'departments.create',
  'departments.update',
  'work-centers.list',
  'work-centers.create',
  'work-centers.update',
  'tenant.get',
  'tenant.update',
  'schedules.list',
  'schedules.create',
  'schedules.update',
  'holidays.list',
  'holidays.create',
  'holidays.delete',
  'attendance.list',
  'attendance.create',
  'attendance.summary',
  'attendance.anomalies',
  'attendance.now',
  'attendance.clock',
  'attendance.punches',
  'attendance-corrections.create',
  'attendance-corrections.list',
  'attendance-corrections.decide',
  'attendance-corrections.cancel',
  'attendance-reports.get',
  'attendance-reports.export',
  'attendance-reports.sign',
  'projects.list',
  'projects.create',
  'projects.update',
  'allocations.create',
  'allocations.list',
  'allocations.get',
  'allocations.delete',
  'expenses.get',
  'expenses.list',
  'expenses.create',
  'absence-types.list',
  'absence-types.create',
  'absence-types.update',
  'absences.list',
  'absences.get',
  'absences.create',
  'absences.decide',
  'absences.cancel',
  'absences.record',
  'users.vacation-balance',
  'users.schedule-history',
  'audit-log.list',
  'access-log.list',
  'keys.list',
  'keys.create',
  'keys.revoke',
  'events.list',
  'webhooks.list',
  'webhooks.create',
  'webhooks.update',
  'webhooks.delete',
  'kiosks.list',
  'kiosks.create',
  'kiosks.revoke',
  'users.reset-kiosk-pin',
  'overtime-lots.list',
  'overtime-lots.decide',
  'overtime-lots.pay',
  'overtime.balance',
  'calendar-feeds.create',
  'calendar-feeds.list',
  'calendar-feeds.delete',
] as const

export type Scope = (typeof SCOPES)[number]

/**
 * Scopes that enable no operation of their own but widen what other operations return:
 * `users.sensitive` lets users.get and users.list show the sensitive profile fields to those
 * allowed to see them (decisions 14).
 */
export const FIELD_SCOPES: readonly Scope[] = ['users.sensitive']

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value)
}
