/**
 * Credentials the company issued (docs/decisions/0024-only-the-worker-acts-as-the-worker.md), on
 * both engines, without a mail server: an invitation answered to the administrator, a password an
 * administrator gave at creation, and a kiosk PIN chosen with such a sign-in are the company's until
 * a link mailed to the worker replaces them. Written as the attacks they expose: an administrator
 * who sets the worker's password through the invitation link, then clocks in, consents to a
 * correction and signs the month as the worker, leaves `credential_origin: "company_issued"` on
 * every one of those acts, in the punch log, the correction trail, the signature and the monthly
 * report (JSON and CSV). Changing the password does not clear the mark: whoever received the issued
 * password can change it as well as the worker. A reset link mailed to the worker does, and takes
 * with it the personal keys made meanwhile (the second block, with a mail server). And an
 * administrator who gives a phone at creation gets no kiosk PIN out of it.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { DateTime } from 'luxon'
import { verifyPunchChains } from '../../src/modules/attendance/index.js'
import { PASSWORD, type SessionClient, sessionCookieSet, signedIn } from '../helpers/accounts.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { recipientsOf, tokenInMail, useInboxForThisFile } from '../helpers/inbox.js'

const NEW_PASSWORD = 'Gazpacho-andaluz-2031'

/** Sets the password with an invitation's link, as whoever holds the link would. */
async function acceptInvitation(app: SessionClient['app'], link: string, password = PASSWORD) {
  const token = /token=(.+)$/.exec(link)![1]!
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/complete',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, password }),
  })
  assert.equal(res.statusCode, 200, res.body)
  assert.ok(sessionCookieSet(res))
}

/** The CSV's rows as objects keyed by its header. */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\r\n')
  const names = header!.split(',')
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i]!, cell])))
}

