/** Passwords and PINs are hashed with scrypt at OWASP's minimum unless a test lowers it for itself. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { hashPassword, verifyPassword } from '../../src/lib/secrets.js'

describe('password hashing', () => {
  it('hashes with scrypt N = 2^17, r = 8, p = 1 by default, recorded with the hash, and verifies', async () => {
    const stored = await hashPassword('correct horse battery staple')
    assert.match(stored, /^scrypt\$N=131072,r=8,p=1\$/)
    assert.equal(await verifyPassword('correct horse battery staple', stored), true)
    assert.equal(await verifyPassword('wrong horse', stored), false)
  })
})
