/**
 * The rules a new password must pass (docs/decisions/0016-accounts-and-sign-in.md): the contract's
 * minimum of 8 characters, a maximum that keeps hashing cheap to refuse, and none of the commonly
 * used passwords. The list is `@zxcvbn-ts/language-common`'s (about 50 000 passwords from public
 * breach corpora, maintained with the zxcvbn-ts strength estimator), compared without regard to
 * case.
 */
import { dictionary } from '@zxcvbn-ts/language-common'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 256

let common: ReadonlySet<string> | undefined
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()))
  return common
}

/** Characters as a person counts them (code points), so "contraseña" is 10 whichever way it is encoded. */
function lengthOf(password: string): number {
  return [...password.normalize('NFC')].length
}

/** What is wrong with a new password, in words a person can act on; null when it may be used. */
export function passwordProblem(password: string): string | null {
  const length = lengthOf(password)
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`
  if (commonPasswords().has(password.toLowerCase()))
    return 'This password is among the most commonly used ones, which are tried first: choose another'
  return null
}
