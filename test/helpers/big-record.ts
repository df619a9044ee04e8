/**
 * A company the size the record export must stream: `employees` people, each with an in and an
 * out on every weekday of a year, written by one INSERT ... SELECT on each engine (a minute of
 * JavaScript inserts becomes a few seconds). The punches form each employee's chain by `seq` with
 * placeholder hashes: what is measured is how the export streams, not what verify says.
 */
import { sql } from 'kysely'
import type { DatabaseHandle } from '../../src/db/database.js'
import { insertUserRecord, newUserInput } from '../../src/modules/users/index.js'

/** 2025-01-06 is a Monday: day d is a weekday when d % 7 < 5; the last day, d = 359, is 2025-12-31. */
const FIRST_MONDAY = '2025-01-06'
const DAYS = 360

export async function seedBigRecord(handle: DatabaseHandle, tenantId: string, employees: number): Promise<number> {
  const db = handle.db
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < employees; i++)
      await insertUserRecord(
        { db: trx, now: Date.now() },
        tenantId,
        newUserInput({
          email: `big${i}.${tenantId}@record.example`,
          fullName: `Employee ${String(i).padStart(5, '0')}`,
          hireDate: '2024-01-01',
        }),
      )
  })
  const sqlite = handle.engine === 'sqlite'
  const seq = sql`(work.w * 2 + kinds.k)`
  const ts = sqlite
    ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${FIRST_MONDAY}, '+' || work.d || ' days', '+' || kinds.hour || ' hours')`
    : sql`to_char(timestamp '2025-01-06 00:00' + work.d * interval '1 day' + kinds.hour * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  const hashOf = (n: unknown) => (sqlite ? sql`printf('%064d', ${n})` : sql`lpad((${n})::text, 64, '0')`)
  const days = sqlite
    ? sql`(with recursive days(d) as (select 0 union all select d + 1 from days where d < ${DAYS - 1}) select (d / 7) * 5 + (d % 7) as w, d from days where d % 7 < 5)`
    : sql`(select (d / 7) * 5 + (d % 7) as w, d from generate_series(0, ${DAYS - 1}) as d where d % 7 < 5)`
  await sql`
    insert into punches (id, tenant_id, user_id, seq, type, ts, modality, source, created_by, kiosk_id, correction_id, hash_version, created_at, prev_hash, hash)
    select 'pun_' || u.id || '_' || ${seq}, u.tenant_id, u.id, ${seq}, kinds.type, ${ts}, 'onsite', 'api', null, null, null, 2, ${ts},
      case when ${seq} = 1 then null else ${hashOf(sql`${seq} - 1`)} end, ${hashOf(seq)}
    from users u
    cross join ${days} as work
    cross join (select 1 as k, 'in' as type, 8 as hour union all select 2, 'out', 16) as kinds
    where u.tenant_id = ${tenantId} and u.email like 'big%'
  `.execute(db)
  const { count } = (await db
    .selectFrom('punches')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()) as { count: number | string }
  return Number(count)
}
