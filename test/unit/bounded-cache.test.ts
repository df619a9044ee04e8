import assert from 'node:assert/strict'
import { it } from 'node:test'
import { BoundedCache } from '../../src/lib/bounded-cache.js'

it('computes a value once, and past its capacity forgets the oldest entry first', () => {
  const cache = new BoundedCache<string, number>(2)
  const computed: string[] = []
  const lengthOf = (key: string) =>
    cache.get(key, () => {
      computed.push(key)
      return key.length
    })
  assert.equal(lengthOf('a'), 1)
  assert.equal(lengthOf('bb'), 2)
  assert.equal(lengthOf('a'), 1)
  assert.deepEqual(computed, ['a', 'bb'], 'the second ask of a is answered from the cache')
  lengthOf('ccc') // over capacity: 'a', the oldest, goes
  lengthOf('bb')
  lengthOf('a')
  assert.deepEqual(computed, ['a', 'bb', 'ccc', 'a'])
})
