/**
 * The rules a new password must pass (docs/decisions/0016-accounts-and-sign-in.md, amended by
 * docs/decisions/0024-only-the-worker-acts-as-the-worker.md): the contract's minimum of 8
 * characters, a maximum that keeps hashing cheap to refuse, none of the commonly used passwords,
 * and enough strength as the zxcvbn-ts estimator (`@zxcvbn-ts/core`, with
 * `@zxcvbn-ts/language-common`'s lists of about 50 000 passwords from public breach corpora and its
 * keyboard layouts) judges it: no repeated or sequential run (`aaaaaaaa`, eight spaces,
 * `abcdefgh`), no keyboard walk, nothing it guesses in fewer than a million tries. The person's
 * email, its local part and the company's name are given to the estimator as known words, and a
 * password containing the local part or the company name is refused outright.
 */
import { onFirstUse } from './first-use.js'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 256

/**
 * The estimator and its word lists are loaded with the first password judged, not by every
 * process that starts the service (a CLI command, each test file), most of which judge none.
 */
const loadEstimator = onFirstUse(async () => {
  const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ])
  return {
    common: new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase())),
    estimator: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  }
})

/** Characters as a person counts them (code points), so "contraseña" is 10 whichever way it is encoded. */
function lengthOf(password: string): number {
  return [...password.normalize('NFC')].length
}

/**
 * zxcvbn's score (0-4) a password must reach: 2 is "guessed in at least a million tries", beyond an
 * online attacker's reach with sign-ins throttled and every guess a 100 ms scrypt.
 */
export const MIN_STRENGTH_SCORE = 2
/** A local part or company name shorter than this says too little to refuse passwords holding it. */
const MIN_CONTEXT_LENGTH = 3

/** Who the password is for: their email and their company's name, which it must not be built on. */
export interface PasswordContext {
  email?: string | null | undefined
  companyName?: string | null | undefined
}

/** The email, its local part and the company's name, lower-cased: the words a password is checked against. */
function contextWords(context: PasswordContext): { words: string[]; contained: string[] } {
  const email = context.email?.trim().toLowerCase() ?? ''
  const local = email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : email
  const company = context.companyName?.trim().toLowerCase() ?? ''
  const contained = [local, company].filter((word) => word.length >= MIN_CONTEXT_LENGTH)
  return { words: [email, ...contained].filter((word) => word.length > 0), contained }
}

/**
 * What is wrong with a new password, in words a person can act on; null when it may be used.
 * `context`: the account's email and company name, when known.
 */
export async function passwordProblem(password: string, context: PasswordContext = {}): Promise<string | null> {
  const length = lengthOf(password)
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`
  const { common, estimator } = await loadEstimator()
  if (common.has(password.toLowerCase()))
    return 'This password is among the most commonly used ones, which are tried first: choose another'
  const { words, contained } = contextWords(context)
  const lower = password.toLowerCase()
  if (contained.some((word) => lower.includes(word)))
    return 'Do not build the password on your email or your company’s name: whoever knows you tries those first. Choose a few unrelated words'
  const strength = estimator.check(password, words)
  if (strength.score >= MIN_STRENGTH_SCORE) return null
  const patterns = new Set(strength.sequence.map((match) => match.pattern))
  if (patterns.has('repeat'))
    return 'A password of one character or group repeated (like "aaaaaaaa") is guessed at once: use a few unrelated words'
  if (patterns.has('sequence'))
    return 'A run like "abcdefgh" or "12345678" is guessed at once: use a few unrelated words'
  if (patterns.has('spatial'))
    return 'A walk along the keyboard (like "qwertyui") is guessed at once: use a few unrelated words'
  return 'This password is too easy to guess: make it longer, with a few unrelated words (for example "tortilla-rojo-viernes-lago")'
}
