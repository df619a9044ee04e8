/** The shape of a commit message that the commit-msg hook and CI keep (docs/development.md). */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { SUBJECT_MAX, messageProblems } from '../../scripts/check-commit-messages.mjs'

it('a short subject, alone or with a body after a blank line, is right; comment lines are not the message', () => {
  assert.deepEqual(messageProblems('Kiosk: a locked PIN says when it opens again\n'), [])
  assert.deepEqual(messageProblems('Outbox for mail\n\nA slow relay held every write.\n'), [])
  assert.deepEqual(messageProblems('# Please enter the commit message\nFix the Sunday test\n# comment\n'), [])
})

it('a subject over 72 characters, one ending in a full stop, an empty one or a body without a blank line is refused', () => {
  assert.equal(SUBJECT_MAX, 72)
  assert.deepEqual(messageProblems(`${'x'.repeat(72)}\n`), [])
  assert.match(messageProblems(`${'x'.repeat(73)}\n`).join(), /73 characters \(at most 72\)/)
  assert.match(messageProblems('Fix the test.\n').join(), /full stop/)
  assert.match(messageProblems('\n\nbody\n').join(), /empty/)
  assert.match(messageProblems('Subject\nbody straight after\n').join(), /blank line/)
})
