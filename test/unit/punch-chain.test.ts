import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import {
  type ChainEntry,
  punchHash,
  verifyAnchor,
  verifyChain,
  verifyHead,
} from '../../src/modules/attendance/punch-chain.js'

type ChainedPunch = Extract<ChainEntry, { kind: 'punch' }>

const TYPES = ['in', 'break_start', 'break_end', 'out'] as const
const BASE = Date.parse('2026-03-02T08:00:00.000Z')

/** A valid chain of `n` punches of one user, with strictly increasing timestamps. */
function buildChain(n: number, gaps: readonly number[] = []): ChainedPunch[] {
  const chain: ChainedPunch[] = []
  let ms = BASE
  for (let i = 0; i < n; i++) {
    ms += gaps[i] ?? 3_600_000
    const unhashed = {
      kind: 'punch' as const,
      id: `pch_${String(i + 1).padStart(4, '0')}`,
      tenant_id: 'ten_1',
      user_id: 'usr_1',
      seq: i + 1,
      type: i % 2 === 0 ? 'in' : 'out',
      ts: new Date(ms).toISOString(),
      modality: i % 4 === 0 ? 'remote' : 'onsite',
      source: 'api',
      created_by: null,
      kiosk_id: null,
      correction_id: null,
      hash_version: 1,
      created_at: new Date(ms + 500).toISOString(),
      prev_hash: chain.at(-1)?.hash ?? null,
    }
    chain.push({ ...unhashed, hash: punchHash(unhashed) })
  }
  return chain
}

const rehash = (punch: ChainedPunch): ChainedPunch => ({ ...punch, hash: punchHash(punch) })

const chainArb = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 1, max: 20 * 3_600_000 }), { minLength: n, maxLength: n })),
  )
  .map(([n, gaps]) => buildChain(n, gaps))

describe('punchHash', () => {
  it('is a deterministic hex SHA-256', () => {
    const [first] = buildChain(1)
    assert.match(first!.hash, /^[0-9a-f]{64}$/)
    assert.equal(punchHash(first!), first!.hash)
  })
  it('ignores the stored hash field itself', () => {
    const [first] = buildChain(1)
    const withOtherHash: ChainedPunch = { ...first!, hash: 'something else' }
    assert.equal(punchHash(withOtherHash), first!.hash)
  })
  it('is not fooled by field values that concatenate the same way', () => {
    const [a] = buildChain(1)
    const b = { ...a!, tenant_id: 'ten_1u', user_id: 'sr_1' }
    assert.notEqual(punchHash(a!), punchHash(b))
  })
})

