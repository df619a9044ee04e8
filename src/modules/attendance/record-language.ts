/** Texts the company writes into the record itself, in the company's language and time zone. */
import { DateTime } from 'luxon'
import type { TenantRow } from '../../db/schema.js'

function local(iso: string, zone: string) {
  return DateTime.fromISO(iso, { zone })
}

/** The reason of the correction the company proposes to close a session left open. */
export function closingReason(
  tenant: Pick<TenantRow, 'language' | 'timezone' | 'max_session_hours'>,
  sessionStartedAt: string,
  proposedOutAt: string,
): string {
  const start = local(sessionStartedAt, tenant.timezone)
  const out = local(proposedOutAt, tenant.timezone)
  const [day, time, outDay, outTime] = [
    start.toFormat('dd/LL'),
    start.toFormat('HH:mm'),
    out.toFormat('dd/LL'),
    out.toFormat('HH:mm'),
  ]
  return tenant.language === 'es'
    ? `Salida no registrada: la jornada iniciada el ${day} a las ${time} siguió abierta más de ${tenant.max_session_hours} h. La empresa propone la salida el ${outDay} a las ${outTime}; acéptala o propón la hora real.`
    : `Clock-out missing: the session that began on ${day} at ${time} stayed open over ${tenant.max_session_hours} h. The company proposes the clock-out on ${outDay} at ${outTime}; accept it or propose the real time.`
}
