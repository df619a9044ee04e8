import { beginWrite, preparingScopeOf, scopeOfRequest } from '../../http/request-scope.js'
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
} from './kiosks.schemas.js'
import * as service from './kiosks.service.js'

const operation = operations('Kiosks')

export const kiosksApi: ApiModule = {
  schemas: [Kiosk, CreatedKiosk, KioskPinReset],
  routes: () => async (app) => {
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
          'The PIN goes back to the initial one, the last 4 digits of the phone on file (`phone_personal`), and must be changed at the next kiosk use. The identifier’s lock after wrong PINs is lifted and the employee’s open kiosk sessions end. The PIN is never returned. 409 `kiosk_not_set_up` when there is no DNI (kiosk identifier) or no phone on file: set them with `PATCH /users/{user_id}` first.',
        params: UserIdParams,
        response: { 200: DataOf(KioskPinReset) },
        errors: [404, 409],
        prepares: true,
      }),
      async (request) => {
        const prepared = await service.prepareKioskPinReset(preparingScopeOf(request), request.params.user_id)
        return { data: await service.resetKioskPin(await beginWrite(request), prepared) }
      },
    )
  },
}
