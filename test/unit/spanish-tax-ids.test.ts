/** The check characters of Spanish tax ids: a company's CIF, a sole trader's DNI or NIE. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cifProblem, compactTaxId, employerTaxIdProblem } from '../../src/lib/spanish-tax-ids.js'

describe('Spanish tax ids', () => {
  it('accepts CIFs whose control is right: a digit for companies, a letter for public bodies, either for the rest', () => {
    // B12345674: 1·2, 2, 3·2, 4, 5·2 → 1+0, 6, 7·2 → 1+4 ... control 4; public bodies write it as D.
    for (const cif of ['B12345674', 'A58818501', 'Q2826000H', 'P0800000B', 'G12345674', 'G1234567D'])
      assert.equal(cifProblem(cif), null, cif)
  })

  it('refuses a wrong control and names the right one; refuses the wrong kind of control', () => {
    assert.match(cifProblem('B12345675')!, /control character of CIF B1234567 is 4, not 5/)
    assert.match(cifProblem('B1234567D')!, /is 4, not D/, 'a company writes its control as a digit')
    assert.match(cifProblem('Q28260008')!, /is H, not 8/, 'a public body writes it as a letter')
    assert.match(cifProblem('12345')!, /must be a CIF/)
  })

  it('an employer may be a sole trader: their DNI or NIE, judged by its letter', () => {
    assert.equal(employerTaxIdProblem(compactTaxId('12345678-z')), null)
    assert.equal(employerTaxIdProblem(compactTaxId('X-1234567-L')), null)
    assert.match(employerTaxIdProblem('12345678A')!, /DNI 12345678 is Z, not A/)
    assert.equal(employerTaxIdProblem(compactTaxId('b-1234567-4')), null)
  })
})
