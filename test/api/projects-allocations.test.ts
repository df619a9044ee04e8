import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine, type TestTenant } from '../helpers/harness.js'

async function project(tenant: TestTenant, code: string, extra: Record<string, unknown> = {}) {
  const res = await tenant.admin.post('/api/v1/projects', { code, name: `Project ${code}`, ...extra })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

forEachEngine('projects and allocations', (t) => {
  it('projects: create, list by code, rename, deactivate; unique codes; administrators only', async () => {
    const tenant = await t.newTenant()
    const b = await project(tenant, 'B-2')
    assert.match(b.id, /^prj_/)
    assert.deepEqual(
      { ...b, id: undefined, created_at: undefined },
      { id: undefined, created_at: undefined, code: 'B-2', name: 'Project B-2', active: true },
    )
    await project(tenant, 'A-1')
    expectError(await tenant.admin.post('/api/v1/projects', { code: 'A-1', name: 'Again' }), 409, 'code_taken')
    expectError(await tenant.admin.post('/api/v1/projects', { code: 'bad code', name: 'X' }), 400)
    expectError(await tenant.admin.post('/api/v1/projects', { code: 'X' }), 400)
    const list = await tenant.admin.get('/api/v1/projects')
    assert.deepEqual(
      list.body.data.map((p: any) => p.code),
      ['A-1', 'B-2'],
    )
    const closed = await tenant.admin.patch(`/api/v1/projects/${b.id}`, { active: false, name: 'Closed project' })
    assert.deepEqual(
      [closed.body.data.active, closed.body.data.name, closed.body.data.code],
      [false, 'Closed project', 'B-2'],
    )
    assert.deepEqual(
      (await tenant.admin.get('/api/v1/projects?active=true')).body.data.map((p: any) => p.code),
      ['A-1'],
    )
    expectError(await tenant.admin.patch(`/api/v1/projects/${b.id}`, { code: 'A-1' }), 409, 'code_taken')
    expectError(await tenant.admin.patch('/api/v1/projects/prj_nope', { name: 'X' }), 404)
    expectError(await tenant.admin.get('/api/v1/projects/prj_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    const member = await tenant.keyFor((await tenant.createUser()).id)
    expectError(await member.post('/api/v1/projects', { code: 'M', name: 'M' }), 403, 'permission_denied')
    expectError(await member.patch(`/api/v1/projects/${b.id}`, { name: 'M' }), 403, 'permission_denied')
    assert.equal((await member.get('/api/v1/projects')).status, 200)
    assert.deepEqual((await member.get(`/api/v1/projects/${b.id}`)).body.data, closed.body.data, 'one by one too')
  })

  it('creates an allocation (201) to a project or to other tasks, with the contract shape', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const p = await project(tenant, 'WEB')
    const res = await tenant.admin.post('/api/v1/allocations', {
      user_id: user.id,
      start: '2026-11-20T09:00:00+01:00',
      end: '2026-11-20T11:30:59.999+01:00',
      project_id: p.id,
      comment: 'Sprint planning',
    })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const a = res.body.data
    assert.deepEqual(Object.keys(a).sort(), [
      'comment',
      'created_at',
      'date',
      'end',
      'id',
      'minutes',
      'note',
      'project',
      'source',
      'start',
      'user_id',
    ])
    assert.match(a.id, /^alc_/)
    assert.equal(a.start, '2026-11-20T08:00:00.000Z')
    assert.equal(a.end, '2026-11-20T10:30:59.999Z')
    assert.equal(a.minutes, 150, 'floored')
    assert.equal(a.date, '2026-11-20')
    assert.deepEqual(a.project, { id: p.id, code: 'WEB', name: 'Project WEB' })
    assert.deepEqual([a.note, a.comment, a.source], [null, 'Sprint planning', 'manual'])
    const other = await tenant.admin.post('/api/v1/allocations', {
      user_id: user.id,
      start: '2026-11-20T12:00:00Z',
      end: '2026-11-20T13:00:00Z',
      note: 'Training',
    })
    assert.deepEqual(
      [other.status, other.body.data.project, other.body.data.note, other.body.data.comment],
      [201, null, 'Training', null],
    )
    assert.deepEqual((await tenant.admin.get(`/api/v1/allocations/${a.id}`)).body.data, a)
  })

  it('validation: project_id xor note, end after start, at most 24 h, offsets required, zones (400)', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const p = await project(tenant, 'P')
    const base = { user_id: user.id, start: '2026-11-20T08:00:00Z', end: '2026-11-20T09:00:00Z' }
    const both = expectError(
      await tenant.admin.post('/api/v1/allocations', { ...base, project_id: p.id, note: 'x' }),
      400,
    )
    assert.deepEqual(both.details!.map((d) => d.field).sort(), ['note', 'project_id'])
    expectError(await tenant.admin.post('/api/v1/allocations', base), 400)
    expectError(await tenant.admin.post('/api/v1/allocations', { ...base, project_id: null, note: null }), 400)
    expectError(await tenant.admin.post('/api/v1/allocations', { ...base, note: '   ' }), 400)
    const sameTime = expectError(
      await tenant.admin.post('/api/v1/allocations', { ...base, end: base.start, note: 'x' }),
      400,
    )
    assert.equal(sameTime.details![0]!.field, 'end')
    expectError(
      await tenant.admin.post('/api/v1/allocations', { ...base, end: '2026-11-20T07:00:00Z', note: 'x' }),
      400,
    )
    expectError(
      await tenant.admin.post('/api/v1/allocations', { ...base, end: '2026-11-21T08:00:00.001Z', note: 'x' }),
      400,
    )
    assert.equal(
      (await tenant.admin.post('/api/v1/allocations', { ...base, end: '2026-11-21T08:00:00Z', note: 'x' })).status,
      201,
      'exactly 24 h',
    )
    expectError(
      await tenant.admin.post('/api/v1/allocations', {
        ...base,
        start: '2026-11-22T08:00:00',
        end: '2026-11-22T09:00:00Z',
        note: 'x',
      }),
      400,
    )
    expectError(await tenant.admin.post('/api/v1/allocations', { ...base, tz: 'Nowhere/City', note: 'x' }), 400)
    expectError(await tenant.admin.post('/api/v1/allocations', { ...base, note: 'x', hours: 1 }), 400)
    assert.equal(
      (await tenant.admin.get(`/api/v1/allocations?user_id=${user.id}`)).body.meta.total,
      1,
      'only the valid one was written',
    )
  })

  it('404 unknown user or project, 409 inactive project, 403 for another employee’s time (404 to remove it unless their supervisor)', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const colleague = await tenant.createUser()
    const closed = await project(tenant, 'OLD', { active: false })
    const open = await project(tenant, 'NEW')
    const base = { start: '2026-11-20T08:00:00Z', end: '2026-11-20T09:00:00Z' }
    expectError(await tenant.admin.post('/api/v1/allocations', { ...base, user_id: 'usr_nope', note: 'x' }), 404)
    expectError(
      await tenant.admin.post('/api/v1/allocations', { ...base, user_id: user.id, project_id: 'prj_nope' }),
      404,
    )
    expectError(
      await tenant.admin.post('/api/v1/allocations', { ...base, user_id: user.id, project_id: closed.id }),
      409,
      'project_inactive',
    )
    const own = await tenant.keyFor(user.id)
    assert.equal(
      (await own.post('/api/v1/allocations', { ...base, user_id: user.id, project_id: open.id })).status,
      201,
      'their own time',
    )
    expectError(
      await own.post('/api/v1/allocations', { ...base, user_id: colleague.id, note: 'x' }),
      403,
      'permission_denied',
    )
    const theirs = (await tenant.admin.post('/api/v1/allocations', { ...base, user_id: colleague.id, note: 'x' })).body
      .data
    // A colleague's allocation is not theirs to see (need-to-know): 404, as if it did not exist.
    expectError(await own.delete(`/api/v1/allocations/${theirs.id}`), 404, 'not_found')
    // Their supervisor sees it but may not remove it.
    await tenant.admin.patch(`/api/v1/users/${colleague.id}`, { manager_id: user.id })
    expectError(await own.delete(`/api/v1/allocations/${theirs.id}`), 403, 'permission_denied')
  })

  it('overlap with another allocation of the same employee is 409; touching spans and other employees are fine', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const other = await tenant.createUser()
    const alloc = (userId: string, start: string, end: string) =>
      tenant.admin.post('/api/v1/allocations', { user_id: userId, start, end, note: 'work' })
    assert.equal((await alloc(user.id, '2026-11-20T08:00:00Z', '2026-11-20T10:00:00Z')).status, 201)
    expectError(await alloc(user.id, '2026-11-20T09:59:00Z', '2026-11-20T11:00:00Z'), 409, 'allocation_overlap')
    expectError(await alloc(user.id, '2026-11-20T07:00:00Z', '2026-11-20T08:00:01Z'), 409, 'allocation_overlap')
    expectError(await alloc(user.id, '2026-11-20T08:30:00Z', '2026-11-20T09:00:00Z'), 409, 'allocation_overlap')
    expectError(await alloc(user.id, '2026-11-20T07:00:00Z', '2026-11-20T11:00:00Z'), 409, 'allocation_overlap')
    assert.equal(
      (await alloc(user.id, '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z')).status,
      201,
      'starts when the other ends',
    )
    assert.equal(
      (await alloc(user.id, '2026-11-20T07:00:00Z', '2026-11-20T08:00:00Z')).status,
      201,
      'ends when the other starts',
    )
    assert.equal((await alloc(other.id, '2026-11-20T08:00:00Z', '2026-11-20T10:00:00Z')).status, 201)
  })

  it('date is the local day of start: across a local midnight and across DST changes', async () => {
    const tenant = await t.newTenant() // Europe/Madrid
    const user = await tenant.createUser()
    const date = async (start: string, end: string, tz?: string) => {
      const res = await tenant.admin.post('/api/v1/allocations', {
        user_id: user.id,
        start,
        end,
        note: 'n',
        ...(tz ? { tz } : {}),
      })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      return [res.body.data.date, res.body.data.minutes]
    }
    assert.deepEqual(
      await date('2026-11-19T23:30:00Z', '2026-11-20T01:00:00Z'),
      ['2026-11-20', 90],
      '00:30 in Madrid is the next day',
    )
    assert.deepEqual(await date('2026-11-18T22:59:00Z', '2026-11-18T23:30:00Z'), ['2026-11-18', 31], '23:59 in Madrid')
    assert.deepEqual(await date('2026-11-10T20:00:00Z', '2026-11-10T21:00:00Z', 'Pacific/Auckland'), ['2026-11-11', 60])
    assert.deepEqual(await date('2026-11-12T03:00:00Z', '2026-11-12T04:00:00Z', 'America/Los_Angeles'), [
      '2026-11-11',
      60,
    ])
    // Spring forward in Madrid: 2026-03-29 02:00 CET -> 03:00 CEST. 00:30 CET to 04:30 CEST is 3 hours.
    assert.deepEqual(await date('2026-03-28T23:30:00Z', '2026-03-29T02:30:00Z'), ['2026-03-29', 180])
    // Fall back: 2026-10-25 03:00 CEST -> 02:00 CET. 02:30 CEST (00:30Z) on the 25th.
    assert.deepEqual(await date('2026-10-25T00:30:00Z', '2026-10-25T02:30:00Z'), ['2026-10-25', 120])
    assert.deepEqual(
      await date('2026-10-24T21:59:00Z', '2026-10-24T22:30:00Z'),
      ['2026-10-24', 31],
      '23:59 CEST is still the 24th',
    )
  })

  it('list filters (user, project, date range), order, pagination; get and delete', async () => {
    const tenant = await t.newTenant()
    const a = await tenant.createUser()
    const b = await tenant.createUser()
    const p = await project(tenant, 'LIST')
    const make = async (userId: string, day: string, extra: Record<string, unknown> = { note: 'n' }) =>
      (
        await tenant.admin.post('/api/v1/allocations', {
          user_id: userId,
          start: `${day}T09:00:00Z`,
          end: `${day}T10:00:00Z`,
          ...extra,
        })
      ).body.data
    const a1 = await make(a.id, '2026-11-18', { project_id: p.id })
    const a2 = await make(a.id, '2026-11-19')
    const b1 = await make(b.id, '2026-11-17', { project_id: p.id })
    const ids = async (q: string) =>
      (await tenant.admin.get(`/api/v1/allocations?${q}`)).body.data.map((x: any) => x.id)
    assert.deepEqual(await ids(''), [b1.id, a1.id, a2.id], 'by start')
    assert.deepEqual(await ids(`user_id=${a.id}`), [a1.id, a2.id])
    assert.deepEqual(await ids(`project_id=${p.id}`), [b1.id, a1.id])
    assert.deepEqual(await ids('from=2026-11-18&to=2026-11-18'), [a1.id])
    assert.deepEqual(await ids('from=2026-11-19'), [a2.id])
    expectError(await tenant.admin.get('/api/v1/allocations?from=2026-11-19&to=2026-11-18'), 400)
    const page = await tenant.admin.get('/api/v1/allocations?page_size=2&page=2')
    assert.deepEqual([page.body.meta.total, page.body.data.length], [3, 1])
    assert.equal((await tenant.admin.delete(`/api/v1/allocations/${a1.id}`)).status, 204)
    expectError(await tenant.admin.get(`/api/v1/allocations/${a1.id}`), 404)
    expectError(await tenant.admin.delete(`/api/v1/allocations/${a1.id}`), 404)
    const own = await tenant.keyFor(a.id)
    assert.equal((await own.delete(`/api/v1/allocations/${a2.id}`)).status, 204, 'employees may remove their own')
  })

  it('allocations never touch punches', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const recent = new Date(Date.now() - 2 * 3600_000).toISOString()
    assert.equal(
      (await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts: recent })).status,
      201,
    )
    const before = await t.database.db.selectFrom('punches').selectAll().where('user_id', '=', user.id).execute()
    await tenant.admin.post('/api/v1/allocations', {
      user_id: user.id,
      start: recent,
      end: new Date().toISOString(),
      note: 'x',
    })
    const after = await t.database.db.selectFrom('punches').selectAll().where('user_id', '=', user.id).execute()
    assert.deepEqual(after, before)
  })

  it('concurrent overlapping allocations for one employee: exactly one 201', async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          tenant.admin.post('/api/v1/allocations', {
            user_id: user.id,
            start: `2026-11-20T0${8 + (i % 2)}:00:00Z`,
            end: '2026-11-20T10:30:00Z',
            note: `racer ${i}`,
          }),
        ),
      )
      assert.equal(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join(','))
      for (const r of results.filter((r) => r.status !== 201)) expectError(r, 409, 'allocation_overlap')
      assert.equal((await tenant.admin.get(`/api/v1/allocations?user_id=${user.id}`)).body.meta.total, 1)
    }
  })
})
