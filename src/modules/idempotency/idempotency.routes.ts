import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { invalidField } from '../../errors.js'
import { callerOf } from '../../http/auth.js'
import type { WriteStep } from '../../http/request-scope.js'
import { KEY_PATTERN, requestFingerprint } from './idempotency.logic.js'
import { type KeyRef, claimKey, keepSuccess, settleRefusal } from './idempotency.service.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this write holds, and the claim it holds it under. */
    idempotency: { ref: KeyRef; claim: string } | null
  }
}

/** Reads the Idempotency-Key header: absent, or 1 to 255 printable ASCII characters. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key']
  if (value === undefined) return null
  if (typeof value !== 'string' || !KEY_PATTERN.test(value))
    throw invalidField('Idempotency-Key', 'must be 1 to 255 printable ASCII characters')
  return value
}

/** Fields a fingerprint leaves out: it is a fast hash kept for a day, and a 4-digit PIN in it could be recovered at once. */
const SECRET_FIELDS = ['pin', 'new_pin', 'session']

/**
 * Credentials in any write's body (a kiosk PIN chosen in the app, the password of a step-up or of
 * a new user): left out of every fingerprint for the same reason
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
 */
const CREDENTIAL_FIELDS = ['pin', 'password', 'current_password']

/**
 * The body as fingerprinted. A kiosk's secrets are left out: its keys belong to the device and are
 * random, so what is left still tells two requests apart. So are credentials in anyone's body: a
 * retry that changes only a credential is answered as the first request was.
 */
function withoutSecrets(request: FastifyRequest): unknown {
  const body = request.body
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  const secret = request.kiosk ? SECRET_FIELDS : CREDENTIAL_FIELDS
  return Object.fromEntries(Object.entries(body).filter(([field]) => !secret.includes(field)))
}

/**
 * Idempotency-Key on every write (docs/decisions/0012-integrations.md). The key is claimed once the
 * request passed authentication, rate limiting and validation (a request refused before it ran
 * keeps nothing), and the answer is kept inside the write's transaction.
 */
export function idempotentWrites(app: FastifyInstance): WriteStep {
  app.decorateRequest('idempotency', null)
  return {
    async beforeBegin(request: FastifyRequest, reply: FastifyReply, unit) {
      const key = idempotencyKeyOf(request)
      if (key === null) return false
      // A key's Idempotency-Keys are its own; a kiosk device's are the device's.
      const caller = callerOf(request)!
      const ref = { tenantId: caller.tenantId, apiKeyId: caller.keyId, key }
      const fingerprint = requestFingerprint(request.method, request.url, withoutSecrets(request))
      const outcome = await claimKey(unit, ref, fingerprint)
      if (outcome.run) {
        request.idempotency = { ref, claim: outcome.claim }
        return false
      }
      reply
        .status(outcome.status)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(outcome.body)
      return true
    },
    async beforeCommit(request, reply, payload, scope) {
      if (request.idempotency)
        await keepSuccess(scope, request.idempotency.ref, request.idempotency.claim, reply.statusCode, payload)
    },
    async afterRollback(request, reply, payload, unit) {
      if (request.idempotency)
        await settleRefusal(unit, request.idempotency.ref, request.idempotency.claim, reply.statusCode, payload)
    },
  }
}
