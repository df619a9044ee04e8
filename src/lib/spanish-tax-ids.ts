/** Spanish tax ids: the DNI and NIE of people, the CIF of companies, each with its check character. */

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'

/**
 * What is wrong with a Spanish DNI or NIE, or null. A DNI is eight digits and a letter, a NIE an
 * X, Y or Z, seven digits and a letter; the letter is the number (the NIE's X, Y, Z read as 0, 1,
 * 2) modulo 23 looked up in the Ministry of the Interior's table. Spaces, dots and dashes are
 * allowed between the characters. Other shapes are other countries' documents and are not judged.
 */
export function dniProblem(dni: string): string | null {
  const compact = dni.replace(/[\s.-]/g, '').toUpperCase()
  const match = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(compact)
  if (!match) return null
  const [, prefix, digits, letter] = match as unknown as [string, string, string, string]
  if ((prefix === '') !== (digits.length === 8)) return null
  const number = Number(`${prefix === '' ? '' : 'XYZ'.indexOf(prefix)}${digits}`)
  const expected = DNI_LETTERS[number % 23]!
  if (letter === expected) return null
  return `the check letter of ${prefix ? 'NIE' : 'DNI'} ${prefix}${digits} is ${expected}, not ${letter}: check the number and the letter`
}

const CIF_CONTROL_LETTERS = 'JABCDEFGHI'

/** The stored form of a tax id: upper case, without the spaces, dots and dashes people type. */
export function compactTaxId(raw: string): string {
  return raw.replace(/[\s.-]/g, '').toUpperCase()
}

/**
 * What is wrong with a Spanish CIF (the tax id of a company), or null. A CIF is an organisation
 * letter, seven digits and a control character computed from the digits (Orden EHA/451/2008):
 * the digits in even places summed, those in odd places doubled and their digits summed; the
 * control is 10 minus the last digit of the total, written as a digit for companies (A, B, E, H),
 * as a letter of JABCDEFGHI for public bodies and foreign entities (K, P, Q, R, S, N, W), either
 * for the rest.
 */
export function cifProblem(compact: string): string | null {
  const match = /^([ABCDEFGHJKLMNPQRSUVW])(\d{7})([0-9A-J])$/.exec(compact)
  if (!match) return 'must be a CIF: a letter, seven digits and a control digit or letter (e.g. B12345674)'
  const [, kind, digits, control] = match as unknown as [string, string, string, string]
  let sum = 0
  for (let i = 0; i < 7; i++) {
    const digit = Number(digits[i])
    if (i % 2 === 1) sum += digit
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10)
  }
  const expectedDigit = (10 - (sum % 10)) % 10
  const expectedLetter = CIF_CONTROL_LETTERS[expectedDigit]!
  const letterOnly = 'KPQRSNW'.includes(kind)
  const digitOnly = 'ABEH'.includes(kind)
  const accepted = [...(letterOnly ? [] : [String(expectedDigit)]), ...(digitOnly ? [] : [expectedLetter])]
  if (accepted.includes(control)) return null
  return `the control character of CIF ${kind}${digits} is ${accepted.join(' or ')}, not ${control}: check the number`
}

/**
 * What is wrong with the tax id (NIF) of an employer, or null: a company's CIF, or the DNI or NIE
 * of a sole trader. `compact` is in the form compactTaxId gives.
 */
export function employerTaxIdProblem(compact: string): string | null {
  if (/^(\d{8}|[XYZ]\d{7})[A-Z]$/.test(compact)) return dniProblem(compact)
  return cifProblem(compact)
}
