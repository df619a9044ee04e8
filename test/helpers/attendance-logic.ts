/**
 * Building blocks of the attendance logic unit tests: durations, the zones under test (each with DST
 * changes or an unusual offset), punch points and local dates, shared by the
 * test/unit/attendance-logic-*.test.ts files.
 */
import { DateTime } from 'luxon'
import type { Modality, PunchPoint, PunchType } from '../../src/modules/attendance/attendance.logic.js'

export const MIN = 60_000
export const HOUR = 60 * MIN
export const ZONES = [
  'Europe/Madrid',
  'Pacific/Auckland',
  'America/Los_Angeles',
  'UTC',
  'Asia/Kolkata',
  'America/St_Johns',
] as const

export const at = (iso: string): number => Date.parse(iso)
export const p = (type: PunchType, iso: string, modality: Modality | null = null): PunchPoint => ({
  type,
  ms: at(iso),
  modality,
})

export const localDate = (ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toISODate()!
export const shiftDate = (date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!
