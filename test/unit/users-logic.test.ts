import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Actor } from '../../src/auth/context.js'
import { addDays } from '../../src/lib/calendar.js'
import {
  createsManagerCycle,
  daysEmployedIn,
  dniProblem,
  isEmployedDuring,
  isEmployedOn,
  kioskIdFromDni,
  kioskPinFromPhone,
  normaliseIban,
  parseQualifications,
  searchableText,
} from '../../src/modules/users/users.logic.js'
import { userUpdateDenial as updateDenial } from '../../src/auth/policies.js'

const actor = (over: Partial<Actor> = {}): Actor => ({
  id: 'usr_me',
  email: 'me@x.com',
  fullName: 'Me',
  role: 'member',
  departmentId: null,
  representative: false,
  ...over,
})

describe('who may change which user field', () => {
  it('members change their own personal fields only', () => {
    assert.equal(updateDenial(actor(), null, 'usr_me', ['city', 'iban', 'phone_personal']), null)
    assert.match(updateDenial(actor(), null, 'usr_other', ['city'])!, /employee or an administrator/)
    assert.match(updateDenial(actor(), null, 'usr_me', ['vacation_days'])!, /administrator may change vacation_days/)
    assert.match(updateDenial(actor(), null, 'usr_me', ['role'])!, /administrator/)
    assert.match(updateDenial(actor(), null, 'usr_me', ['ssn'])!, /HR department/)
  })
  it('HR members manage HR fields of anyone, but nothing else of others', () => {
    const hr = actor({ departmentId: 'dep_hr' })
    assert.equal(updateDenial(hr, 'dep_hr', 'usr_other', ['ssn', 'qualifications', 'company_cif']), null)
    assert.notEqual(updateDenial(hr, 'dep_hr', 'usr_other', ['city']), null)
    assert.notEqual(
      updateDenial(hr, 'dep_other', 'usr_other', ['ssn']),
      null,
      'not HR when the tenant names another department',
    )
    assert.notEqual(updateDenial(actor(), null, 'usr_me', ['ssn']), null, 'no HR department: nobody is HR')
  })
  it('administrators change everything', () => {
    assert.equal(updateDenial(actor({ role: 'admin' }), null, 'usr_other', ['role', 'ssn', 'city', 'full_name']), null)
  })
  it('an empty update needs no permission beyond the scope', () => {
    assert.equal(updateDenial(actor(), null, 'usr_other', []), null)
  })
})

describe('kiosk credentials', () => {
  it('the kiosk identifier is the digits of the DNI/NIE', () => {
    assert.equal(kioskIdFromDni('12345678Z'), '12345678')
    assert.equal(kioskIdFromDni('X-1234567-L'), '1234567')
    assert.equal(kioskIdFromDni('ABC'), null)
    assert.equal(kioskIdFromDni(null), null)
  })
  it('the PIN is the last four digits of the phone', () => {
    assert.equal(kioskPinFromPhone('+34 600 12 34 56'), '3456')
    assert.equal(kioskPinFromPhone('(91) 123'), '1123')
    assert.equal(kioskPinFromPhone('123'), null)
  })
})

describe('qualifications', () => {
  it('accepts a JSON array of strings, trimmed', () => {
    assert.deepEqual(parseQualifications('[" A ", "B"]'), { ok: true, value: ['A', 'B'] })
    assert.deepEqual(parseQualifications('[]'), { ok: true, value: [] })
  })
  it('rejects anything else', () => {
    for (const raw of ['A', '{"a":1}', '[1]', '["ok", null]', '[""]', '"A"', JSON.stringify(Array(101).fill('x'))]) {
      assert.equal(parseQualifications(raw).ok, false, raw)
    }
  })
})

describe('small normalisations', () => {
  it('IBAN in electronic format', () =>
    assert.equal(normaliseIban('es91 2100 0418 4502 0005 1332'), 'ES9121000418450200051332'))
  it('searchable text drops case and accents', () => {
    assert.equal(searchableText('Álvaro Núñez ÇA'), 'alvaro nunez ca')
  })
})

describe('manager cycles', () => {
  it('detects self-management and indirect cycles', () => {
    assert.equal(createsManagerCycle('a', 'a', []), true)
    assert.equal(createsManagerCycle('a', 'c', ['b', 'a']), true)
    assert.equal(createsManagerCycle('a', 'c', ['b', 'd']), false)
  })
})

describe('DNI and NIE check letters', () => {
  it('accepts the letter the mod-23 rule gives, with any separators and case', () => {
    for (const dni of ['12345678Z', '34567891H', '12.345.678-z', 'X1234567L', 'Y0000000Z', 'Z1234567R'])
      assert.equal(dniProblem(dni), null, dni)
  })
  it('names the expected letter when it is wrong', () => {
    assert.match(dniProblem('34567891A')!, /DNI 34567891 is H, not A/)
    assert.match(dniProblem('X-7654321-L')!, /NIE X7654321 is J, not L/)
  })
  it('leaves other countries’ documents alone', () => {
    for (const id of ['P1234567', 'AB123456', '1234567Z', 'X12345678A', 'CA-99-123'])
      assert.equal(dniProblem(id), null, id)
  })
})

describe('employed during a range', () => {
  it('says what asking each day of the range would say', () => {
    const cases: [string | null, { start: string | null; end: string | null }[]][] = [
      [null, []],
      ['2026-10-15', []],
      ['2026-12-01', []],
      [null, [{ start: '2026-01-01', end: '2026-09-30' }]],
      [null, [{ start: '2026-01-01', end: '2026-10-01' }]],
      [null, [{ start: '2026-10-31', end: null }]],
      ['2026-10-20', [{ start: null, end: '2026-10-10' }]],
      [
        '2026-10-05',
        [
          { start: null, end: '2026-10-05' },
          { start: '2026-10-25', end: null },
        ],
      ],
      [null, [{ start: '2026-11-01', end: null }]],
    ]
    for (const [hire, periods] of cases) {
      let byDay = false
      for (let date = '2026-10-01'; date <= '2026-10-31'; date = addDays(date, 1))
        byDay ||= isEmployedOn(hire, periods, date)
      assert.equal(isEmployedDuring(hire, periods, '2026-10-01', '2026-10-31'), byDay, JSON.stringify([hire, periods]))
    }
  })
})

describe('days employed in a range', () => {
  it('counts the days from the hire date, inside the employment periods, both ends included', () => {
    assert.equal(daysEmployedIn('2026-10-01', [], '2026-01-01', '2026-12-31'), 92)
    assert.equal(daysEmployedIn(null, [], '2026-01-01', '2026-12-31'), 365)
    assert.equal(daysEmployedIn('2027-01-01', [], '2026-01-01', '2026-12-31'), 0)
    // Left on 31 March, back on 1 September: 90 + 122 days.
    const periods = [
      { start: null, end: '2026-03-31' },
      { start: '2026-09-01', end: null },
    ]
    assert.equal(daysEmployedIn('2020-05-05', periods, '2026-01-01', '2026-12-31'), 90 + 122)
    assert.equal(daysEmployedIn('2020-05-05', periods, '2027-01-01', '2027-12-31'), 365)
  })
})
