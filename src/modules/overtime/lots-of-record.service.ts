/**
 * The overtime lots as the record export gives them to the Inspectorate
 * (docs/decisions/0023-daily-limits-and-real-life.md, docs/record-export.md): each lot of some
 * employees in a range of months as the API shows it (its kind, days, status, compensation,
 * deadline, rest and pay), with its place among its month's lots, every rest drawn from it (the
 * `overtime_rest` absence and its day) and every payment (the payroll month). Decision notes are
 * never given out. Read as stored: the export's route settles the lots of ended months first.
 */
import type { Db } from '../../db/unit-of-work.js'
import { lotToApi, owedOf } from './lot-decisions.service.js'
import { scheduledRestByLot } from './overtime.logic.js'
import * as repo from './overtime.repository.js'
import type { OvertimeLotType } from './overtime.schemas.js'

export interface LotOfRecord extends OvertimeLotType {
  /** 1 for a month's first lot of its kind, 2, 3, ... for its adjustments. */
  sequence: number
  /** Rest drawn from the lot: the approved `overtime_rest` absence, its minutes and its last day. */
  rest_taken: { absence_id: string; minutes: number; taken_on: string }[]
  /** Pay recorded on the lot (POST /overtime/lots/{id}/pay). */
  payments: { id: string; minutes: number; payroll_month: string; paid_by: string; paid_at: string }[]
}

/**
 * The lots of `userIds` of the months from `fromMonth` to `toMonth`, by employee, month, kind and
 * sequence; `today` (the company's) tells rest taken from rest scheduled and what is overdue.
 */
export async function lotsOfRecord(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  fromMonth: string,
  toMonth: string,
  today: string,
): Promise<LotOfRecord[]> {
  const lots = await repo.lotsOfUsersBetween(db, tenantId, userIds, fromMonth, toMonth)
  if (lots.length === 0) return []
  const ids = lots.map((l) => l.id)
  const [draws, payments] = await Promise.all([
    repo.restDrawsOfLots(db, tenantId, ids),
    repo.paymentsOfLots(db, tenantId, ids),
  ])
  // What a lot owes depends on the other lots of its month and kind only, all of which are here.
  const owed = owedOf(lots)
  const scheduled = scheduledRestByLot(draws, today)
  const drawsOf = byLot(draws)
  const paymentsOf = byLot(payments)
  return lots.map((row) => ({
    ...lotToApi(row, owed.get(row.id) ?? 0, today, scheduled.get(row.id) ?? 0),
    kind: row.kind,
    sequence: row.sequence,
    rest_taken: (drawsOf.get(row.id) ?? []).map((d) => ({
      absence_id: d.absence_id,
      minutes: d.minutes,
      taken_on: d.taken_on,
    })),
    payments: (paymentsOf.get(row.id) ?? []).map((p) => ({
      id: p.id,
      minutes: p.minutes,
      payroll_month: p.payroll_month,
      paid_by: p.paid_by,
      paid_at: p.created_at,
    })),
  }))
}

function byLot<T extends { lot_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const by = new Map<string, T[]>()
  for (const row of rows) {
    const list = by.get(row.lot_id)
    if (list) list.push(row)
    else by.set(row.lot_id, [row])
  }
  return by
}
