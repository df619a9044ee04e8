/**
 * Opaque, unguessable, time-ordered ids with a type prefix (`usr_01J...`): the prefix tells a
 * reader what an id is, and the ULID's 80 random bits make ids impossible to enumerate.
 */
import { randomFillSync } from 'node:crypto'
import { ulid } from 'ulidx'

/**
 * Cryptographically random numbers in [0, 1) drawn from a buffer refilled 4 KiB at a time: ulidx
 * otherwise makes one crypto call per character (about 35 µs an id, most of a bulk import).
 */
const pool = new Uint32Array(1024)
let next = pool.length
function randomUnit(): number {
  if (next === pool.length) {
    randomFillSync(pool)
    next = 0
  }
  return pool[next++]! / 0x1_0000_0000
}

// Plain ULIDs, not the monotonic variant: that one increments the random part for ids made in the
// same millisecond, which would make neighbouring ids predictable.

export const ID_PREFIXES = {
  tenant: 'ten',
  user: 'usr',
  department: 'dep',
  workCenter: 'wcr',
  folder: 'fld',
  apiKey: 'key',
  schedule: 'sch',
  holiday: 'hol',
  punch: 'pun',
  project: 'prj',
  allocation: 'alc',
  expense: 'exp',
  absenceType: 'abt',
  absence: 'abs',
  auditEntry: 'aud',
  accessEntry: 'acc',
  signature: 'sig',
  correction: 'cor',
  scheduleVersion: 'scv',
  scheduleAssignment: 'sca',
  event: 'evt',
  webhook: 'whk',
  webhookDelivery: 'dlv',
  kiosk: 'kio',
  session: 'ses',
  accountToken: 'tok',
  passkey: 'pky',
  overtimeLot: 'otl',
  overtimePayment: 'otp',
  calendarFeed: 'caf',
  mailMessage: 'msg',
  pushSubscription: 'psh',
  reminder: 'rem',
} as const

export type IdKind = keyof typeof ID_PREFIXES

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${ulid(undefined, randomUnit)}`
}
