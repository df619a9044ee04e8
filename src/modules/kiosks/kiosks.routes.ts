import type { FastifyContextConfig } from 'fastify'
import { afterCommit, beginWrite, preparingScopeOf, scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { UserIdParams } from '../users/index.js'
import {
  CreateKioskBody,
  CreatedKiosk,
  Kiosk,
  KioskIdParams,
  KioskPinReset,
  ListKiosksQuery,
  OwnKioskPin,
  OwnKioskPinBody,
  OwnKioskPinSet,
} from './kiosks.schemas.js'
import * as service from './kiosks.service.js'
import { ownKioskPin, prepareOwnKioskPin, setOwnKioskPin } from './own-kiosk-pin.service.js'

const operation = operations('Kiosks')

/** The caller's own account's operations (no scope), listed with the other `me` ones. */
const ownOperation = operations('Accounts')

/** An operation of the caller's own (no scope): a write is in the request's transaction and audited. */
function own<const S extends Omit<Parameters<typeof ownOperation>[1], 'operationId'>>(
  id: string,
  spec: S,
  write: boolean,
) {
  const { config, schema } = ownOperation('me', { ...spec, operationId: id })
  return { config: (write ? { ...config, ownWrite: true } : config) as FastifyContextConfig, schema }
}

/** What the kiosk routes depend on: whether mail is set up (one-time PINs, notices). */
export interface KiosksSettings {
  mail: { queued(): void } | null
}

export const kiosksApi = (settings: KiosksSettings): ApiModule => ({
  schemas: [Kiosk, CreatedKiosk, KioskPinReset, OwnKioskPin],
  routes: () => async (app) => {
    const { mail } = settings
    app.get(
      '/kiosks',
      operation('kiosks.list', {
        summary: 'The company’s kiosk devices, oldest first (administrators); never their tokens',
        querystring: ListKiosksQuery,
        response: { 200: ListOf(Kiosk) },
      }),
      async (request) => service.listKiosks(scopeOfRequest(request), request.query),
    )
    app.post(
      '/kiosks',
      operation('kiosks.create', {
        summary: 'Set up a kiosk device (administrators); its device token is in this answer only',
        description:
          'The device token pairs the kiosk page at `/kiosk` with this device. It can call the kiosk endpoints only: any other endpoint answers it 403.',
        body: CreateKioskBody,
        response: { 201: DataOf(CreatedKiosk) },
        errors: [404],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createKiosk(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/kiosks/:kiosk_id',
      operation('kiosks.list', {
        operationId: 'kiosks.get',
        summary: 'Get a kiosk device (administrators; scope kiosks.list); never its token',
        params: KioskIdParams,
        response: { 200: DataOf(Kiosk) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getKiosk(scopeOfRequest(request), request.params.kiosk_id) }),
    )
    app.post(
      '/kiosks/:kiosk_id/revoke',
      operation('kiosks.revoke', {
        summary: 'Revoke a kiosk device (administrators); its token stops working at once, for good',
        description:
          'Revoking a revoked device changes nothing and answers it as it is. Punches made at it keep its id.',
        params: KioskIdParams,
        response: { 200: DataOf(Kiosk) },
        errors: [404],
      }),
      async (request) => ({ data: await service.revokeKiosk(scopeOfRequest(request), request.params.kiosk_id) }),
    )
    app.post(
      '/users/:user_id/kiosk-pin/reset',
      operation('users.reset-kiosk-pin', {
        summary: 'Reset an employee’s forgotten kiosk PIN and lift its lock (administrators)',
        description:
          'The old PIN stops working, the identifier’s lock after wrong PINs is lifted and the employee’s open kiosk sessions end. No PIN is derived from anything an administrator knows: with a mail server (`SMTP_URL`) the employee is mailed a random one-time PIN, which the kiosk makes them change at first use (`delivery: "mail"`); without one the employee has no PIN until they choose it in the app, Profile (`delivery: "app"`: tell them so). The PIN is never returned. 409 `kiosk_not_set_up` when there is no DNI (kiosk identifier): set `dni` with `PATCH /users/{user_id}` first.',
        params: UserIdParams,
        response: { 200: DataOf(KioskPinReset) },
        errors: [404, 409],
        prepares: true,
      }),
      async (request) => {
        const prepared = await service.prepareKioskPinReset(
          preparingScopeOf(request),
          request.params.user_id,
          mail !== null,
        )
        const answer = await service.resetKioskPin(await beginWrite(request), prepared)
        if (mail) afterCommit(request, () => mail.queued())
        return { data: answer }
      },
    )
    app.get(
      '/me/kiosk-pin',
      own(
        'me.kiosk-pin',
        {
          summary: 'My kiosk identifier and whether I have a kiosk PIN (never the PIN)',
          response: { 200: DataOf(OwnKioskPin) },
        },
        false,
      ),
      async (request) => ({ data: await ownKioskPin(scopeOfRequest(request)) }),
    )
    app.put(
      '/me/kiosk-pin',
      own(
        'me.kiosk-pin.set',
        {
          summary: 'Choose my kiosk PIN; my open kiosk sessions end and my identifier’s lock is lifted',
          description:
            'A personal credential: my session or a key I created myself (403 `personal_credential_required` with a key made for me). 4 to 8 digits, not one digit repeated, not my current PIN (400). 409 `kiosk_not_set_up` when my company has not recorded my DNI/NIE (no identifier). With a mail server I am mailed a notice of the change.',
          body: OwnKioskPinBody,
          response: { 200: DataOf(OwnKioskPinSet) },
          errors: [409],
          prepares: true,
        },
        true,
      ),
      async (request) => {
        const prepared = await prepareOwnKioskPin(preparingScopeOf(request), request.body)
        const scope = await beginWrite(request)
        // The audit entry names the person whose PIN changed.
        request.writtenResourceId = scope.auth.actor.id
        const answer = await setOwnKioskPin(scope, prepared, mail !== null)
        if (mail) afterCommit(request, () => mail.queued())
        return { data: answer }
      },
    )
  },
})
