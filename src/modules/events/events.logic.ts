/**
 * The event catalogue (docs/decisions/0012-integrations.md): every change of state an integration
 * can react to. An event is written in the transaction of its change (the outbox) and kept 30 days.
 */
export const EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'user.invited',
  'punch.created',
  'attendance.anomaly_detected',
  'absence.created',
  'absence.approved',
  'absence.rejected',
  'absence.cancelled',
  'correction.proposed',
  'correction.approved',
  'correction.rejected',
  'allocation.created',
  'allocation.deleted',
  'expense.created',
  'overtime.lot_proposed',
  'overtime.lot_updated',
  'overtime.lot_approved',
  'overtime.lot_paid',
  'overtime.compensation_overdue',
  'overtime.cap_exceeded',
] as const

export type EventType = (typeof EVENT_TYPES)[number]

export const KEEP_EVENTS_MS = 30 * 86_400_000

/** Who made a change: the acting user and key of the API, or nobody for the command line. */
export interface EventActor {
  user_id: string | null
  key_id: string | null
}

/** `type=` of GET /events: one type, or several separated by commas. */
export function parseTypeFilter(value: string | undefined): EventType[] | null {
  if (value === undefined) return null
  const types = value.split(',').map((t) => t.trim())
  return types.every((t): t is EventType => (EVENT_TYPES as readonly string[]).includes(t)) ? types : []
}