describe('verifyChain', () => {
  it('a valid chain has no broken link', () => {
    fc.assert(
      fc.property(chainArb, (chain) => assert.deepEqual(verifyChain(chain), [])),
      { numRuns: 100 },
    )
    assert.deepEqual(verifyChain([]), [])
  })

  it('a chain must start at seq 1 with no prev_hash', () => {
    const chain = buildChain(3)
    const broken = verifyChain(chain.slice(1))
    assert.deepEqual(broken.map((b) => b.problem).sort(), ['prev_hash_mismatch', 'sequence_gap'])
    assert.ok(broken.every((b) => b.punch_id === chain[1]!.id && b.seq === 2 && b.user_id === 'usr_1'))
  })

  it('reports a timestamp that does not increase even when every hash is recomputed', () => {
    const chain = buildChain(3)
    // Rebuild a chain whose 3rd punch has the same ts as the 2nd, hashes consistent.
    const second = chain[1]!
    const third = rehash({ ...chain[2]!, ts: second.ts, prev_hash: second.hash })
    const broken = verifyChain([chain[0]!, second, third])
    assert.deepEqual(broken, [{ user_id: 'usr_1', punch_id: third.id, seq: 3, problem: 'time_not_increasing' }])
  })

  type Field =
    | 'ts'
    | 'type'
    | 'user_id'
    | 'modality'
    | 'created_at'
    | 'seq'
    | 'prev_hash'
    | 'id'
    | 'tenant_id'
    | 'source'
    | 'hash'
  const FIELDS: Field[] = [
    'ts',
    'type',
    'user_id',
    'modality',
    'created_at',
    'seq',
    'prev_hash',
    'id',
    'tenant_id',
    'source',
    'hash',
  ]

  function mutate(punch: ChainedPunch, field: Field, salt: number): ChainedPunch {
    switch (field) {
      case 'ts':
      case 'created_at': {
        const delta = (salt % 1_000_000) + 1
        return {
          ...punch,
          [field]: new Date(Date.parse(punch[field]) + (salt % 2 === 0 ? delta : -delta)).toISOString(),
        }
      }
      case 'type': {
        const others = TYPES.filter((t) => t !== punch.type)
        return { ...punch, type: others[salt % others.length]! }
      }
      case 'modality':
        return { ...punch, modality: punch.modality === 'onsite' ? 'remote' : 'onsite' }
      case 'seq':
        return { ...punch, seq: punch.seq + (salt % 2 === 0 ? 1 : -1) * (1 + (salt % 5)) }
      case 'prev_hash':
        return {
          ...punch,
          prev_hash:
            punch.prev_hash === null
              ? 'f'.repeat(64)
              : salt % 3 === 0
                ? null
                : punch.prev_hash.replace(/^./, (c) => (c === '0' ? '1' : '0')),
        }
      case 'hash':
        return { ...punch, hash: punch.hash.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }
      default:
        return { ...punch, [field]: `${punch[field]}x` }
    }
  }

  it('mutating any single field of any one punch is detected at that punch or the next', () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), fc.constantFrom(...FIELDS), fc.nat(), (chain, pick, field, salt) => {
        const index = pick % chain.length
        const original = chain[index]!
        const changed = mutate(original, field, salt)
        assert.notDeepEqual(changed, original, 'the mutation changes something')
        const tampered = chain.map((punch, i) => (i === index ? changed : punch))
        const broken = verifyChain(tampered)
        assert.ok(broken.length > 0, `${field} of punch ${index + 1}/${chain.length} changed unnoticed`)
        const named = new Set([original.id, changed.id, chain[index + 1]?.id])
        assert.ok(
          broken.some((b) => b.punch_id !== null && named.has(b.punch_id)),
          JSON.stringify(broken),
        )
        // Nothing before the changed punch is blamed.
        for (const b of broken)
          assert.ok(chain.findIndex((c) => c.id === b.punch_id) >= index || b.punch_id === changed.id)
        // A changed stored field always breaks the punch's own hash (the hash field breaks the next link).
        if (field !== 'hash') assert.ok(broken.some((b) => b.punch_id === changed.id && b.problem === 'hash_mismatch'))
        else if (index + 1 < chain.length)
          assert.ok(broken.some((b) => b.punch_id === chain[index + 1]!.id && b.problem === 'prev_hash_mismatch'))
      }),
      { numRuns: 400 },
    )
  })

  it('a mutated punch whose hash is recomputed still breaks the next link', () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.length >= 2),
        fc.nat(),
        fc.constantFrom<Field>('ts', 'type', 'user_id', 'modality', 'created_at', 'id', 'tenant_id', 'source'),
        fc.nat(),
        (chain, pick, field, salt) => {
          const index = pick % (chain.length - 1)
          const forged = rehash(mutate(chain[index]!, field, salt))
          const broken = verifyChain(chain.map((punch, i) => (i === index ? forged : punch)))
          assert.ok(
            broken.some((b) => b.punch_id === chain[index + 1]!.id && b.problem === 'prev_hash_mismatch'),
            JSON.stringify(broken),
          )
        },
      ),
      { numRuns: 200 },
    )
  })

  it('removing a punch from the middle is detected at the next punch', () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.length >= 3),
        fc.nat(),
        (chain, pick) => {
          const index = 1 + (pick % (chain.length - 2))
          const broken = verifyChain(chain.filter((_, i) => i !== index))
          const next = chain[index + 1]!
          const problems = broken.filter((b) => b.punch_id === next.id).map((b) => b.problem)
          assert.ok(problems.includes('sequence_gap'), JSON.stringify(broken))
          assert.ok(problems.includes('prev_hash_mismatch'), JSON.stringify(broken))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('removing the first punch is detected', () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.length >= 2),
        (chain) => {
          const broken = verifyChain(chain.slice(1))
          assert.ok(broken.some((b) => b.punch_id === chain[1]!.id && b.problem === 'sequence_gap'))
          assert.ok(broken.some((b) => b.punch_id === chain[1]!.id && b.problem === 'prev_hash_mismatch'))
        },
      ),
      { numRuns: 50 },
    )
  })

  it('swapping two adjacent punches is detected', () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.length >= 2),
        fc.nat(),
        (chain, pick) => {
          const index = pick % (chain.length - 1)
          const swapped = [...chain]
          swapped[index] = chain[index + 1]!
          swapped[index + 1] = chain[index]!
          const broken = verifyChain(swapped)
          const problems = broken.filter((b) => b.punch_id === chain[index + 1]!.id).map((b) => b.problem)
          assert.ok(problems.includes('sequence_gap'), JSON.stringify(broken))
          assert.ok(problems.includes('prev_hash_mismatch'), JSON.stringify(broken))
          assert.ok(
            broken.some((b) => b.punch_id === chain[index]!.id && b.problem === 'time_not_increasing'),
            JSON.stringify(broken),
          )
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('verifyHead', () => {
  const headOf = (punch: ChainedPunch) => ({ seq: punch.seq, hash: punch.hash })

  it('a chain ending at its recorded head is intact', () => {
    fc.assert(fc.property(chainArb, (chain) => assert.deepEqual(verifyHead('usr_1', chain, headOf(chain.at(-1)!)), [])))
  })

  it('punches removed from the end leave a valid chain, but not the recorded head', () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), (chain, cut) => {
        const kept = chain.slice(0, cut % chain.length) // at least the last punch is gone
        assert.deepEqual(verifyChain(kept), [], 'the shorter chain is valid in itself')
        assert.deepEqual(verifyHead('usr_1', kept, headOf(chain.at(-1)!)), [
          { user_id: 'usr_1', punch_id: null, seq: chain.length, problem: 'chain_truncated' },
        ])
      }),
    )
  })

  it('a last punch rewritten and rehashed, or one added around the API, does not match the head', () => {
    const chain = buildChain(4)
    const rewritten = rehash({ ...chain[3]!, ts: new Date(Date.parse(chain[3]!.ts) + 60_000).toISOString() })
    assert.deepEqual(verifyChain([...chain.slice(0, 3), rewritten]), [])
    assert.deepEqual(verifyHead('usr_1', [...chain.slice(0, 3), rewritten], headOf(chain[3]!)), [
      { user_id: 'usr_1', punch_id: rewritten.id, seq: 4, problem: 'head_mismatch' },
    ])
    const longer = buildChain(5)
    assert.deepEqual(verifyHead('usr_1', longer, headOf(longer[3]!)), [
      { user_id: 'usr_1', punch_id: longer[4]!.id, seq: 5, problem: 'head_mismatch' },
    ])
  })

  it('punches without a recorded head are reported; no punches and no head is nothing to report', () => {
    const chain = buildChain(2)
    assert.deepEqual(verifyHead('usr_1', chain, null), [
      { user_id: 'usr_1', punch_id: chain[1]!.id, seq: 2, problem: 'head_missing' },
    ])
    assert.deepEqual(verifyHead('usr_1', [], null), [])
  })
})

