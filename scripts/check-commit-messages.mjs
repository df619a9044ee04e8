#!/usr/bin/env node
// Commit messages as docs/development.md asks: a subject of at most 72 characters, then, when there
// is more to say, a blank line and a body that says why. Used two ways:
//   node scripts/check-commit-messages.mjs --file .git/COMMIT_EDITMSG   the commit-msg hook (.githooks/)
//   node scripts/check-commit-messages.mjs                              every commit since the rule began (CI)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const SUBJECT_MAX = 72
/** The last commit before the rule was kept by a check: earlier subjects are history, not fixed. */
const RULE_SINCE = 'b98ec12'

/** What is wrong with a commit message, as sentences; none when it is right. */
export function messageProblems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n')
    .trimEnd()
    .split('\n')
  const [subject = '', second] = lines
  const problems = []
  if (subject.trim() === '') problems.push('the subject is empty')
  if (subject.length > SUBJECT_MAX)
    problems.push(`the subject has ${subject.length} characters (at most ${SUBJECT_MAX}): say more in the body`)
  if (/\.\s*$/.test(subject)) problems.push('the subject ends with a full stop')
  if (second !== undefined && second.trim() !== '')
    problems.push('a blank line must separate the subject from the body')
  return problems
}

function main() {
  const fileIndex = process.argv.indexOf('--file')
  if (fileIndex > 0) {
    const problems = messageProblems(readFileSync(process.argv[fileIndex + 1], 'utf8'))
    for (const problem of problems) console.error(`commit message: ${problem}`)
    process.exit(problems.length > 0 ? 1 : 0)
  }
  // A shallow clone may not hold the first commit of the rule: then the newest commit alone is checked.
  let range = `${RULE_SINCE}..HEAD`
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${RULE_SINCE}^{commit}`], { stdio: 'ignore' })
  } catch {
    range = '-1'
  }
  const log = execFileSync('git', ['log', '--format=%h%x00%B%x01', range], { encoding: 'utf8' })
  let bad = 0
  for (const entry of log.split('\x01')) {
    const [hash, message] = entry.replace(/^\n/, '').split('\x00')
    if (!hash || message === undefined) continue
    for (const problem of messageProblems(message)) {
      bad += 1
      console.error(`${hash}: ${problem} (${message.split('\n')[0]})`)
    }
  }
  if (bad > 0) process.exit(1)
  console.log(`Commit messages since ${RULE_SINCE}: each subject at most ${SUBJECT_MAX} characters`)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
