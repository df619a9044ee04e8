/**
 * Property: for random punch histories and random corrections, what the service does equals a
 * simple reference model. The model applies the changes to the whole effective sequence and checks
 * it from its first punch; the service judges only the stretch a correction touches. A coherent
 * correction is accepted and, once approved, the effective punches are the model's; an incoherent
 * one is refused with 409; every original punch is still stored. fast-check, seeded.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import fc from 'fast-check'
import { sequenceProblem, type PunchType } from '../../src/modules/attendance/attendance.logic.js'
import { forEachEngine } from '../helpers/harness.js'

const NOW = '2026-11-20T20:00:00.000Z'
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

interface ModelPunch {
  id: string
  type: PunchType
  ts: string
}

/** A move shifts a punch by `deltaSeconds` (mostly a little, so that many moves stay coherent). */
type Change =
  | { action: 'add'; type: PunchType; ts: string }
  | { action: 'move'; index: number; deltaSeconds: number }
  | { action: 'void'; index: number }

const movedTo = (ts: string, deltaSeconds: number) => new Date(Date.parse(ts) + deltaSeconds * 1000).toISOString()

// Within two days, so that no session passes the company's maximum of 48 hours (set below).
const minuteOfWeek = fc.integer({ min: 0, max: 2 * 24 * 60 - 1 }) // 2026-11-14 00:00 .. 2026-11-15 23:59 UTC
const instant = (minute: number, second = 0) =>
  new Date(Date.parse('2026-11-14T00:00:00Z') + minute * 60_000 + second * 1000).toISOString()

/** A coherent history: sessions with an optional break, the last one possibly left open. */
const historyArb = fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 4 }).chain((sessions) => {
  const types: PunchType[] = []
  sessions.forEach(([withBreak, open], i) => {
    types.push('in')
    if (withBreak) types.push('break_start', 'break_end')
    if (!(open && i === sessions.length - 1)) types.push('out')
  })
  return fc.uniqueArray(minuteOfWeek, { minLength: types.length, maxLength: types.length }).map((minutes) => {
    const sorted = [...minutes].sort((a, b) => a - b)
    return types.map((type, i) => ({ type, ts: instant(sorted[i]!) }))
  })
})

const changeArb = (size: number): fc.Arbitrary<Change> =>
  fc.oneof(
    fc.record({
      action: fc.constant('add' as const),
      type: fc.constantFrom<PunchType>('in', 'out', 'break_start', 'break_end'),
      ts: minuteOfWeek.map((m) => instant(m, 30)),
    }),
    fc.record({
      action: fc.constant('move' as const),
      index: fc.integer({ min: 0, max: size - 1 }),
      deltaSeconds: fc
        .oneof(fc.integer({ min: -5400, max: 5400 }), fc.integer({ min: -3 * 86_400, max: 86_400 }))
        .filter((d) => d !== 0),
    }),
    fc.record({ action: fc.constant('void' as const), index: fc.integer({ min: 0, max: size - 1 }) }),
  )

/** Changes naming distinct punches (naming one twice is a 400 of its own). */
const changesArb = (size: number) =>
  fc.array(changeArb(size), { minLength: 1, maxLength: 3 }).map((changes) => {
    const named = new Set<number>()
    return changes.filter((c) => c.action === 'add' || (!named.has(c.index) && named.add(c.index)))
  })

/** The reference: apply to the whole effective sequence, check it from the start. */
function model(
  effective: readonly ModelPunch[],
  changes: readonly Change[],
): { coherent: boolean; after: [PunchType, string][] } {
  const leaving = new Set(changes.flatMap((c) => (c.action === 'add' ? [] : [effective[c.index]!.id])))
  const after: [PunchType, string][] = effective.filter((p) => !leaving.has(p.id)).map((p) => [p.type, p.ts])
  for (const c of changes) {
    if (c.action === 'add') after.push([c.type, c.ts])
    if (c.action === 'move') after.push([effective[c.index]!.type, movedTo(effective[c.index]!.ts, c.deltaSeconds)])
  }
  after.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
  let coherent = true
  after.forEach(([type, ts], i) => {
    const previous = after[i - 1]
    if (sequenceProblem(previous?.[0] ?? null, type) !== null || (previous && previous[1] >= ts)) coherent = false
  })
  return { coherent, after }
}