forEachEngine('company-issued credentials mark the acts made with them (no mail server)', (t) => {
  it('the admin-only path: the invitation link set by the administrator, then a punch and a consent as the worker: both marked, everywhere, also after a change of password', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ full_name: 'Lucía Pérez' })
    const invited = await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
    assert.equal(invited.body.data.delivery, 'link', 'without mail the link is answered to the administrator')
    // The administrator uses the link themselves.
    await acceptInvitation(t.app, invited.body.data.link)
    const asWorker = await signedIn(t.app, user.email)

    // Earlier that day the administrator pushed an in and an out, then proposes moving the out.
    const now = Date.now()
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
    const pushedIn = (await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts: at(180) })).body
      .data
    const pushedOut = (await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'out', ts: at(120) }))
      .body.data
    assert.equal(pushedIn.credential_origin, undefined, 'an administrator’s push is no personal act')
    const proposed = await tenant.admin.post('/api/v1/attendance/corrections', {
      user_id: user.id,
      reason: 'Left at the end of the meeting',
      changes: [{ action: 'move', punch_id: pushedOut.id, ts: at(110) }],
    })
    assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
    const consent = await asWorker.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
      decision: 'approved',
    })
    assert.equal(consent.status, 200, JSON.stringify(consent.body))
    assert.equal(consent.body.data.decision_credential_origin, 'company_issued')
    const trail = (await tenant.admin.get(`/api/v1/attendance/corrections/${proposed.body.data.id}`)).body.data
    assert.equal(trail.decided_by, user.id)
    assert.equal(trail.decision_credential_origin, 'company_issued', 'the correction trail says whose credential')

    const clockedIn = await asWorker.post('/api/v1/attendance/clock', { type: 'in' })
    assert.equal(clockedIn.status, 201, JSON.stringify(clockedIn.body))
    assert.equal(clockedIn.body.data.source, 'clock')
    assert.equal(clockedIn.body.data.credential_origin, 'company_issued')

    // Whoever holds the issued password changes it, to wash the mark off: it stays, since the
    // service cannot tell the worker from the administrator who set it.
    const changed = await asWorker.post('/api/v1/me/password', { current_password: PASSWORD, password: NEW_PASSWORD })
    assert.equal(changed.status, 200, JSON.stringify(changed.body))
    const clockedOut = await asWorker.post('/api/v1/attendance/clock', { type: 'out' })
    assert.equal(clockedOut.status, 201, JSON.stringify(clockedOut.body))
    assert.equal(clockedOut.body.data.credential_origin, 'company_issued', 'a changed password is still the company’s')

    // The punch log.
    const from = at(24 * 60).slice(0, 10)
    const to = new Date(now + 86_400_000).toISOString().slice(0, 10)
    const log = (
      await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=${from}&to=${to}&page_size=100`)
    ).body.data
    const origins = Object.fromEntries(log.map((p: any) => [p.id, p.credential_origin ?? null]))
    assert.deepEqual(
      [origins[pushedIn.id], origins[pushedOut.id], origins[clockedIn.body.data.id], origins[clockedOut.body.data.id]],
      [null, null, 'company_issued', 'company_issued'],
    )
    // The mark is part of the punch's hash: the chain holds, and is checked with it.
    const chain = await verifyPunchChains(t.database.db, tenant.id, user.id)
    assert.deepEqual([chain.ok, chain.broken], [true, []])

    // The monthly report, in UTC so that the day of the punch is its UTC date.
    const inTs: string = clockedIn.body.data.ts
    const outTs: string = clockedOut.body.data.ts
    const month = inTs.slice(0, 7)
    // The marked punches by UTC day (the two are seconds apart, but a day may end between them).
    const markedByDay = new Map<string, string[]>()
    for (const ts of [inTs, outTs]) markedByDay.set(ts.slice(0, 10), [...(markedByDay.get(ts.slice(0, 10)) ?? []), ts])
    const report = (
      await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${user.id}&month=${month}&tz=UTC`)
    ).body.data
    const marked = report.days.filter((d: any) => d.company_issued_punches)
    assert.deepEqual(
      marked.map((d: any) => [d.date, d.company_issued_punches]),
      [...markedByDay].filter(([date]) => date.startsWith(month)),
    )
    const correction = report.corrections.find((c: any) => c.id === proposed.body.data.id)
    assert.equal(correction.decision_credential_origin, 'company_issued')
    const csv = await tenant.admin.get(
      `/api/v1/attendance/reports/monthly?user_id=${user.id}&month=${month}&tz=UTC&format=csv`,
    )
    assert.equal(csv.status, 200)
    const rows = csvRows(String(csv.body)).filter((r) => r.company_issued_punches !== '')
    assert.deepEqual(
      rows.map((r) => [r.date, r.company_issued_punches!.split(' ').length]),
      [...markedByDay].filter(([date]) => date.startsWith(month)).map(([date, marks]) => [date, marks.length]),
    )
    // Written as the day's sessions are: the first marked punch starts the session the worker clocked in.
    const clockedSession = rows[0]!.sessions!.split(' ').at(-1)!
    assert.equal(rows[0]!.company_issued_punches!.split(' ')[0], clockedSession.split('/')[0])
  })

  it('a password an administrator gave at creation is the company’s; a PIN chosen with it too, before and after a change of password', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ full_name: 'Marc Soler', dni: '12345678-Z', password: PASSWORD })
    const asWorker = await signedIn(t.app, user.email)
    // The PIN chosen in the app with the company's sign-in: whoever held the sign-in chose it.
    assert.equal((await asWorker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '482619' })).status, 200)
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
    const device = t.client(kiosk.device_token)
    const atKiosk = await device.post('/api/v1/kiosk/punches', { identifier: '12345678', pin: '482619', type: 'in' })
    assert.equal(atKiosk.status, 201, JSON.stringify(atKiosk.body))
    const day = atKiosk.body.data.ts.slice(0, 10)
    const logOf = async () =>
      (await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=${day}&to=${day}`)).body.data
    assert.deepEqual(
      (await logOf()).map((p: any) => [p.source, p.credential_origin ?? null]),
      [['kiosk', 'company_issued']],
    )
    // A new password and a new PIN chosen with it: both still the company's, whoever chose them.
    assert.equal(
      (await asWorker.post('/api/v1/me/password', { current_password: PASSWORD, password: NEW_PASSWORD })).status,
      200,
    )
    assert.equal((await asWorker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '731950' })).status, 200)
    const out = await device.post('/api/v1/kiosk/punches', { identifier: '12345678', pin: '731950', type: 'out' })
    assert.equal(out.status, 201, JSON.stringify(out.body))
    assert.deepEqual(
      (await logOf()).map((p: any) => [p.source, p.credential_origin ?? null]),
      [
        ['kiosk', 'company_issued'],
        ['kiosk', 'company_issued'],
      ],
    )
  })

  it('the signature of a month signed with a company-issued credential carries the mark; one signed with the worker’s own does not', async () => {
    const tenant = await t.newTenant()
    const lastMonth = DateTime.utc().minus({ months: 1 }).toFormat('yyyy-LL')
    const invitedOne = await tenant.createUser({ full_name: 'Ana Ruiz' })
    const link = (await tenant.admin.post(`/api/v1/users/${invitedOne.id}/invite`)).body.data.link
    await acceptInvitation(t.app, link)
    const asInvited = await signedIn(t.app, invitedOne.email)
    const signed = await asInvited.post('/api/v1/attendance/reports/monthly/sign', { month: lastMonth })
    assert.equal(signed.status, 201, JSON.stringify(signed.body))
    assert.equal(signed.body.data.credential_origin, 'company_issued')
    const report = (
      await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${invitedOne.id}&month=${lastMonth}`)
    ).body.data
    assert.equal(report.signature.id, signed.body.data.id)
    assert.equal(report.signature.credential_origin, 'company_issued', 'the report shows how the month was signed')
    const pdf = await tenant.admin.get(
      `/api/v1/attendance/reports/monthly?user_id=${invitedOne.id}&month=${lastMonth}&format=pdf`,
    )
    assert.equal(pdf.status, 200)

    // A worker who made their own key (no credential of the company's behind it) signs unmarked.
    const own = await tenant.createUser({ full_name: 'Iván Gómez' })
    const ownKey = await tenant.keyFor(own.id)
    const ownSigned = await ownKey.post('/api/v1/attendance/reports/monthly/sign', { month: lastMonth })
    assert.equal(ownSigned.status, 201, JSON.stringify(ownSigned.body))
    assert.equal(ownSigned.body.data.credential_origin, undefined)
  })

  it('a user created with a phone gets no kiosk PIN from it: its last four digits are refused at the kiosk', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ full_name: 'Lucía Pérez', dni: '12345678-Z', phone: '+34 600 111 222' })
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
    const device = t.client(kiosk.device_token)
    for (const pin of ['1222', '111222', '60011122'])
      expectError(
        await device.post('/api/v1/kiosk/punches', { identifier: '12345678', pin, type: 'in' }),
        401,
        'kiosk_credentials_invalid',
      )
    const worker = await tenant.keyFor(user.id)
    assert.deepEqual((await worker.get('/api/v1/me/kiosk-pin')).body.data, {
      identifier: '12345678',
      pin_set: false,
      pin_change_required: false,
    })
    // A phone of fewer than four digits is no longer refused: it never was a PIN.
    const short = await tenant.admin.post('/api/v1/users', {
      email: `short.${Date.now()}@example.com`,
      full_name: 'Short Phone',
      phone: '(11) 2',
    })
    assert.equal(short.status, 201, JSON.stringify(short.body))
  })
})

