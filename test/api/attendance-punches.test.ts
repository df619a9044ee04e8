/**
 * Recording punches through HTTP: the contract shape stored as UTC, the punch sequence, strictly
 * increasing moments, the timestamp window, modality and remote work, and errors for unknown or
 * disabled users and missing permissions.
 * The app's clock is set per test so punches can be placed around past DST changes while still
 * obeying "at most 60 days old, not in the future".
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { day, punch } from '../helpers/attendance.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'attendance: recording punches',
  (t) => {
    it('records a punch (201) in the contract shape, stored as UTC', async () => {
      setNow('2026-11-20T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const res = await tenant.admin.post('/api/v1/attendance', {
        user_id: user.id,
        type: 'in',
        ts: '2026-11-20T09:00:00+01:00',
      })
      assert.equal(res.status, 201)
      // The contract's fields, and the extension's origin of the punch
      // (docs/decisions/0010-legal-working-time-record.md).
      assert.deepEqual(Object.keys(res.body.data).sort(), [
        'created_by',
        'id',
        'modality',
        'source',
        'ts',
        'type',
        'user_id',
      ])
      assert.deepEqual([res.body.data.source, res.body.data.created_by], ['api', tenant.adminId])
      assert.match(res.body.data.id, /^pun_/)
      assert.equal(res.body.data.ts, '2026-11-20T08:00:00.000Z')
      assert.equal(res.body.data.modality, 'onsite')
      assert.equal(res.body.data.user_id, user.id)
    })

    it('enforces the sequence: in -> break_start|out, break_start -> break_end, break_end -> break_start|out, out -> in', async () => {
      setNow('2026-11-20T23:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      let minute = 0
      const at = () => new Date(Date.parse('2026-11-20T06:00:00Z') + ++minute * 60_000).toISOString()
      const tryPunch = (type: string) => tenant.admin.post('/api/v1/attendance', { user_id: user.id, type, ts: at() })
      for (const bad of ['out', 'break_start', 'break_end'])
        expectError(await tryPunch(bad), 409, 'punch_sequence_invalid')
      assert.equal((await tryPunch('in')).status, 201)
      for (const bad of ['in', 'break_end']) expectError(await tryPunch(bad), 409, 'punch_sequence_invalid')
      assert.equal((await tryPunch('break_start')).status, 201)
      for (const bad of ['in', 'out', 'break_start']) expectError(await tryPunch(bad), 409, 'punch_sequence_invalid')
      assert.equal((await tryPunch('break_end')).status, 201)
      expectError(await tryPunch('in'), 409, 'punch_sequence_invalid')
      expectError(await tryPunch('break_end'), 409, 'punch_sequence_invalid')
      assert.equal((await tryPunch('break_start')).status, 201)
      assert.equal((await tryPunch('break_end')).status, 201)
      assert.equal((await tryPunch('out')).status, 201)
      for (const bad of ['out', 'break_start', 'break_end'])
        expectError(await tryPunch(bad), 409, 'punch_sequence_invalid')
      assert.equal((await tryPunch('in')).status, 201)
    })

    it('a punch must be strictly later than the last one (409 punch_out_of_order)', async () => {
      setNow('2026-11-20T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      await punch(tenant, user.id, 'in', '2026-11-20T08:00:00.500Z')
      expectError(
        await tenant.admin.post('/api/v1/attendance', {
          user_id: user.id,
          type: 'out',
          ts: '2026-11-20T08:00:00.500Z',
        }),
        409,
        'punch_out_of_order',
      )
      expectError(
        await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'out', ts: '2026-11-20T07:59:59Z' }),
        409,
        'punch_out_of_order',
      )
      expectError(
        await tenant.admin.post('/api/v1/attendance', {
          user_id: user.id,
          type: 'out',
          ts: '2026-11-20T08:00:00.5004Z',
        }),
        409,
        'punch_out_of_order',
      )
      await punch(tenant, user.id, 'out', '2026-11-20T08:00:00.501Z')
    })

    it('timestamps: at most 60 s in the future and 60 days old; an offset or Z is required (400)', async () => {
      setNow('2026-11-20T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const post = (ts: string) => tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts })
      const future = expectError(await post('2026-11-20T12:01:00.001Z'), 400, 'invalid_request')
      assert.equal(future.details![0]!.field, 'ts')
      expectError(await post('2026-09-21T11:59:59.999Z'), 400, 'invalid_request')
      expectError(await post('2026-11-20T10:00:00'), 400, 'invalid_request')
      expectError(await post('2026-02-30T10:00:00Z'), 400, 'invalid_request')
      expectError(await post('yesterday'), 400, 'invalid_request')
      assert.equal((await post('2026-09-21T12:00:00Z')).status, 201, 'exactly 60 days old is accepted')
      const other = await tenant.createUser()
      assert.equal(
        (await tenant.admin.post('/api/v1/attendance', { user_id: other.id, type: 'in', ts: '2026-11-20T12:01:00Z' }))
          .status,
        201,
        '60 s of skew accepted',
      )
    })

    it('modality: only on in (400), remote only with remote work (409), inherited by the session', async () => {
      setNow('2026-11-20T20:00:00Z')
      const tenant = await t.newTenant()
      const office = await tenant.createUser()
      const remoteWorker = await tenant.createUser({ remote_work_allowed: true })
      expectError(
        await tenant.admin.post('/api/v1/attendance', {
          user_id: office.id,
          type: 'in',
          ts: '2026-11-20T08:00:00Z',
          modality: 'remote',
        }),
        409,
        'remote_not_allowed',
      )
      expectError(
        await tenant.admin.post('/api/v1/attendance', {
          user_id: office.id,
          type: 'in',
          ts: '2026-11-20T08:00:00Z',
          modality: 'home',
        }),
        400,
      )
      await punch(tenant, office.id, 'in', '2026-11-20T08:00:00Z', { modality: 'onsite' })
      expectError(
        await tenant.admin.post('/api/v1/attendance', {
          user_id: office.id,
          type: 'out',
          ts: '2026-11-20T09:00:00Z',
          modality: 'onsite',
        }),
        400,
        'invalid_request',
      )
      const inRemote = await punch(tenant, remoteWorker.id, 'in', '2026-11-20T08:00:00Z', { modality: 'remote' })
      assert.equal(inRemote.modality, 'remote')
      const out = await punch(tenant, remoteWorker.id, 'out', '2026-11-20T16:00:00Z')
      assert.equal(out.modality, 'remote')
      assert.equal((await day(tenant, remoteWorker.id, '2026-11-20', 'UTC')).modality, 'remote')
      assert.equal((await day(tenant, office.id, '2026-11-20', 'UTC')).modality, 'onsite')
    })

    it('404 unknown user, 409 disabled user, 403 for a key that cannot administer employees, 400 unknown field', async () => {
      setNow('2026-11-20T12:00:00Z')
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const ts = '2026-11-20T08:00:00Z'
      expectError(await tenant.admin.post('/api/v1/attendance', { user_id: 'usr_nope', type: 'in', ts }), 404)
      const memberKey = await tenant.keyFor(user.id)
      expectError(
        await memberKey.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts }),
        403,
        'permission_denied',
      )
      expectError(await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts, lat: 40.4 }), 400)
      await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)
      expectError(
        await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts }),
        409,
        'user_disabled',
      )
    })
  },
  { app: { clock: () => now } },
)