describe('verifyAnchor', () => {
  /** The chain rewritten from `index` on, every hash recomputed: what verifyChain alone cannot see. */
  function rewrittenFrom(chain: ChainedPunch[], index: number): ChainedPunch[] {
    const out = chain.slice(0, index)
    for (const punch of chain.slice(index)) {
      const modality = out.length === index ? (punch.modality === 'onsite' ? 'remote' : 'onsite') : punch.modality
      const changed = { ...punch, modality, prev_hash: out.at(-1)?.hash ?? null }
      out.push(rehash(changed))
    }
    return out
  }

  it('an anchored punch still there and unchanged passes; a rewrite at or before it, however consistent, does not', () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), (chain, pick) => {
        const anchor = { user_id: 'usr_1', seq: chain.at(-1)!.seq, hash: chain.at(-1)!.hash }
        assert.deepEqual(verifyAnchor(chain, anchor), [])
        const index = pick % chain.length
        const forged = rewrittenFrom(chain, index)
        assert.deepEqual(verifyChain(forged), [], 'the forged chain is valid in itself')
        assert.deepEqual(verifyAnchor(forged, anchor), [
          { user_id: 'usr_1', punch_id: forged.at(-1)!.id, seq: anchor.seq, problem: 'changed_since_report' },
        ])
      }),
    )
  })

  it('an anchored punch that is gone is reported with a null punch_id; later punches do not matter', () => {
    const chain = buildChain(5)
    const anchor = { user_id: 'usr_1', seq: 3, hash: chain[2]!.hash }
    assert.deepEqual(verifyAnchor(chain.slice(0, 2), anchor), [
      { user_id: 'usr_1', punch_id: null, seq: 3, problem: 'changed_since_report' },
    ])
    assert.deepEqual(verifyAnchor(rewrittenFrom(chain, 3), anchor), [])
  })
})