const inbox = useInboxForThisFile()

forEachEngine(
  'a reset link mailed to the worker makes the sign-in theirs (mail server on loopback)',
  (t) => {
    it('a password given at creation, changed, and a personal key made with it: all the company’s until a mailed reset, which revokes that key', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ full_name: 'Nuria Vidal', password: PASSWORD })
      const held = await signedIn(t.app, user.email)
      // Whoever holds the issued sign-in makes a personal key and changes the password.
      const made = await held.post('/api/v1/keys', { name: 'Payroll sync', current_password: PASSWORD })
      assert.equal(made.status, 201, JSON.stringify(made.body))
      const heldKey = t.client(made.body.data.api_key)
      assert.equal(
        (await held.post('/api/v1/me/password', { current_password: PASSWORD, password: NEW_PASSWORD })).status,
        200,
      )
      const marked = await heldKey.post('/api/v1/attendance/clock', { type: 'in' })
      assert.equal(marked.status, 201, JSON.stringify(marked.body))
      assert.equal(marked.body.data.credential_origin, 'company_issued', 'a key made with the issued sign-in')

      // The worker asks for a reset: the link reaches only their mailbox.
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: user.email }),
      })
      assert.equal(asked.statusCode, 202)
      const token = tokenInMail(
        await inbox.waitFor(
          (mail) => recipientsOf(mail).includes(user.email) && /password-reset/.test(String(mail.text)),
        ),
        'password-reset',
      )
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/complete',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ token, password: 'Paella-valenciana-2032' }),
      })
      assert.equal(done.statusCode, 200, done.body)

      // The key made while the sign-in was the company's is gone with the mark.
      expectError(await heldKey.get('/api/v1/me'), 401, 'unauthenticated')
      const own = await signedIn(t.app, user.email, 'Paella-valenciana-2032')
      const out = await own.post('/api/v1/attendance/clock', { type: 'out' })
      assert.equal(out.status, 201, JSON.stringify(out.body))
      assert.equal(out.body.data.credential_origin, undefined, 'the worker’s own credential: no mark')
    })
  },
  { app: { accounts: { publicUrl: 'https://jornada.example.com' }, mail: inbox.mail } },
)
