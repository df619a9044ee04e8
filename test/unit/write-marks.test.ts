/**
 * Where a company's last write stands in the primary's WAL
 * (docs/decisions/0021-failover-and-read-replicas.md): the later position is kept, a mark lives its
 * time, and a write whose position is unknown keeps the company on the primary for one mark's life,
 * which later writes do not extend. In memory, and in Redis.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, describe, it } from 'node:test'
import { Redis } from 'ioredis'
import { MemoryWriteMarks, RedisWriteMarks, type WriteMarks } from '../../src/db/read-replica.js'

const REDIS_URL = process.env.TEST_REDIS_URL || null

/** The same expectations for both; `pass(ms)` lets that much time go by. */
function expectations(make: () => { marks: WriteMarks; pass: (ms: number) => Promise<void> }) {
  it('keeps the later position, for its time', async () => {
    const { marks, pass } = make()
    assert.equal(await marks.positionOf('ten_a'), null)
    await marks.note('ten_a', 5_000_000_000, 300)
    await marks.note('ten_a', 4_000, 300)
    assert.equal(await marks.positionOf('ten_a'), 5_000_000_000)
    assert.equal(await marks.positionOf('ten_b'), null, 'one company’s mark is its own')
    await pass(400)
    assert.equal(await marks.positionOf('ten_a'), null)
  })

  it('an unknown position holds the company for one mark’s life, which later writes do not extend', async () => {
    const { marks, pass } = make()
    await marks.note('ten_c', null, 300)
    assert.equal(await marks.positionOf('ten_c'), Number.POSITIVE_INFINITY)
    await pass(200)
    await marks.note('ten_c', 9_000, 300)
    assert.equal(await marks.positionOf('ten_c'), Number.POSITIVE_INFINITY)
    await pass(200)
    assert.equal(await marks.positionOf('ten_c'), 9_000, 'the known position of the later write')
  })
}

describe('write marks in memory', () => {
  expectations(() => {
    let now = 1_000_000
    return {
      marks: new MemoryWriteMarks(() => now),
      pass: async (ms) => {
        now += ms
      },
    }
  })

  it('companies that stopped writing are forgotten', async () => {
    let now = 0
    const marks = new MemoryWriteMarks(() => now)
    for (let i = 0; i < 10_000; i++) await marks.note(`ten_${i}`, i, 100)
    now = 200
    await marks.note('ten_new', 1, 100)
    const held = (marks as unknown as { marks: Map<string, unknown> }).marks
    assert.deepEqual([...held.keys()], ['ten_new'])
  })
})

describe('write marks in Redis', { skip: !REDIS_URL && 'TEST_REDIS_URL not set' }, () => {
  const redis = REDIS_URL ? new Redis(REDIS_URL) : null
  after(() => redis?.disconnect())
  expectations(() => ({
    // A prefix of its own per test: the keys expire by themselves.
    marks: new RedisWriteMarks(redis!, `jornada:test:${randomBytes(4).toString('hex')}:`),
    pass: (ms) => sleep(ms),
  }))
})
