/**
 * A passkey authenticator in the test process, for API tests that need a passkey without a browser
 * (audit, isolation): a P-256 key pair, WebAuthn's authenticator data and "none" attestation, and
 * ES256 signatures, built as the specification lays them out. The browser test
 * (test/browser/passkeys.test.ts) uses Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import type { Response } from './harness.js'

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

const UP = 0x01 // user present
const UV = 0x04 // user verified
const AT = 0x40 // attested credential data follows

export class SoftwareAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  readonly credentialId = randomBytes(32)
  private counter = 0
  private userHandle = ''

  /** The origin the browser reports; a test moves it to play a look-alike site. */
  constructor(public origin: string) {}

  /** Moves the signature counter back by `steps` (forward when negative): what a cloned authenticator shows. */
  rewind(steps: number): void {
    this.counter -= steps
  }

  private authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  /** What `navigator.credentials.create()` would answer, as `toJSON()` writes it. */
  create(options: { challenge: string; rp: { id: string }; user: { id: string } }) {
    this.userHandle = options.user.id
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ])
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))])
    const authData = this.authenticatorData(options.rp.id, UP | UV | AT, attested)
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    )
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin })
    return this.asJson({
      clientDataJSON: b64url(Buffer.from(clientData)),
      attestationObject: b64url(attestation),
      transports: ['internal'],
    })
  }

  /** The credential's JSON around a ceremony's response, as `PublicKeyCredential.toJSON()` writes it. */
  private asJson<R>(response: R) {
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response,
    }
  }

  /** What `navigator.credentials.get()` would answer with this passkey, as `toJSON()` writes it. */
  get(options: { challenge: string; rpId: string }) {
    this.counter += 1
    const authData = this.authenticatorData(options.rpId, UP | UV)
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin }),
    )
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey)
    return this.asJson({
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: this.userHandle,
    })
  }
}

/** What passkey helpers need of a signed-in client and of an anonymous one. */
interface Caller {
  post(url: string, body?: unknown): Promise<Response>
}

/** The origin an in-process app answers for (light-my-request's host): passkeys made in API tests are bound to it. */
export const INJECT_ORIGIN = 'http://localhost'

/** Registers a passkey for the person signed in on `session`; the new passkey's answer. */
export async function registerPasskey(session: Caller, authenticator: SoftwareAuthenticator, name?: string) {
  const options = await session.post('/api/v1/auth/passkeys/registration/options')
  if (options.status !== 200) return options
  const credential = authenticator.create(options.body.data)
  return session.post('/api/v1/auth/passkeys/registration/verify', { ...credential, ...(name ? { name } : {}) })
}

/** Signs in with a passkey from `anonymous`: the sign-in's answer and the assertion sent. */
export async function passkeyLogin(anonymous: Caller, authenticator: SoftwareAuthenticator) {
  const options = await anonymous.post('/api/v1/auth/passkeys/login/options')
  const assertion = authenticator.get(options.body.data)
  return { res: await anonymous.post('/api/v1/auth/passkeys/login/verify', assertion), assertion }
}
