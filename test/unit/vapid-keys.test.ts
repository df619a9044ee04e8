/**
 * The service's VAPID key pair is made with node:crypto (modules/push/push.logic.ts) in the form
 * web-push's own `generateVAPIDKeys` gives and its signing reads (RFC 8292): the public key an
 * uncompressed P-256 point of 65 bytes, the private key the 32-byte scalar, both base64url
 * without padding, at full length even when a coordinate starts with zero bytes.
 */
import assert from 'node:assert/strict'
import { createECDH } from 'node:crypto'
import { createRequire } from 'node:module'
import { it } from 'node:test'
import { newVapidKeyPair } from '../../src/modules/push/push.logic.js'

const webPush = createRequire(import.meta.url)('web-push') as {
  getVapidHeaders(audience: string, subject: string, publicKey: string, privateKey: string, encoding: string): unknown
}

it('a VAPID key pair is a P-256 point and its scalar, which web-push signs with (RFC 8292)', () => {
  for (let i = 0; i < 200; i++) {
    const { publicKey, privateKey } = newVapidKeyPair()
    assert.equal(Buffer.from(publicKey, 'base64url').length, 65)
    assert.equal(Buffer.from(publicKey, 'base64url')[0], 0x04)
    assert.equal(Buffer.from(privateKey, 'base64url').length, 32)
    assert.doesNotMatch(publicKey + privateKey, /[=+/]/)
    // The scalar derives the point: they are one pair.
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
    assert.equal(ecdh.getPublicKey('base64url'), publicKey)
    if (i < 20)
      webPush.getVapidHeaders('https://push.example.com', 'mailto:ops@example.com', publicKey, privateKey, 'aes128gcm')
  }
})
