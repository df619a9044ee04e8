import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'

const FULL_FIELDS = [
  'id',
  'full_name',
  'email',
  'role',
  'status',
  'hire_date',
  'vacation_days',
  'works_holidays',
  'remote_work_allowed',
  'overtime_compensation',
  'overtime_comp_expiry',
  'night_worker',
  'complementary_pact_percent',
  'complementary_voluntary_percent',
  'representative',
  'created_at',
  'has_photo',
  'department',
  'work_center',
  'manager_id',
  'schedule_id',
  'employment_periods',
  'profile',
  'folders',
].sort()

forEachEngine('users API', (t) => {
  it('creates a user with every field and returns the full form (201)', async () => {
    const tenant = await t.newTenant()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Sales' })).body.data
    const wc = (await tenant.admin.post('/api/v1/work-centers', { name: 'Sevilla', country: 'ES', region: 'AN' })).body
      .data
    const email = uniqueEmail('Full.Name')
    const res = await tenant.admin.post('/api/v1/users', {
      email,
      full_name: '  María José Núñez ',
      password: 'correct horse',
      role: 'member',
      department_id: dep.id,
      work_center_id: wc.id,
      hire_date: '2024-02-29',
      vacation_days: 25,
      works_holidays: true,
      remote_work_allowed: true,
      dni: 'X-1234567-L',
      phone: '+34 611 22 33 44',
      manager_id: tenant.adminId,
    })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const user = res.body.data
    assert.deepEqual(Object.keys(user).sort(), FULL_FIELDS)
    assert.match(user.id, /^usr_[0-9A-Z]{26}$/)
    assert.equal(user.email, email, 'email stored as given')
    assert.equal(user.full_name, 'María José Núñez')
    assert.equal(user.status, 'active')
    assert.equal(user.hire_date, '2024-02-29')
    assert.equal(user.vacation_days, 25)
    assert.equal(user.works_holidays, true)
    assert.equal(user.remote_work_allowed, true)
    assert.equal(user.overtime_compensation, null)
    assert.equal(user.overtime_comp_expiry, null)
    assert.equal(user.has_photo, false)
    assert.match(user.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    assert.deepEqual(user.department, { id: dep.id, name: 'Sales' })
    assert.deepEqual(user.work_center, { id: wc.id, name: 'Sevilla' })
    assert.equal(user.manager_id, tenant.adminId)
    assert.equal(user.folders, null)
    assert.equal(user.profile.dni, 'X-1234567-L')
    assert.equal(user.profile.phone_personal, '+34 611 22 33 44')
    assert.deepEqual(user.profile.qualifications, [])
    assert.ok(!('password' in user) && !JSON.stringify(user).includes('correct horse'))

    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
    assert.equal(row.kiosk_id, '1234567', 'kiosk identifier = digits of the DNI')
    assert.match(row.password_hash!, /^scrypt\$/)
    // No kiosk PIN from the phone an administrator gives: the worker chooses one, or a reset mails one
    // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    assert.equal(row.kiosk_pin_hash, null)
    const { verifyPassword } = await import('../../src/lib/secrets.js')
    assert.ok(await verifyPassword('correct horse', row.password_hash!))
    assert.ok(row.credentials_company_issued_at, 'a password the administrator gave is the company’s')
  })

  it('applies defaults: member, company vacation days, no department, default folders', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    assert.equal(user.role, 'member')
    assert.equal(user.vacation_days, 22)
    assert.equal(user.department, null)
    assert.equal(user.work_center, null)
    assert.equal(user.hire_date, null)
    assert.equal(user.works_holidays, false)
    const withFolders = await tenant.admin.get(`/api/v1/users/${user.id}?include_folders=true`)
    assert.deepEqual(
      withFolders.body.data.folders.map((f: any) => [f.name, f.document_count]),
      [
        ['Contracts', 0],
        ['Payslips', 0],
        ['Other', 0],
      ],
    )
    assert.match(withFolders.body.data.folders[0].id, /^fld_/)
    assert.equal((await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.folders, null)
    assert.equal((await tenant.admin.get(`/api/v1/users/${user.id}?include_folders=false`)).body.data.folders, null)
  })

  it('company default vacation days and folders come from the tenant settings', async () => {
    const tenant = await t.newTenant()
    await tenant.admin.patch('/api/v1/tenant', { default_vacation_days: 30, default_folders: ['Nóminas'] })
    const user = await tenant.createUser()
    assert.equal(user.vacation_days, 30)
    const folders = (await tenant.admin.get(`/api/v1/users/${user.id}?include_folders=true`)).body.data.folders
    assert.deepEqual(
      folders.map((f: any) => f.name),
      ['Nóminas'],
    )
  })

  it('rejects invalid create bodies with one detail per failing field and writes nothing', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.post('/api/v1/users', {
      email: 'not-an-email',
      full_name: '   ',
      password: 'short',
      role: 'owner',
      hire_date: '2026-02-30',
      vacation_days: '22',
      works_holidays: 'yes',
      nickname: 'x',
    })
    const error = expectError(res, 400, 'invalid_request')
    const fields = error.details!.map((d) => d.field).sort()
    assert.deepEqual(fields, [
      'email',
      'full_name',
      'hire_date',
      'nickname',
      'password',
      'role',
      'vacation_days',
      'works_holidays',
    ])
    assert.equal(error.details!.find((d) => d.field === 'nickname')!.message, 'is not a known field')
    const missing = expectError(await tenant.admin.post('/api/v1/users', {}), 400)
    assert.deepEqual(missing.details!.map((d) => d.field).sort(), ['email', 'full_name'])
    const phone = expectError(
      await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'P', phone: 'call 600' }),
      400,
    )
    assert.equal(phone.details![0]!.field, 'phone')
    const list = await tenant.admin.get('/api/v1/users')
    assert.equal(list.body.meta.total, 1, 'nothing was written')
  })

  it('password: exactly 8 characters is accepted, 7 is not; a commonly used one is refused', async () => {
    const tenant = await t.newTenant()
    expectError(
      await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'A', password: 'k7#qZ!p' }),
      400,
    )
    assert.equal(
      (await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'A', password: 'k7#qZ!pw' })).status,
      201,
    )
    const common = expectError(
      await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'A', password: '12345678' }),
      400,
    )
    assert.equal(common.details?.[0]?.field, 'password')
    assert.match(common.details?.[0]?.message ?? '', /commonly used/)
  })

  it('409 when the email is taken, ignoring case; the same email in another tenant is fine', async () => {
    const tenant = await t.newTenant()
    const other = await t.newTenant()
    const email = uniqueEmail('Dup')
    await tenant.createUser({ email })
    expectError(
      await tenant.admin.post('/api/v1/users', { email: email.toUpperCase(), full_name: 'Dup' }),
      409,
      'email_taken',
    )
    assert.equal((await other.admin.post('/api/v1/users', { email, full_name: 'Dup' })).status, 201)
  })

  it('409 when another user has a DNI with the same digits (kiosk identifier)', async () => {
    const tenant = await t.newTenant()
    await tenant.createUser({ dni: '11111111H' })
    expectError(
      await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'K', dni: '11.111.111-h' }),
      409,
      'kiosk_id_taken',
    )
    const other = await tenant.createUser({ dni: '22222222J' })
    expectError(await tenant.admin.patch(`/api/v1/users/${other.id}`, { dni: '11111111 H' }), 409, 'kiosk_id_taken')
  })

  it('a DNI or NIE with the wrong check letter is 400 naming the right one; other countries’ documents pass', async () => {
    const tenant = await t.newTenant()
    const wrongDni = expectError(
      await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'D', dni: '34567891A' }),
      400,
      'invalid_request',
    )
    assert.equal(wrongDni.details?.[0]?.field, 'dni')
    assert.match(wrongDni.details?.[0]?.message ?? '', /is H, not A/)
    const user = await tenant.createUser({ dni: '34567891-H' })
    const wrongNie = expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, { dni: 'Y1234567A' }), 400)
    assert.match(wrongNie.details?.[0]?.message ?? '', /NIE Y1234567 is X, not A/)
    for (const dni of ['Y1234567X', 'Z1234567R', 'P-1234567', null])
      assert.equal((await tenant.admin.patch(`/api/v1/users/${user.id}`, { dni })).status, 200, String(dni))
  })

  it('404 for unknown department, work center or manager on create', async () => {
    const tenant = await t.newTenant()
    for (const field of ['department_id', 'work_center_id', 'manager_id']) {
      expectError(
        await tenant.admin.post('/api/v1/users', { email: uniqueEmail(), full_name: 'X', [field]: 'nope_1' }),
        404,
        'not_found',
      )
    }
  })

  it('only administrators create users (403 permission_denied, distinct from scope_required)', async () => {
    const tenant = await t.newTenant()
    const member = await tenant.createUser()
    const memberKey = await tenant.keyFor(member.id)
    expectError(
      await memberKey.post('/api/v1/users', { email: uniqueEmail(), full_name: 'X' }),
      403,
      'permission_denied',
    )
    expectError(
      await memberKey.post('/api/v1/users', { email: uniqueEmail(), full_name: 'X', role: 'admin' }),
      403,
      'permission_denied',
    )
    const admin2 = await tenant.admin.post('/api/v1/users', {
      email: uniqueEmail(),
      full_name: 'Second Admin',
      role: 'admin',
    })
    assert.equal(admin2.body.data.role, 'admin')
  })

  it('get: 404 for an unknown id, 400 for an unknown query parameter', async () => {
    const tenant = await t.newTenant()
    expectError(await tenant.admin.get('/api/v1/users/usr_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    expectError(await tenant.admin.get(`/api/v1/users/${tenant.adminId}?include_folder=true`), 400, 'invalid_request')
    expectError(await tenant.admin.get(`/api/v1/users/${tenant.adminId}?include_folders=maybe`), 400, 'invalid_request')
  })

  it('list: reduced by default, full on request, stable order by name then id, pagination', async () => {
    const tenant = await t.newTenant()
    for (const name of ['carla', 'Bruno', 'álvaro', 'Bruno', 'dora']) await tenant.createUser({ full_name: name })
    const page1 = await tenant.admin.get('/api/v1/users?page_size=2')
    assert.equal(page1.status, 200)
    assert.deepEqual(page1.body.meta, { page: 1, page_size: 2, total: 6 })
    assert.deepEqual(Object.keys(page1.body.data[0]).sort(), [
      'department',
      'email',
      'full_name',
      'has_photo',
      'id',
      'role',
      'status',
      'work_center',
    ])
    const all = await tenant.admin.get('/api/v1/users?page_size=100')
    const names = all.body.data.map((u: any) => u.full_name)
    assert.deepEqual(names, ['Admin User', 'álvaro', 'Bruno', 'Bruno', 'carla', 'dora'], 'case and accents ignored')
    const brunos = all.body.data.filter((u: any) => u.full_name === 'Bruno')
    assert.ok(brunos[0].id < brunos[1].id, 'ties broken by id')
    const pages = []
    for (let page = 1; page <= 3; page++)
      pages.push(...(await tenant.admin.get(`/api/v1/users?page_size=2&page=${page}`)).body.data)
    assert.deepEqual(
      pages.map((u: any) => u.id),
      all.body.data.map((u: any) => u.id),
      'pages partition the list',
    )
    const past = await tenant.admin.get('/api/v1/users?page=9')
    assert.deepEqual(past.body, { data: [], meta: { page: 9, page_size: 25, total: 6 } })
    const full = await tenant.admin.get('/api/v1/users?detail=full&page_size=1')
    assert.deepEqual(Object.keys(full.body.data[0]).sort(), FULL_FIELDS)
    assert.equal(full.body.data[0].folders, null)
  })

  it('list filters: status, role, department, work center, manager, email (exact, any case), q', async () => {
    const tenant = await t.newTenant()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Ops' })).body.data
    const wc = (await tenant.admin.post('/api/v1/work-centers', { name: 'Bilbao' })).body.data
    const email = uniqueEmail('Ines.Ops')
    const ines = await tenant.createUser({
      full_name: 'Inés Operaciones',
      email,
      department_id: dep.id,
      manager_id: tenant.adminId,
    })
    const pol = await tenant.createUser({ full_name: 'Pol 100%_sure', work_center_id: wc.id })
    await tenant.admin.post(`/api/v1/users/${pol.id}/deactivate`)
    const ids = async (query: string) =>
      (await tenant.admin.get(`/api/v1/users?${query}`)).body.data.map((u: any) => u.id)
    assert.deepEqual(await ids('status=disabled'), [pol.id])
    assert.deepEqual(await ids('role=admin'), [tenant.adminId])
    assert.deepEqual(await ids(`department_id=${dep.id}`), [ines.id])
    assert.deepEqual(await ids(`work_center_id=${wc.id}`), [pol.id])
    assert.deepEqual(await ids(`manager_id=${tenant.adminId}`), [ines.id])
    assert.deepEqual(await ids(`email=${encodeURIComponent(email.toUpperCase())}`), [ines.id])
    assert.deepEqual(await ids(`email=${encodeURIComponent(email.slice(1))}`), [], 'email is exact, not a substring')
    assert.deepEqual(await ids('q=INÉS'), [ines.id], 'q ignores case, also beyond ASCII')
    assert.deepEqual(await ids('q=ines%20op'), [ines.id], 'q ignores accents')
    assert.deepEqual(await ids('q=ines.ops'), [ines.id], 'q matches the email')
    assert.deepEqual(await ids(`q=${encodeURIComponent('100%_')}`), [pol.id], 'LIKE wildcards are literal')
    assert.deepEqual(await ids(`q=${encodeURIComponent('%')}`), [pol.id])
    assert.deepEqual(await ids('status=active&role=member'), [ines.id])
    expectError(await tenant.admin.get('/api/v1/users?status=gone'), 400)
    expectError(await tenant.admin.get('/api/v1/users?page=0'), 400)
    expectError(await tenant.admin.get('/api/v1/users?page_size=101'), 400)
    expectError(await tenant.admin.get('/api/v1/users?detail=everything'), 400)
    expectError(await tenant.admin.get('/api/v1/users?sort=name'), 400)
  })

  it('update: omitted fields keep their value, null clears, and the response is the full user', async () => {
    const tenant = await t.newTenant()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Legal' })).body.data
    const user = await tenant.createUser({ department_id: dep.id, hire_date: '2020-01-01', vacation_days: 30 })
    const res = await tenant.admin.patch(`/api/v1/users/${user.id}`, {
      city: 'Madrid',
      iban: 'es91 2100 0418 4502 0005 1332',
      swift: 'caixesbbxxx',
      qualifications: '["Forklift", " First aid "]',
      birth_date: '1990-05-17',
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const updated = res.body.data
    assert.deepEqual(Object.keys(updated).sort(), FULL_FIELDS)
    assert.equal(updated.profile.city, 'Madrid')
    assert.equal(updated.profile.iban, 'ES9121000418450200051332')
    assert.equal(updated.profile.swift, 'CAIXESBBXXX')
    assert.deepEqual(updated.profile.qualifications, ['Forklift', 'First aid'])
    assert.deepEqual(updated.department, { id: dep.id, name: 'Legal' }, 'omitted: kept')
    assert.equal(updated.hire_date, '2020-01-01')
    assert.equal(updated.folders, null)

    const cleared = (
      await tenant.admin.patch(`/api/v1/users/${user.id}`, {
        department_id: null,
        hire_date: null,
        vacation_days: null,
        city: null,
        qualifications: null,
      })
    ).body.data
    assert.equal(cleared.department, null)
    assert.equal(cleared.hire_date, null)
    assert.equal(cleared.vacation_days, 22, 'null vacation_days follows the company default')
    assert.equal(cleared.profile.city, null)
    assert.deepEqual(cleared.profile.qualifications, [])
    assert.equal(cleared.profile.iban, 'ES9121000418450200051332', 'omitted: kept')
  })

  it('update validation: IBAN checksum, BIC, dates, qualifications JSON, immutable email and status', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const cases: [Record<string, unknown>, string][] = [
      [{ iban: 'ES9121000418450200051333' }, 'iban'],
      [{ swift: 'NOTABIC!' }, 'swift'],
      [{ passport_expiry: '2027-13-01' }, 'passport_expiry'],
      [{ personal_email: 'nope' }, 'personal_email'],
      [{ qualifications: 'Forklift' }, 'qualifications'],
      [{ qualifications: '[1, 2]' }, 'qualifications'],
      [{ qualifications: ['x'.repeat(201)] }, 'qualifications'],
      [{ email: 'new@example.com' }, 'email'],
      [{ status: 'disabled' }, 'status'],
      [{ full_name: null }, 'full_name'],
      [{ role: 'superuser' }, 'role'],
      [{ works_holidays: null }, 'works_holidays'],
    ]
    for (const [body, field] of cases) {
      const error = expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, body), 400, 'invalid_request')
      assert.deepEqual(
        error.details!.map((d) => d.field),
        [field],
        JSON.stringify(body),
      )
    }
    const after = (await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data
    assert.deepEqual(after, user, 'nothing was written')
  })

  it('update permissions: members edit their own personal fields only; HR fields need admin or HR', async () => {
    const tenant = await t.newTenant()
    const hrDep = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
    await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDep.id })
    const member = await tenant.createUser()
    const colleague = await tenant.createUser()
    const hrMember = await tenant.createUser({ department_id: hrDep.id })
    const memberKey = await tenant.keyFor(member.id)
    const hrKey = await tenant.keyFor(hrMember.id)

    assert.equal(
      (
        await memberKey.patch(`/api/v1/users/${member.id}`, {
          phone_personal: '600 000 000',
          iban: 'ES9121000418450200051332',
        })
      ).status,
      200,
    )
    expectError(await memberKey.patch(`/api/v1/users/${colleague.id}`, { city: 'Madrid' }), 403, 'permission_denied')
    expectError(await memberKey.patch(`/api/v1/users/${member.id}`, { ssn: '28/1234567/89' }), 403, 'permission_denied')
    expectError(await memberKey.patch(`/api/v1/users/${member.id}`, { vacation_days: 40 }), 403, 'permission_denied')
    expectError(await memberKey.patch(`/api/v1/users/${member.id}`, { role: 'admin' }), 403, 'permission_denied')
    expectError(
      await memberKey.patch(`/api/v1/users/${member.id}`, { department_id: hrDep.id }),
      403,
      'permission_denied',
    )

    assert.equal(
      (await hrKey.patch(`/api/v1/users/${member.id}`, { ssn: '28/1234567/89', qualifications: '["Driver"]' })).status,
      200,
    )
    expectError(await hrKey.patch(`/api/v1/users/${member.id}`, { city: 'Madrid' }), 403, 'permission_denied')
    expectError(await hrKey.patch(`/api/v1/users/${member.id}`, { role: 'admin' }), 403, 'permission_denied')
    assert.equal(
      (await tenant.admin.patch(`/api/v1/users/${member.id}`, { role: 'admin', company_name: 'Acme SL' })).status,
      200,
    )
    const final = (await tenant.admin.get(`/api/v1/users/${member.id}`)).body.data
    assert.equal(final.profile.ssn, '28/1234567/89')
    assert.equal(final.role, 'admin')
  })

  it('update: 404 for unknown user and for unknown referenced department', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    expectError(await tenant.admin.patch('/api/v1/users/usr_nope', { city: 'X' }), 404)
    expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, { department_id: 'dep_nope' }), 404)
  })

  it('demoting the last active admin is 409; with a second admin it works', async () => {
    const tenant = await t.newTenant()
    expectError(await tenant.admin.patch(`/api/v1/users/${tenant.adminId}`, { role: 'member' }), 409, 'last_admin')
    const second = await tenant.createUser({ role: 'admin' })
    await tenant.admin.post(`/api/v1/users/${second.id}/deactivate`)
    expectError(await tenant.admin.patch(`/api/v1/users/${tenant.adminId}`, { role: 'member' }), 409, 'last_admin')
    await tenant.admin.post(`/api/v1/users/${second.id}/reactivate`)
    const res = await tenant.admin.patch(`/api/v1/users/${tenant.adminId}`, { role: 'member' })
    assert.equal(res.status, 200)
    assert.equal(res.body.data.role, 'member')
  })

  it('manager_id: no cycles (direct or indirect), no self-management', async () => {
    const tenant = await t.newTenant()
    const a = await tenant.createUser()
    const b = await tenant.createUser({ manager_id: a.id })
    const c = await tenant.createUser({ manager_id: b.id })
    expectError(await tenant.admin.patch(`/api/v1/users/${a.id}`, { manager_id: a.id }), 409, 'manager_cycle')
    expectError(await tenant.admin.patch(`/api/v1/users/${a.id}`, { manager_id: c.id }), 409, 'manager_cycle')
    expectError(await tenant.admin.patch(`/api/v1/users/${a.id}`, { manager_id: b.id }), 409, 'manager_cycle')
    assert.equal((await tenant.admin.patch(`/api/v1/users/${c.id}`, { manager_id: a.id })).body.data.manager_id, a.id)
    assert.equal((await tenant.admin.patch(`/api/v1/users/${c.id}`, { manager_id: null })).body.data.manager_id, null)
  })

  it('deactivate: admin only, idempotent, last active admin is 409', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const memberKey = await tenant.keyFor(user.id)
    expectError(await memberKey.post(`/api/v1/users/${tenant.adminId}/deactivate`), 403, 'permission_denied')
    const first = await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)
    assert.equal(first.status, 200)
    assert.equal(first.body.data.status, 'disabled')
    assert.equal(first.body.data.folders, null)
    const again = await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)
    assert.equal(again.status, 200)
    assert.deepEqual(again.body.data, first.body.data)
    expectError(await tenant.admin.post(`/api/v1/users/${tenant.adminId}/deactivate`), 409, 'last_admin')
    expectError(await tenant.admin.post('/api/v1/users/usr_unknown/deactivate'), 404)
    // an empty JSON body is accepted, a non-empty one is not
    assert.equal((await tenant.admin.request('POST', `/api/v1/users/${user.id}/deactivate`, '')).status, 200)
  })

  it('reactivate restores access; users.update cannot change status', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)
    const res = await tenant.admin.post(`/api/v1/users/${user.id}/reactivate`)
    assert.equal(res.status, 200)
    assert.equal(res.body.data.status, 'active')
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/reactivate`)).status, 200, 'idempotent')
    expectError(await tenant.admin.post('/api/v1/users/usr_unknown/reactivate'), 404)
  })

  it('representative: set by administrators only, shown on the user, audited', async () => {
    const tenant = await t.newTenant()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
    await tenant.admin.patch('/api/v1/tenant', { hr_department_id: dep.id })
    const hr = await tenant.createUser({ department_id: dep.id })
    const worker = await tenant.createUser()
    assert.equal(worker.representative, false)
    const self = await tenant.keyFor(worker.id)
    expectError(await self.patch(`/api/v1/users/${worker.id}`, { representative: true }), 403, 'permission_denied')
    expectError(
      await (await tenant.keyFor(hr.id)).patch(`/api/v1/users/${worker.id}`, { representative: true }),
      403,
      'permission_denied',
    )
    const set = await tenant.admin.patch(`/api/v1/users/${worker.id}`, { representative: true })
    assert.equal(set.status, 200, JSON.stringify(set.body))
    assert.equal(set.body.data.representative, true)
    assert.equal((await tenant.admin.get(`/api/v1/users/${worker.id}`)).body.data.representative, true)
    const audit = await tenant.admin.get('/api/v1/audit-log?operation=users.update')
    assert.ok(
      audit.body.data.some((e: any) => e.resource_id === worker.id && e.fields.includes('representative')),
      JSON.stringify(audit.body.data),
    )
  })
})
