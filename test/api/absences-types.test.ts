/**
 * The absence-type catalogue through HTTP: the default types every tenant gets, creating and
 * changing types (administrators only, coherent flags), and a change of flags applying to new
 * requests only.
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { create, days, DEFAULT_NOW, span } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'absences: type catalogue',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('every new tenant gets the default types with the documented flags, ordered by key', async () => {
      // In English: a company outside the Spanish-speaking world (reports-inspector.test.ts: in Spanish).
      const tenant = await t.newTenant({ country: 'GB', timezone: 'Europe/London' })
      const res = await tenant.admin.get('/api/v1/absence-types')
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.meta, { page: 1, page_size: 25, total: 5 })
      assert.deepEqual(res.body.data, [
        {
          key: 'justified',
          label: 'Justified absence',
          labels: { es: 'Ausencia justificada', en: 'Justified absence' },
          requires_approval: true,
          allows_hourly: true,
          consumes_vacation: false,
          interrupts_vacation: false,
        },
        {
          key: 'overtime_rest',
          label: 'Overtime rest',
          labels: { es: 'Descanso por horas extra', en: 'Overtime rest' },
          requires_approval: true,
          allows_hourly: true,
          consumes_vacation: false,
          interrupts_vacation: false,
        },
        {
          key: 'personal',
          label: 'Personal matters',
          labels: { es: 'Asuntos propios', en: 'Personal matters' },
          requires_approval: true,
          allows_hourly: true,
          consumes_vacation: false,
          interrupts_vacation: false,
        },
        {
          key: 'sick',
          label: 'Sick leave',
          labels: { es: 'Baja por enfermedad', en: 'Sick leave' },
          requires_approval: false,
          allows_hourly: true,
          consumes_vacation: false,
          interrupts_vacation: true,
        },
        {
          key: 'vacation',
          label: 'Vacation',
          labels: { es: 'Vacaciones', en: 'Vacation' },
          requires_approval: true,
          allows_hourly: false,
          consumes_vacation: true,
          interrupts_vacation: false,
        },
      ])
      const member = await tenant.keyFor((await tenant.createUser()).id)
      assert.equal((await member.get('/api/v1/absence-types')).status, 200, 'members read the catalogue')
    })

    it('POST /absence-types: admin 201 with defaults, 409 duplicate key, 400 hourly+vacation, 403 member, usable at once', async () => {
      const tenant = await t.newTenant()
      const res = await tenant.admin.post('/api/v1/absence-types', { key: 'training', label: '  Training  ' })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assert.deepEqual(res.body.data, {
        key: 'training',
        label: 'Training',
        labels: {},
        requires_approval: true,
        allows_hourly: false,
        consumes_vacation: false,
        interrupts_vacation: false,
      })
      const full = await tenant.admin.post('/api/v1/absence-types', {
        key: 'moving',
        label: 'Moving house',
        requires_approval: false,
        allows_hourly: true,
      })
      assert.equal(full.status, 201)
      assert.deepEqual(full.body.data, {
        key: 'moving',
        label: 'Moving house',
        labels: {},
        requires_approval: false,
        allows_hourly: true,
        consumes_vacation: false,
        interrupts_vacation: false,
      })

      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'training', label: 'Again' }),
        409,
        'absence_type_exists',
      )
      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'vacation', label: 'Vacation 2' }),
        409,
        'absence_type_exists',
      )
      const incoherent = expectError(
        await tenant.admin.post('/api/v1/absence-types', {
          key: 'halfvac',
          label: 'Half vacation',
          allows_hourly: true,
          consumes_vacation: true,
        }),
        400,
        'invalid_request',
      )
      assert.ok(
        incoherent.details?.some((d) => d.field === 'allows_hourly'),
        JSON.stringify(incoherent),
      )
      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'Bad Key', label: 'x' }),
        400,
        'invalid_request',
      )
      expectError(await tenant.admin.post('/api/v1/absence-types', { key: 'nolabel' }), 400, 'invalid_request')
      expectError(
        await tenant.admin.post('/api/v1/absence-types', { key: 'x1', label: 'x', color: 'red' }),
        400,
        'invalid_request',
      )

      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(
        await member.post('/api/v1/absence-types', { key: 'party', label: 'Party' }),
        403,
        'permission_denied',
      )

      const types = (await tenant.admin.get('/api/v1/absence-types')).body
      assert.equal(types.meta.total, 7)
      assert.deepEqual(
        types.data.map((x: any) => x.key),
        ['justified', 'moving', 'overtime_rest', 'personal', 'sick', 'training', 'vacation'],
      )

      const user = await tenant.createUser()
      const moving = await create(tenant.admin, days(user.id, 'moving', '2026-12-01'))
      assert.equal(moving.status, 'approved')
      assert.deepEqual(moving.type, { key: 'moving', label: 'Moving house' })
      const training = await create(tenant.admin, days(user.id, 'training', '2026-12-02'))
      assert.equal(training.status, 'pending')
    })

    it('PATCH /absence-types/{key}: 404 unknown, changes flags, 400 incoherent, 403 member; approval change affects only new requests', async () => {
      const tenant = await t.newTenant()
      expectError(await tenant.admin.patch('/api/v1/absence-types/nope', { label: 'x' }), 404, 'not_found')
      expectError(await tenant.admin.get('/api/v1/absence-types/nope'), 404, 'not_found')
      const member = await tenant.keyFor((await tenant.createUser()).id)
      assert.equal((await member.get('/api/v1/absence-types/personal')).body.data.key, 'personal', 'members read one')
      expectError(await member.patch('/api/v1/absence-types/personal', { label: 'Mine' }), 403, 'permission_denied')
      const incoherent = await tenant.admin.patch('/api/v1/absence-types/sick', { consumes_vacation: true })
      expectError(incoherent, 400, 'invalid_request')
      expectError(
        await tenant.admin.patch('/api/v1/absence-types/vacation', { allows_hourly: true }),
        400,
        'invalid_request',
      )
      expectError(await tenant.admin.patch('/api/v1/absence-types/personal', { color: 'red' }), 400, 'invalid_request')

      const user = await tenant.createUser()
      const before = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      assert.equal(before.status, 'pending')

      const res = await tenant.admin.patch('/api/v1/absence-types/personal', {
        requires_approval: false,
        label: 'Personal',
      })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.deepEqual(res.body.data, {
        key: 'personal',
        label: 'Personal',
        labels: {},
        requires_approval: false,
        allows_hourly: true,
        consumes_vacation: false,
        interrupts_vacation: false,
      })
      const listed = (await tenant.admin.get('/api/v1/absence-types')).body.data.find((x: any) => x.key === 'personal')
      assert.deepEqual(listed, res.body.data)

      const stillPending = (await tenant.admin.get(`/api/v1/absences/${before.id}`)).body.data
      assert.equal(stillPending.status, 'pending', 'an existing request keeps its status')
      assert.equal(stillPending.decided_at, null)
      assert.equal(stillPending.type.label, 'Personal', 'the label is read from the type')
      const after = await create(tenant.admin, days(user.id, 'personal', '2026-12-02'))
      assert.equal(after.status, 'approved', 'a new request follows the new flag')
      assert.equal(after.decided_at, after.created_at)

      // The other way round: sick now needs approval.
      assert.equal((await tenant.admin.patch('/api/v1/absence-types/sick', { requires_approval: true })).status, 200)
      assert.equal((await create(tenant.admin, days(user.id, 'sick', '2026-12-03'))).status, 'pending')
      // Taking hourly away makes hourly requests of that type 400; vacation can now be coherent with hourly off.
      assert.equal((await tenant.admin.patch('/api/v1/absence-types/justified', { allows_hourly: false })).status, 200)
      expectError(
        await tenant.admin.post('/api/v1/absences', span(user.id, 'justified', '2026-12-04', '09:00', '10:00')),
        400,
        'invalid_request',
      )
      const empty = await tenant.admin.patch('/api/v1/absence-types/justified', {})
      assert.equal(empty.status, 200)
      assert.equal(empty.body.data.allows_hourly, false)
    })

    it('labels: a type named in each language the company gives, replaced by a PATCH, cleared by a new label alone', async () => {
      const tenant = await t.newTenant()
      const created = await tenant.admin.post('/api/v1/absence-types', {
        key: 'training',
        label: 'Formación',
        labels: { es: ' Formación ', en: 'Training' },
      })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      assert.deepEqual(created.body.data.labels, { es: 'Formación', en: 'Training' })
      const onlySpanish = await tenant.admin.post('/api/v1/absence-types', {
        key: 'wedding',
        label: 'Permiso por matrimonio',
        labels: { es: 'Permiso por matrimonio' },
      })
      assert.deepEqual(onlySpanish.body.data.labels, { es: 'Permiso por matrimonio' }, 'only the languages given')
      for (const labels of [{ fr: 'Formation' }, { en: '' }, { en: '   ' }, { en: 'x'.repeat(101) }, 'Training'])
        expectError(
          await tenant.admin.post('/api/v1/absence-types', { key: 'other', label: 'Otro', labels }),
          400,
          'invalid_request',
        )

      const renamed = await tenant.admin.patch('/api/v1/absence-types/training', { labels: { en: 'Courses' } })
      assert.deepEqual(renamed.body.data.labels, { en: 'Courses' }, 'labels replace the names, they do not merge')
      const relabelled = await tenant.admin.patch('/api/v1/absence-types/training', { label: 'Cursos' })
      assert.equal(relabelled.body.data.label, 'Cursos')
      assert.deepEqual(relabelled.body.data.labels, {}, 'the old names named what it was')
      const same = await tenant.admin.patch('/api/v1/absence-types/vacation', { label: 'Vacaciones' })
      assert.deepEqual(same.body.data.labels, { es: 'Vacaciones', en: 'Vacation' }, 'the same label keeps them')
      const listed = (await tenant.admin.get('/api/v1/absence-types')).body.data
      assert.deepEqual(listed.find((x: any) => x.key === 'training').labels, {})
    })
  },
  { app: { clock: () => now } },
)
