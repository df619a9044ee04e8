import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthContext } from '../../auth/context.js'
import type { Unit } from '../../db/unit-of-work.js'
import { AppError } from '../../errors.js'
import { afterCommit, beginWrite, preparingScopeOf, scopeOfRequest, unitOfRequest } from '../../http/request-scope.js'
import { type ApiModule, kioskOperation } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import {
  AcceptCorrectionBody,
  AcceptCorrectionParams,
  ChangePinBody,
  IdentifyBody,
  KioskDeviceView,
  KioskCorrectionAccepted,
  KioskEmployee,
  KioskPinChanged,
  KioskPunch,
  KioskPunchBody,
  KioskSession,
} from './kiosk-api.schemas.js'
import {
  type KioskCredentials,
  type KioskSignIn,
  acceptCorrection,
  changePin,
  preparePin,
  identify,
  punch,
  signIn,
} from './kiosk-sign-in.service.js'
import { kioskDevice } from './kiosks.service.js'

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

/** Lets requests carry the employee signed in at a kiosk: called once, as the application is built. */
export function decorateKioskSignIn(app: FastifyInstance): void {
  app.decorateRequest('kioskSignIn', null)
}

/**
 * The kiosk credential (http/request-scope.ts calls it for every kiosk write): the employee signs
 * in at the device with a kiosk session, or with identifier and PIN. It runs before the write's
 * transaction begins and after its Idempotency-Key is claimed (a retry of a punch that was stored
 * gets its answer even once the session has expired), so a wrong PIN is counted although the
 * write is refused. The employee is the caller of the write, acting through the device.
 */
export async function kioskEmployee(request: FastifyRequest, unit: Unit): Promise<AuthContext> {
  const signedIn = await signIn(unit, request.kiosk!, request.body as KioskCredentials)
  request.kioskSignIn = signedIn
  return signedIn.auth
}

const PUNCH_DESCRIPTION = [
  'Sign in with `session` (from kiosk.identify) or with `identifier` and `pin`: the kiosk page sends the PIN so that a punch queued while offline can be sent as it is, once, with its `Idempotency-Key` (kept per device).',
  'Without `ts` the punch is at the service’s moment; with it, at that real moment (a queued punch), judged by the usual rules. The punch has `source: kiosk` and this device’s id in the punch log.',
  'Refused with 403 `kiosk_pin_change_required` while the PIN is the initial one, even when queued: the first use must be online.',
].join(' ')

/** The kiosk endpoints; `mail` (null without a mail server): a changed PIN is told to its owner by mail. */
export const kioskApi = (settings: { mail: { queued(): void } | null }): ApiModule => ({
  schemas: [KioskDeviceView, KioskEmployee, KioskSession, KioskPunch, KioskPinChanged, KioskCorrectionAccepted],
  routes: () => async (app) => {
    const { mail } = settings
    app.get(
      '/kiosk',
      kioskOperation('kiosk.device', {
        summary: 'The kiosk device this token belongs to, and the service’s clock (device token)',
        response: { 200: DataOf(KioskDeviceView) },
      }),
      // A device is no caller, so this read has no request scope, only the request's unit.
      async (request) => ({ data: await kioskDevice(unitOfRequest(request), request.kiosk!) }),
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
      async (request, reply) => {
        // Before the scope: without a sign-in the refusal is kiosk_session_expired, not a missing key.
        const signedIn = signInOf(request)
        return reply.status(201).send({ data: await identify(scopeOfRequest(request), signedIn) })
      },
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
      async (request, reply) => {
        const signedIn = signInOf(request)
        return reply.status(201).send({ data: await punch(scopeOfRequest(request), signedIn, request.body) })
      },
    )
    app.post(
      '/kiosk/corrections/:correction_id/accept',
      kioskOperation('kiosk.accept-correction', {
        summary: 'The identified employee accepts a correction of their record proposed to them (device token)',
        description:
          'Their consent, given at the kiosk: typically the company’s closing of a session they left open (`left_open_session` of kiosk.identify). Needs a session. 404 for a correction of anyone else; 409 `correction_not_pending` once decided; 403 for a correction they proposed themselves (HR or a supervisor decides it).',
        params: AcceptCorrectionParams,
        body: AcceptCorrectionBody,
        response: { 200: DataOf(KioskCorrectionAccepted) },
        errors: [404, 409],
      }),
      async (request) => {
        const signedIn = signInOf(request)
        return {
          data: await acceptCorrection(scopeOfRequest(request), signedIn, request.params.correction_id),
        }
      },
    )
    app.post(
      '/kiosk/pin',
      kioskOperation('kiosk.change-pin', {
        summary: 'The identified employee changes their PIN (device token)',
        description:
          'The new PIN has 4 to 8 digits, not one digit repeated, and is neither the initial PIN (the last 4 digits of the phone) nor the current one. Needs a session. With a mail server the employee is mailed a notice of the change.',
        body: ChangePinBody,
        response: { 200: DataOf(KioskPinChanged) },
        prepares: true,
      }),
      async (request) => {
        const signedIn = signInOf(request)
        const prepared = await preparePin(preparingScopeOf(request), signedIn, request.body.new_pin)
        const answer = await changePin(await beginWrite(request), signedIn, prepared, mail !== null)
        if (mail) afterCommit(request, () => mail.queued())
        return { data: answer }
      },
    )
  },
})
