/**
 * Step-up and credential notices without HTTP (docs/decisions/0024-only-the-worker-acts-as-the-worker.md):
 * when a sign-in still counts as recent, and what the notice and one-time PIN mails say, escaped.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { credentialNoticeMail, kioskPinMail } from '../../src/modules/mail/credential-notices.js'
import { STEP_UP_WINDOW_MS, signedInRecently } from '../../src/modules/keys/step-up.logic.js'
import { newPinProblem } from '../../src/modules/kiosks/kiosk-sign-in.logic.js'

const AT = Date.parse('2026-11-20T08:00:00Z')
const iso = (ms: number) => new Date(ms).toISOString()

describe('step-up: a recent sign-in', () => {
  it('counts for 10 minutes after the sign-in, not a millisecond more', () => {
    assert.equal(STEP_UP_WINDOW_MS, 600_000)
    assert.equal(signedInRecently(iso(AT), AT), true)
    assert.equal(signedInRecently(iso(AT), AT + STEP_UP_WINDOW_MS), true)
    assert.equal(signedInRecently(iso(AT), AT + STEP_UP_WINDOW_MS + 1), false)
  })
  it('a sign-in dated ahead of the clock, or unreadable, does not count', () => {
    assert.equal(signedInRecently(iso(AT + 5 * 60_000), AT), false)
    assert.equal(signedInRecently('not a date', AT), false)
  })
})

describe('credential mails', () => {
  const recipient = {
    tenant: { id: 'ten_1', name: 'Bar <Pepe>', timezone: 'Europe/Madrid', language: 'es' as const },
    user: { id: 'usr_1', email: 'lucia@example.com', full_name: 'Lucía <b>' },
  }
  it('a notice says what changed and when, in the company’s language and time zone, escaped in HTML', () => {
    const mail = credentialNoticeMail(recipient, 'passkey_added', '2026-11-20T08:00:00.000Z')
    assert.equal(mail.to, 'lucia@example.com')
    assert.equal(mail.subject, 'Cambio en tu acceso a Jornada')
    assert.match(
      mail.text,
      /Se ha añadido una llave de acceso \(passkey\) en tu cuenta de Bar <Pepe>, el 20 de noviembre de 2026 a las 9:00/,
    )
    assert.match(mail.html, /Lucía &#60;b&#62;/)
    assert.doesNotMatch(mail.html, /<b>/)
    const english = credentialNoticeMail(
      { ...recipient, tenant: { ...recipient.tenant, language: 'en' } },
      'password_changed',
      '2026-11-20T08:00:00.000Z',
    )
    assert.match(english.text, /Your password was changed in your account at Bar <Pepe>/)
  })
  it('the one-time PIN is on a line of its own, one a chosen PIN could be', () => {
    const mail = kioskPinMail(recipient, '482619')
    assert.match(mail.text, /^482619$/m)
    assert.equal(newPinProblem('482619', null), null)
  })
})
