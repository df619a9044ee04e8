/**
 * Passwords after the security review of sign-in
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md), each test the attack it prevents:
 * a reset link asked for before a password change no longer works afterwards; asking for a reset
 * takes as long for an email with an account as for one without; weak passwords (a repeated or
 * sequential run, the account's own email, its company's name) are refused with a clear 400.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { PASSWORD, login, signedIn } from '../helpers/accounts.js'
import { eventually } from '../helpers/eventually.js'
import { expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'
import { tokenInMail, useInboxForThisFile } from '../helpers/inbox.js'

const inbox = useInboxForThisFile()
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function post(app: FastifyInstance, url: string, body: unknown) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
  return { status: res.statusCode, body: res.body.length > 0 ? JSON.parse(res.body) : null, headers: res.headers }
}

forEachEngine(
  'password hardening',
  (t) => {
    it('a reset link asked for before a password change is refused after it; other sessions end, keys stay', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const key = await tenant.keyFor(user.id)
      const other = await signedIn(t.app, user.email)
      const here = await signedIn(t.app, user.email)
      // Someone who knew the old password (or read the mailbox) asks for a link and keeps it.
      assert.equal((await post(t.app, '/api/v1/auth/password-reset', { email: user.email })).status, 202)
      const token = tokenInMail(await inbox.next(user.email), 'password-reset')

      // The person changes their password.
      const changed = await here.post('/api/v1/me/password', {
        current_password: PASSWORD,
        password: 'Nueva-Contraseña-Larga-2026',
      })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))

      // The old link is refused with the error a used or expired link gives, and changes nothing.
      const used = await post(t.app, '/api/v1/auth/password-reset/complete', {
        token,
        password: 'Contraseña-Del-Atacante-99',
      })
      expectError(used, 400, 'invalid_token')
      expectError((await login(t.app, { email: user.email, password: 'Contraseña-Del-Atacante-99' })).res, 401)
      assert.equal((await login(t.app, { email: user.email, password: 'Nueva-Contraseña-Larga-2026' })).res.status, 200)
      // The other session ended; this one and the person's key stay.
      expectError(await other.get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await here.get('/api/v1/me')).status, 200)
      assert.equal((await key.get('/api/v1/me')).status, 200)
    })

    it('weak passwords are refused with a 400 saying what to do: a run, spaces, the own email, its local part, the company name', async () => {
      const tenant = await t.newTenant()
      const company = (await tenant.admin.get('/api/v1/tenant')).body.data.name as string
      const user = await tenant.createUser({ email: uniqueEmail('marta.garcia'), password: PASSWORD })
      const local = user.email.slice(0, user.email.indexOf('@'))
      const session = await signedIn(t.app, user.email)
      const weak = [
        'aaaaaaaa',
        '        ',
        'abcdefgh',
        'qwertyuiop',
        user.email,
        user.email.toUpperCase(),
        `${local}2026!`,
        `${company}-2026!`,
        'Zz'.repeat(6),
      ]
      for (const password of weak) {
        const res = await session.post('/api/v1/me/password', { current_password: PASSWORD, password })
        const error = expectError(res, 400, 'invalid_request')
        const detail = error.details?.find((d) => d.field === 'password')
        assert.ok(detail, `${JSON.stringify(password)}: names the field`)
        assert.match(
          detail!.message,
          /use|choose|make it longer|Do not/i,
          `${JSON.stringify(password)}: says what to do`,
        )
      }
      // The same rules when a new person is created with a password, and when a link sets one.
      const refused = await tenant.admin.post('/api/v1/users', {
        email: uniqueEmail('pepe'),
        full_name: 'Pepe',
        password: 'aaaaaaaa',
      })
      expectError(refused, 400, 'invalid_request')
      assert.equal((await post(t.app, '/api/v1/auth/password-reset', { email: user.email })).status, 202)
      const token = tokenInMail(await inbox.next(user.email), 'password-reset')
      expectError(
        await post(t.app, '/api/v1/auth/password-reset/complete', { token, password: user.email }),
        400,
        'invalid_request',
      )
      // A strong one still passes, and the refusals did not spend the link.
      const done = await post(t.app, '/api/v1/auth/password-reset/complete', {
        token,
        password: 'Zanahoria-lunes-Faro-81',
      })
      assert.equal(done.status, 200, JSON.stringify(done.body))
    })

    it('a reset answers in the same time for an email with an account as for one without (medians of forty pairs)', async () => {
      const tenant = await t.newTenant()
      // Forty pairs, as twenty were at the mercy of a busy machine's moments (CI once measured 1.71 ms
      // against 2.15 ms, the email without an account the slower); forty people, so that no one
      // reaches the three links an hour and every ask does the full work.
      const PAIRS = 40
      const known: string[] = []
      for (let i = 0; i < PAIRS; i++) known.push((await tenant.createUser({ password: PASSWORD })).email)
      const timed = async (email: string) => {
        const started = performance.now()
        const res = await post(t.app, '/api/v1/auth/password-reset', { email })
        const ms = performance.now() - started
        assert.equal(res.status, 202)
        // What follows the answer (the link, the mail through the outbox to the inbox) is let finish
        // before the next ask, so it weighs on neither kind of email: the next ask starts idle.
        if (known.includes(email)) await inbox.next(email, 15_000)
        await pause(25)
        return ms
      }
      // Warm up both paths.
      await timed(uniqueEmail('nobody'))
      await timed(known[0]!)
      const ofKnown: number[] = []
      const ofUnknown: number[] = []
      // Interleaved pairs, the order within each pair alternating: a busy moment of the machine
      // falls on both kinds alike.
      for (let i = 0; i < PAIRS; i++) {
        const unknown = uniqueEmail('nobody')
        if (i % 2) {
          ofKnown.push(await timed(known[i]!))
          ofUnknown.push(await timed(unknown))
        } else {
          ofUnknown.push(await timed(unknown))
          ofKnown.push(await timed(known[i]!))
        }
      }
      // Within half of each other. What this guards against, the accounts looked up and the link
      // made before the answer, made the known email's median 10 times the other's on SQLite
      // (23.75 ms against 2.23) and 3 times on PostgreSQL (36.88 against 12.12), measured by
      // moving that work back before the answer; a busy CI machine, with two other test files
      // beside this one, has put 21 % between two medians of the same code (1.99 ms against
      // 1.64, PostgreSQL), which the 20 % this allowed before counted as a leak.
      const [a, b] = [median(ofKnown), median(ofUnknown)]
      assert.ok(
        Math.max(a, b) <= 1.5 * Math.min(a, b),
        `medians within 50 %: known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`,
      )
      // The work was done all the same, after the answers: every known person got a link and a mail.
      await eventually(
        'the reset links',
        () =>
          t.database.db
            .selectFrom('account_tokens')
            .select('user_id')
            .where('tenant_id', '=', tenant.id)
            .where('purpose', '=', 'password_reset')
            .execute(),
        (rows) => new Set(rows.map((r) => r.user_id)).size === PAIRS,
      )
    })
  },
  { app: { accounts: { publicUrl: 'https://jornada.example.com' }, mail: inbox.mail } },
)
