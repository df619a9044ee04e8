import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'

const KeyIdentity = Type.Object({
  tenant: Type.Object({ id: Type.String(), name: Type.String() }),
  scopes: Type.Array(Type.String(), { description: 'Methods enabled for the key' }),
  acts_as_user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }),
  credential: Type.Union([Type.Literal('key'), Type.Literal('session')], {
    description:
      'What the request was made with: an API key, or the session cookie of a person who signed in (`POST /auth/login`). A session holds every standard scope; the person’s permissions decide.',
  }),
})

const operation = operations('Accounts')

export const meApi: ApiModule = {
  routes: () => async (app) => {
    app.get(
      '/me',
      operation('me', {
        summary: 'Identify the caller: tenant, enabled scopes, acting user and credential (any valid key or session)',
        response: { 200: DataOf(KeyIdentity) },
      }),
      async (request) => {
        const { auth } = scopeOfRequest(request)
        return {
          data: {
            tenant: { id: auth.tenantId, name: auth.tenant.name },
            scopes: [...auth.scopes],
            acts_as_user: { id: auth.actor.id, email: auth.actor.email, name: auth.actor.fullName },
            credential: auth.credential === 'session' ? ('session' as const) : ('key' as const),
          },
        }
      },
    )
  },
}
