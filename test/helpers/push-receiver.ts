/**
 * A push service on loopback for the Web Push tests: it receives what the service sends, checks
 * the VAPID token's signature and claims (RFC 8292) and decrypts the body with the subscription's
 * private key and authentication secret as RFC 8291 says, written here with node:crypto alone so
 * that the check does not trust the library that encrypted. Each installation is a path; the
 * answer for a path can be set (201 by default, 410 for one that is gone).
 */
import assert from 'node:assert/strict'
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** An installation of the app as its browser would be: a key pair, an authentication secret, an endpoint. */
export interface Installation {
  endpoint: string
  keys: { p256dh: string; auth: string }
  ecdh: ReturnType<typeof createECDH>
  authSecret: Buffer
}

export interface PushReceiver {
  url: string
  received: Received[]
  /** The status the path answers (201 by default). */
  answer(path: string, status: number): void
  installation(name: string): Installation
  close(): Promise<void>
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: Received[] = []
  const answers = new Map<string, number>()
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(answers.get(path) ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    answer: (path, status) => answers.set(path, status),
    installation(name) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const authSecret = randomBytes(16)
      return {
        endpoint: `${url}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body sent to `to`. */
export function decrypt(body: Buffer, to: Installation): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20]!
  const senderPublic = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  assert.equal(idLength, 65, 'the key id is the sender’s uncompressed P-256 public key')
  assert.ok(record.length <= recordSize, 'one record')
  const shared = to.ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), to.ecdh.getPublicKey(), senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, to.authSecret, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02, then any zero padding (RFC 8188 section 2).
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  assert.equal(padded[end], 2, 'the last record’s delimiter')
  return padded.subarray(0, end).toString('utf8')
}

/**
 * The VAPID token of a request (RFC 8292 section 3: `vapid t=<JWT>, k=<public key>`), its ES256
 * signature checked with the key it names; answers the claims and that key.
 */
export function vapidClaims(headers: http.IncomingHttpHeaders): {
  claims: { aud: string; exp: number; sub: string }
  publicKey: string
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization))
  assert.ok(match, `a VAPID authorization, not ${headers.authorization}`)
  const [, token, k] = match
  const [header, payload, signature] = token!.split('.')
  assert.deepEqual(JSON.parse(Buffer.from(header!, 'base64url').toString()), { typ: 'JWT', alg: 'ES256' })
  const raw = Buffer.from(k!, 'base64url')
  assert.equal(raw.length, 65)
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  )
  assert.ok(signed, 'the VAPID token is signed by the key it names')
  return { claims: JSON.parse(Buffer.from(payload!, 'base64url').toString()), publicKey: k! }
}
