/**
 * Listing absences through HTTP: every absence overlapping [from, to], the filters, the order
 * (start date, then creation, then id) with stable pagination, and the validation of the query.
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { ABSENCE_KEYS, cancel, create, days, decide, DEFAULT_NOW, list, span, withHr } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'absences: listing',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('list: every absence overlapping [from, to], including those starting before or ending after; bounds included', async () => {
      const tenant = await t.newTenant()
      const u1 = await tenant.createUser()
      const u2 = await tenant.createUser()
      const a = await create(tenant.admin, days(u1.id, 'personal', '2026-12-01', '2026-12-03'))
      const b = await create(tenant.admin, days(u1.id, 'personal', '2026-12-05', '2026-12-10'))
      const c = await create(tenant.admin, days(u1.id, 'personal', '2026-12-12'))
      const d = await create(tenant.admin, days(u2.id, 'sick', '2026-11-28', '2026-12-15'))
      const e = await create(tenant.admin, span(u2.id, 'sick', '2026-12-16', '09:00', '10:00'))
      const ids = async (q: string) => (await list(tenant.admin, q)).data.map((x) => x.id)
      assert.deepEqual(await ids('from=2026-12-04&to=2026-12-11'), [b.id, d.id])
      assert.deepEqual(await ids('from=2026-12-03&to=2026-12-05'), [b.id, a.id, d.id])
      assert.deepEqual(await ids('from=2026-12-12&to=2026-12-12'), [c.id, d.id])
      assert.deepEqual(await ids('from=2026-12-16&to=2026-12-31'), [e.id])
      assert.deepEqual(await ids('from=2026-11-01&to=2026-11-27'), [])
      assert.deepEqual(await ids('from=2026-11-28&to=2026-11-28'), [d.id])
      const all = await list(tenant.admin, 'from=2026-01-01&to=2027-12-31')
      assert.equal(all.meta.total, 5)
      assert.deepEqual(
        all.data.map((x) => x.id),
        [e.id, c.id, b.id, a.id, d.id],
      )
      for (const item of all.data) assert.deepEqual(Object.keys(item).sort(), ABSENCE_KEYS)
      assert.deepEqual(all.data[0], e)
    })

    it('list filters: user_id, status, type, combined', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const u1 = await tenant.createUser()
      const u2 = await tenant.createUser()
      const p1 = await create(tenant.admin, days(u1.id, 'personal', '2026-12-01'))
      const v1 = await create(tenant.admin, days(u1.id, 'vacation', '2026-12-02'))
      const s1 = await create(tenant.admin, days(u1.id, 'sick', '2026-12-03'))
      const p2 = await create(tenant.admin, days(u2.id, 'personal', '2026-12-01'))
      const v2 = await create(tenant.admin, days(u2.id, 'vacation', '2026-12-02'))
      await decide(hrKey, v1.id, 'approved')
      await decide(hrKey, p2.id, 'rejected')
      await cancel(hrKey, v2.id)
      const ids = async (q: string) =>
        (await list(tenant.admin, `from=2026-12-01&to=2026-12-31&${q}`)).data.map((x) => x.id).sort()
      const sorted = (...xs: any[]) => xs.map((x) => x.id).sort()
      assert.deepEqual(await ids(`user_id=${u1.id}`), sorted(p1, v1, s1))
      assert.deepEqual(await ids(`user_id=${u2.id}`), sorted(p2, v2))
      assert.deepEqual(await ids('status=approved'), sorted(v1, s1))
      assert.deepEqual(await ids('status=pending'), sorted(p1))
      assert.deepEqual(await ids('status=rejected'), sorted(p2))
      assert.deepEqual(await ids('status=cancelled'), sorted(v2))
      assert.deepEqual(await ids('type=vacation'), sorted(v1, v2))
      assert.deepEqual(await ids('type=sick'), sorted(s1))
      assert.deepEqual(await ids(`type=vacation&status=approved&user_id=${u1.id}`), sorted(v1))
      assert.deepEqual(await ids(`type=personal&user_id=${u2.id}&status=pending`), [])
      assert.deepEqual(await ids('type=unknowntype'), [])
      assert.deepEqual(await ids('user_id=usr_nobody'), [])
      const filtered = await list(tenant.admin, `from=2026-12-01&to=2026-12-31&type=vacation`)
      assert.equal(filtered.meta.total, 2)
      expectError(
        await tenant.admin.get('/api/v1/absences?from=2026-12-01&to=2026-12-31&status=done'),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get('/api/v1/absences?from=2026-12-01&to=2026-12-31&type=Bad%20Key'),
        400,
        'invalid_request',
      )
    })

    it('list order: start_date desc, then created_at desc, then id desc; stable pagination', async () => {
      const tenant = await t.newTenant()
      const users = await Promise.all(Array.from({ length: 7 }, () => tenant.createUser()))
      const made: any[] = []
      // Same start date, created at three different moments.
      for (let i = 0; i < 3; i++) {
        setNow(`2026-11-23T10:0${i}:00Z`)
        made.push(await create(tenant.admin, days(users[i]!.id, 'personal', '2026-12-10', '2026-12-10')))
      }
      // Same start date and same created_at: ordered by id.
      setNow('2026-11-23T11:00:00Z')
      for (let i = 3; i < 6; i++)
        made.push(await create(tenant.admin, days(users[i]!.id, 'personal', '2026-12-10', `2026-12-1${i}`)))
      // Earlier and later start dates.
      made.push(await create(tenant.admin, days(users[6]!.id, 'personal', '2026-12-09', '2026-12-12')))
      made.push(await create(tenant.admin, days(users[0]!.id, 'sick', '2026-12-11')))
      made.push(await create(tenant.admin, days(users[1]!.id, 'sick', '2026-12-08', '2026-12-09')))

      const expected = [...made]
        .sort((x, y) =>
          x.start_date !== y.start_date
            ? x.start_date < y.start_date
              ? 1
              : -1
            : x.created_at !== y.created_at
              ? x.created_at < y.created_at
                ? 1
                : -1
              : x.id < y.id
                ? 1
                : -1,
        )
        .map((x) => x.id)
      const all = await list(tenant.admin, 'from=2026-12-01&to=2026-12-31')
      assert.deepEqual(
        all.data.map((x) => x.id),
        expected,
      )
      assert.equal(all.data[0]!.start_date, '2026-12-11')
      assert.deepEqual(
        all.data.slice(1, 4).map((x) => x.id),
        [...made.slice(3, 6)].sort((x, y) => (x.id < y.id ? 1 : -1)).map((x) => x.id),
        'same instant: by id desc',
      )
      assert.deepEqual(
        all.data.slice(4, 7).map((x) => x.id),
        [made[2].id, made[1].id, made[0].id],
        'then by created_at desc',
      )
      assert.equal(all.data.at(-1)!.start_date, '2026-12-08')
      // Stable across calls and pages.
      assert.deepEqual(
        (await list(tenant.admin, 'from=2026-12-01&to=2026-12-31')).data.map((x) => x.id),
        expected,
      )
      const paged: string[] = []
      for (let page = 1; page <= 4; page++) {
        const res = await list(tenant.admin, `from=2026-12-01&to=2026-12-31&page=${page}&page_size=3`)
        assert.deepEqual(res.meta, { page, page_size: 3, total: 9 })
        assert.equal(res.data.length, page <= 3 ? 3 : 0)
        paged.push(...res.data.map((x) => x.id))
      }
      assert.deepEqual(paged, expected)
      const p2 = await list(tenant.admin, 'from=2026-12-01&to=2026-12-31&page=2&page_size=4')
      assert.deepEqual(
        p2.data.map((x) => x.id),
        expected.slice(4, 8),
      )
      assert.deepEqual((await list(tenant.admin, 'from=2026-12-01&to=2026-12-31&page_size=100')).data.length, 9)
    })

    it('list validation: from and to required and valid, to >= from (400); page_size at most 100; unknown parameters 400', async () => {
      const tenant = await t.newTenant()
      const bad = async (q: string) =>
        expectError(await tenant.admin.get(`/api/v1/absences?${q}`), 400, 'invalid_request')
      const backwards = await bad('from=2026-12-10&to=2026-12-09')
      assert.ok(
        backwards.details?.some((d) => d.field === 'to'),
        JSON.stringify(backwards),
      )
      await bad('to=2026-12-09')
      await bad('from=2026-12-09')
      await bad('')
      await bad('from=2026-13-01&to=2026-12-31')
      await bad('from=2026-12-01&to=tomorrow')
      await bad('from=2026-12-01&to=2026-12-31&page=0')
      await bad('from=2026-12-01&to=2026-12-31&page_size=101')
      await bad('from=2026-12-01&to=2026-12-31&page_size=0')
      await bad('from=2026-12-01&to=2026-12-31&sort=asc')
      const same = await list(tenant.admin, 'from=2026-12-01&to=2026-12-01')
      assert.deepEqual(same.meta, { page: 1, page_size: 25, total: 0 })
      // A long window is fine for absences (no 366-day limit is documented).
      assert.equal((await tenant.admin.get('/api/v1/absences?from=2020-01-01&to=2030-12-31')).status, 200)
      const member = await tenant.keyFor((await tenant.createUser()).id, ['absences.get'])
      expectError(await member.get('/api/v1/absences?from=2026-12-01&to=2026-12-01'), 403, 'scope_required')
    })
  },
  { app: { clock: () => now } },
)
