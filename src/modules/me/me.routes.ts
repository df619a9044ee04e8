import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'

const KeyIdentity = Type.Object({
  tenant: Type.Object({ id: Type.String(), name: Type.String() }),
  scopes: Type.Array(Type.String(), { description: 'Methods enabled for the key' }),
  acts_as_user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }),
})

const operation = operations('Keys')

export const meApi: ApiModule = {
  routes: () => async (app) => {
    app.get(
      '/me',
      operation('me', {
        summary: 'Identify the API key: tenant, enabled scopes and acting user (any valid key)',
        response: { 200: DataOf(KeyIdentity) },
      }),
      async (request) => {
        const { auth } = scopeOfRequest(request)
        return {
          data: {
            tenant: { id: auth.tenantId, name: auth.tenant.name },
            scopes: [...auth.scopes],
            acts_as_user: { id: auth.actor.id, email: auth.actor.email, name: auth.actor.fullName },
          },
        }
      },
    )
  },
}
