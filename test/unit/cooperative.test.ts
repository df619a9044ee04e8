import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { slicesOf, yieldToEventLoop } from '../../src/lib/cooperative.js'

describe('cooperative slices', () => {
  it('one waiting slice resumes per turn of the event loop, first come first served', async () => {
    // Counts the turns of the event loop as they pass.
    let turn = 0
    let counting = true
    const tick = () => {
      turn += 1
      if (counting) setImmediate(tick)
    }
    setImmediate(tick)

    const slices: { name: string; turn: number }[] = []
    const computation = async (name: string) => {
      for (let slice = 0; slice < 3; slice++) {
        if (slice > 0) await yieldToEventLoop()
        slices.push({ name: `${name}${slice}`, turn })
      }
    }
    await Promise.all([computation('a'), computation('b'), computation('c')])
    counting = false

    assert.deepEqual(
      slices.map((s) => s.name),
      ['a0', 'b0', 'c0', 'a1', 'b1', 'c1', 'a2', 'b2', 'c2'],
    )
    // Every slice after the first round ran in a turn of its own.
    const resumed = slices.slice(3).map((s) => s.turn)
    for (let i = 1; i < resumed.length; i++) assert.ok(resumed[i]! > resumed[i - 1]!, `turns ${resumed.join(', ')}`)
  })

  it('slices a list into consecutive pieces', () => {
    assert.deepEqual(slicesOf([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])
    assert.deepEqual(slicesOf([], 3), [])
  })
})
