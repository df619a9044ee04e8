import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { WriteStep } from '../../http/request-transactions.js'
import { type ApiModule, kioskOperation } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { requireTenant } from '../tenants/tenants.repository.js'
import {
  ChangePinBody,
  IdentifyBody,
  KioskDeviceView,
  KioskEmployee,
  KioskPinChanged,
  KioskPunch,
  KioskPunchBody,
  KioskSession,
} from './kiosk-api.schemas.js'
import { type KioskCredentials, type KioskSignIn, changePin, identify, punch, signIn } from './kiosk-sign-in.service.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The employee signed in at the kiosk for this write (kiosk endpoints only). */
    kioskSignIn: KioskSignIn | null
  }
}

function signInOf(request: FastifyRequest): KioskSignIn {
  if (!request.kioskSignIn) throw new AppError('kiosk_session_expired', 'Identify first')
  return request.kioskSignIn
}

/**
 * Signs the employee in before a kiosk write begins (after its Idempotency-Key is claimed, so a
 * retry of a punch that was stored gets its answer even once the session has expired). It runs
 * outside the write's transaction: a wrong PIN must be counted although the write is refused.
 * The employee becomes the request's caller, acting through the device.
 */
export function kioskSignIns(app: FastifyInstance, db: Kysely<Database>, clock: () => number): WriteStep {
  app.decorateRequest('kioskSignIn', null)
  return {
    async beforeBegin(request) {
      if (request.routeOptions.config.access !== 'kiosk' || !request.kiosk) return false
      const signedIn = await signIn(db, request.kiosk, request.body as KioskCredentials, clock())
      request.kioskSignIn = signedIn
      request.auth = signedIn.auth
      return false
    },
  }
}

const PUNCH_DESCRIPTION = [
  'Sign in with `session` (from kiosk.identify) or with `identifier` and `pin`: the kiosk page sends the PIN so that a punch queued while offline can be sent as it is, once, with its `Idempotency-Key` (kept per device).',
  'Without `ts` the punch is at the service’s moment; with it, at that real moment (a queued punch), judged by the usual rules. The punch has `source: kiosk` and this device’s id in the punch log.',
  'Refused with 403 `kiosk_pin_change_required` while the PIN is the initial one, even when queued: the first use must be online.',
].join(' ')

export const kioskApi: ApiModule = {
  schemas: [KioskDeviceView, KioskEmployee, KioskSession, KioskPunch, KioskPinChanged],
  routes:
    ({ db, clock }) =>
    async (app) => {
      app.get(
        '/kiosk',
        kioskOperation('kiosk.device', {
          summary: 'The kiosk device this token belongs to, and the service’s clock (device token)',
          response: { 200: DataOf(KioskDeviceView) },
        }),
        async (request) => {
          const device = request.kiosk!
          const tenant = await requireTenant(db, device.tenantId)
          return {
            data: {
              id: device.kioskId,
              name: device.name,
              work_center_id: device.workCenterId,
              company_name: tenant.name,
              server_time: new Date(clock()).toISOString(),
            },
          }
        },
      )
      app.post(
        '/kiosk/identify',
        kioskOperation('kiosk.identify', {
          summary: 'An employee identifies at the kiosk with identifier and PIN (device token)',
          description:
            'Answers the employee’s name, where they stand and the punches allowed next, with a session of about a minute. Five wrong PINs in a row lock the identifier for 15 minutes (429 `kiosk_locked`, `Retry-After`), whether or not it belongs to anyone; a device with many failures across identifiers must wait between attempts (429 `kiosk_throttled`). With the initial PIN, `pin_change_required` is true and no punch is allowed until it is changed.',
          body: IdentifyBody,
          response: { 201: DataOf(KioskSession) },
        }),
        async (request, reply) => reply.status(201).send({ data: await identify(db, signInOf(request), clock()) }),
      )
      app.post(
        '/kiosk/punches',
        kioskOperation('kiosk.punch', {
          summary: 'The identified employee punches at the kiosk (device token)',
          description: PUNCH_DESCRIPTION,
          body: KioskPunchBody,
          response: { 201: DataOf(KioskPunch) },
          errors: [409],
        }),
        async (request, reply) =>
          reply.status(201).send({ data: await punch(db, signInOf(request), request.body, clock()) }),
      )
      app.post(
        '/kiosk/pin',
        kioskOperation('kiosk.change-pin', {
          summary: 'The identified employee changes their PIN (device token)',
          description:
            'The new PIN has 4 to 8 digits, not one digit repeated, and is neither the initial PIN (the last 4 digits of the phone) nor the current one. Needs a session.',
          body: ChangePinBody,
          response: { 200: DataOf(KioskPinChanged) },
        }),
        async (request) => ({ data: await changePin(db, signInOf(request), request.body.new_pin, clock()) }),
      )
    },
}
