/**
 * Calendar feeds' pure rules (docs/decisions/0020-calendars-and-presence.md), without HTTP: the
 * window, states, titles, folding.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { foldLines, icsOf } from '../../src/modules/calendars/calendars.ics.js'
import { absenceTitle, feedState, feedWindow } from '../../src/modules/calendars/calendars.logic.js'

describe('a feed', () => {
  it('covers three months back to twelve ahead, whole months', () => {
    assert.deepEqual(feedWindow('2026-11-18'), { from: '2026-08-01', to: '2027-11-30' })
    assert.deepEqual(feedWindow('2026-02-28'), { from: '2025-11-01', to: '2027-02-28' })
  })
  it('states only move forward, so SEQUENCE only grows', () => {
    assert.deepEqual(feedState({ status: 'pending', decided_at: null }), { status: 'TENTATIVE', sequence: 0 })
    assert.deepEqual(feedState({ status: 'approved', decided_at: 'x' }), { status: 'CONFIRMED', sequence: 1 })
    assert.deepEqual(feedState({ status: 'rejected', decided_at: 'x' }), { status: 'CANCELLED', sequence: 1 })
    assert.deepEqual(feedState({ status: 'cancelled', decided_at: 'x' }), { status: 'CANCELLED', sequence: 2 })
    assert.deepEqual(feedState({ status: 'cancelled', decided_at: null }), { status: 'CANCELLED', sequence: 1 })
  })
  it('titles hide the type unless asked, then name vacation only, and name the person beyond one’s own', () => {
    const words = { away: 'Out of office' }
    const vacation = { type_label: 'Vacation', type_is_vacation: true, full_name: 'Marta' }
    const sick = { type_label: 'Sick leave', type_is_vacation: false, full_name: 'Marta' }
    const personal = { type_label: 'Personal matters', type_is_vacation: false, full_name: 'Marta' }
    assert.equal(absenceTitle(vacation, { scope: 'me', show_types: false }, words), 'Out of office')
    assert.equal(absenceTitle(vacation, { scope: 'me', show_types: true }, words), 'Vacation')
    // Sick leave reads as every other absence that is not vacation: nothing to tell it by.
    assert.equal(absenceTitle(sick, { scope: 'team', show_types: true }, words), 'Marta: Out of office')
    assert.equal(absenceTitle(personal, { scope: 'team', show_types: true }, words), 'Marta: Out of office')
  })
})

describe('folding content lines (RFC 5545 §3.1)', () => {
  it('at most 75 octets a line, never inside a character, and unfolding gives the text back', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 300 }), { maxLength: 5 }), (texts) => {
        const lines = texts.map((t) => `SUMMARY:${t.replace(/[\r\n]/g, '')}`)
        const folded = foldLines(lines.join('\r\n'))
        for (const physical of folded.split('\r\n')) assert.ok(Buffer.byteLength(physical) <= 75, physical)
        assert.equal(folded.replace(/\r\n /g, ''), lines.join('\r\n'))
      }),
      { seed: 20, numRuns: 300 },
    )
    assert.equal(foldLines('SUMMARY:short'), 'SUMMARY:short')
  })
})

describe('time zones in a feed', () => {
  it('an alias zone is written under its IANA name, in the VTIMEZONE and in the events alike', () => {
    const text = icsOf('x', 'US/Eastern', [
      {
        uid: 'a@jornada',
        title: 'Out of office',
        status: 'CONFIRMED',
        sequence: 1,
        stamp: '2026-11-01T10:00:00.000Z',
        startDate: '2026-11-18',
        endDate: '2026-11-18',
        hours: { start: '09:00', end: '11:00' },
        busy: true,
      },
    ])
    assert.match(text, /BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/)
    assert.match(text, /DTSTART;TZID=America\/New_York:20261118T090000\r\n/)
    assert.ok(!text.includes('US/Eastern'))
  })
})
