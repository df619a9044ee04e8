/**
 * The benchmarks' generated company: employees with a year of plausible punches (Monday to
 * Friday: in, lunch break, out, a few minutes of jitter), hash-chained like real ones, inserted
 * in batches. Shared by the attendance and the reports benchmarks.
 */
import { DateTime } from 'luxon'
import type { Kysely } from 'kysely'
import type { DatabaseHandle } from '../src/db/database.js'
import type { Database } from '../src/db/schema.js'
import type { PunchRow } from '../src/modules/attendance/index.js'
import { newId } from '../src/lib/ids.js'
import { punchHash } from '../src/modules/attendance/punch-chain.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { insertUserRecord, newUserInput } from '../src/modules/users/users.service.js'

const BATCH = 1000

export interface CompanyShape {
  employees: number
  /** First and last day of punches (both included), in `zone`. */
  from: string
  to: string
  zone: string
  /** The first this many employees join a department of their own (a subset to filter by). */
  inDepartment?: number
  /** ISO weekdays (1 = Monday) on which everyone stays an hour longer: overtime. */
  longerOn?: readonly number[]
}

export interface BenchCompany {
  tenantId: string
  adminKey: string
  userIds: string[]
  punches: number
  departmentId: string | null
}

/** A year of plausible punches for one employee: Monday to Friday, in/lunch break/out. */
function* yearOfPunches(tenantId: string, userId: string, seed: number, shape: CompanyShape): Generator<PunchRow> {
  let seq = 0
  let prevHash: string | null = null
  let day = DateTime.fromISO(shape.from, { zone: shape.zone })
  const end = DateTime.fromISO(shape.to, { zone: shape.zone })
  let jitter = seed
  while (day <= end) {
    if (day.weekday <= 5) {
      jitter = (jitter * 1103515245 + 12345) % 2147483648
      const shift = jitter % 60 // minutes
      const moments: [PunchRow['type'], number, number][] = [
        ['in', 8, 30 + shift / 2],
        ['break_start', 13, shift / 3],
        ['break_end', 13, 30 + shift / 3],
        ['out', shape.longerOn?.includes(day.weekday) ? 18 : 17, shift / 2],
      ]
      for (const [type, hour, minute] of moments) {
        seq += 1
        const ts = day
          .set({ hour, minute: Math.floor(minute) })
          .toUTC()
          .toISO()!
        const unhashed = {
          id: newId('punch'),
          tenant_id: tenantId,
          user_id: userId,
          seq,
          type,
          ts,
          modality: 'onsite' as const,
          source: 'api' as const,
          created_by: null,
          kiosk_id: null,
          correction_id: null,
          credential_origin: null,
          hash_version: 2,
          created_at: ts,
          prev_hash: prevHash,
        }
        const hash = punchHash(unhashed)
        prevHash = hash
        yield { ...unhashed, hash }
      }
    }
    day = day.plus({ days: 1 })
  }
}

async function insertBatched(db: Kysely<Database>, rows: Iterable<PunchRow>): Promise<number> {
  let batch: PunchRow[] = []
  let count = 0
  const flush = async () => {
    if (batch.length === 0) return
    await db.insertInto('punches').values(batch).execute()
    count += batch.length
    batch = []
  }
  for (const row of rows) {
    batch.push(row)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  return count
}

export async function seedCompany(handle: DatabaseHandle, shape: CompanyShape): Promise<BenchCompany> {
  const created = await createTenant(
    { db: handle.db, now: Date.now() },
    {
      name: 'Bench Company',
      admin_email: 'admin@bench.example',
      admin_name: 'Bench Admin',
      timezone: shape.zone,
      country: 'ES',
      region: 'MD',
    },
  )
  const tenantId = created.tenant.id
  const userIds = await handle.db.transaction().execute(async (trx) => {
    const ids: string[] = []
    for (let i = 0; i < shape.employees; i++) {
      ids.push(
        await insertUserRecord(
          { db: trx, now: Date.now() },
          tenantId,
          newUserInput({ email: `employee${i}@bench.example`, fullName: `Employee ${String(i).padStart(5, '0')}` }),
        ),
      )
    }
    return ids
  })
  let punches = 0
  for (let i = 0; i < userIds.length; i += 50) {
    const slice = userIds.slice(i, i + 50)
    punches += await handle.db.transaction().execute((trx) =>
      insertBatched(
        trx,
        (function* () {
          for (const [j, id] of slice.entries()) yield* yearOfPunches(tenantId, id, i + j + 1, shape)
        })(),
      ),
    )
  }
  let departmentId: string | null = null
  if (shape.inDepartment) {
    departmentId = newId('department')
    const now = new Date().toISOString()
    await handle.db
      .insertInto('departments')
      .values({ id: departmentId, tenant_id: tenantId, name: 'Subset', created_at: now })
      .execute()
    await handle.db
      .updateTable('users')
      .set({ department_id: departmentId })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', userIds.slice(0, shape.inDepartment))
      .execute()
  }
  return { tenantId, adminKey: created.api_key, userIds, punches, departmentId }
}