forEachEngine(
  'corrections against a reference model',
  (t) => {
    it('the effective sequence is the model’s after every accepted correction, and nothing stored is lost', async (context) => {
      const tenant = await t.newTenant()
      await tenant.admin.patch('/api/v1/tenant', { max_session_hours: 48 })
      const verdicts = { accepted: 0, refused: 0 }
      await fc.assert(
        fc.asyncProperty(
          historyArb.chain((history) =>
            fc.tuple(fc.constant(history), changesArb(history.length), fc.integer({ min: 0, max: 1000 })),
          ),
          async ([history, firstChanges, seed]) => {
            const user = await tenant.createUser()
            const employee = await tenant.keyFor(user.id)
            const stored: string[] = []
            for (const p of history) {
              const res = await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: p.type, ts: p.ts })
              assert.equal(res.status, 201, JSON.stringify(res.body))
              stored.push(res.body.data.id)
            }
            const effectiveNow = async (): Promise<ModelPunch[]> => {
              const log = await tenant.admin.get(
                `/api/v1/attendance/punches?user_id=${user.id}&from=2026-11-01&to=2026-11-20&tz=UTC&page_size=100`,
              )
              assert.equal(log.status, 200)
              for (const id of stored)
                assert.ok(
                  log.body.data.some((p: any) => p.id === id),
                  `punch ${id} is still stored`,
                )
              return log.body.data
                .filter((p: any) => p.superseded_by === null)
                .map((p: any) => ({ id: p.id, type: p.type, ts: p.ts }))
            }
            // Two rounds: the second correction is drawn against the record the first one left.
            let changes = firstChanges
            for (let round = 0; round < 2; round++) {
              const effective = await effectiveNow()
              if (effective.length === 0) break
              changes = changes.map((c) => (c.action === 'add' ? c : { ...c, index: c.index % effective.length }))
              changes = changes.filter(
                (c, i) =>
                  c.action === 'add' || !changes.slice(0, i).some((d) => d.action !== 'add' && d.index === c.index),
              )
              const expected = model(effective, changes)
              const body = {
                user_id: user.id,
                reason: `round ${round}`,
                changes: changes.map((c) =>
                  c.action === 'add'
                    ? c
                    : c.action === 'move'
                      ? {
                          action: 'move',
                          punch_id: effective[c.index]!.id,
                          ts: movedTo(effective[c.index]!.ts, c.deltaSeconds),
                        }
                      : { action: 'void', punch_id: effective[c.index]!.id },
                ),
              }
              const proposed = await tenant.admin.post('/api/v1/attendance/corrections', body)
              if (!expected.coherent) {
                assert.equal(
                  proposed.status,
                  409,
                  `model says incoherent: ${JSON.stringify(body.changes)} -> ${JSON.stringify(proposed.body)}`,
                )
                assert.equal(proposed.body.error.code, 'correction_incoherent')
                assert.deepEqual(await effectiveNow(), effective, 'a refused correction changes nothing')
                verdicts.refused += 1
                break
              }
              assert.equal(
                proposed.status,
                201,
                `model says coherent: ${JSON.stringify(body.changes)} over ${JSON.stringify(effective)} -> ${JSON.stringify(proposed.body)}`,
              )
              const decided = await employee.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
                decision: 'approved',
              })
              assert.equal(decided.status, 200, JSON.stringify(decided.body))
              const after = await effectiveNow()
              assert.deepEqual(
                after.map((p) => [p.type, p.ts]),
                expected.after,
              )
              for (const p of after) if (!stored.includes(p.id)) stored.push(p.id)
              verdicts.accepted += 1
              if (after.length === 0) break
              changes = fc.sample(changesArb(after.length), { seed: seed + round, numRuns: 1 })[0]!
            }
          },
        ),
        { numRuns: RUNS, seed: 20261122 },
      )
      context.diagnostic(`corrections accepted: ${verdicts.accepted}, refused as incoherent: ${verdicts.refused}`)
      assert.ok(verdicts.accepted > 0 && verdicts.refused > 0, 'both verdicts were exercised')
    })
  },
  { app: { clock: () => Date.parse(NOW) } },
)
