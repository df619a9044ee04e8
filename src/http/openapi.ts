/** The OpenAPI 3.1 document, generated from the route schemas, and the interactive docs at /docs. */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { ERROR_CATALOGUE } from '../errors.js'
import { docsContentSecurityPolicy } from './edge.js'
import { completeDocument, referencingNamedSchemas } from './openapi-document.js'

const errorTable = Object.entries(ERROR_CATALOGUE)
  .map(([code, { status, description }]) => `| \`${code}\` | ${status} | ${description} |`)
  .join('\n')

const DESCRIPTION = `Employees, time-clock punches and daily attendance, absences, expenses and project time for many companies (tenants).

Programs authenticate every request with \`Authorization: Bearer <API key>\`. A key belongs to one tenant, holds a set of scopes named like the operations (see each operation's \`x-scope\`), and acts as one user whose permissions authorise writes. People sign in instead (\`POST /api/v1/auth/login\`): the \`jornada_session\` cookie then authenticates their requests with every standard scope, and each write made with it sends the sign-in's \`csrf_token\` as \`X-CSRF-Token\`. Clocking in, signing one's month and consenting to a correction need the person's own credential: their session or a key they created (\`personal_credential_required\`). The Kiosk operations take a kiosk device token (\`jkd_…\`) instead, and nothing else does.

Checks run in this order: 401 (key) → 429 (rate limit) → 403 (scope) → 400 (validation) → 404 (resource) → 403 (permission of the acting user) → 409 (state).

Every response carries \`RateLimit-Policy\` (\`"per-minute";q=300;w=60\`) and \`RateLimit\` (\`"per-minute";r=299;t=60\`: requests left, seconds until one more), as the IETF's draft-ietf-httpapi-ratelimit-headers writes them; a 429 also carries \`Retry-After\` (seconds).

Lists take \`page\` (from 1) and \`page_size\` (1 to 100, default 25); a page past the end is empty with the true \`total\`.

### Error codes
| code | status | meaning |
|---|---|---|
${errorTable}
`

/** What an operation without a description of its own says: the credential it takes. */
function credentialNeeded(config: { scope?: string; access?: string }): string {
  if (config.access === 'public') return 'Public: needs no credential.'
  if (config.access === 'kiosk') return 'Takes a kiosk device token (`jkd_…`) and nothing else.'
  if (config.scope) return `Needs the \`${config.scope}\` scope: an API key holding it, or a person’s session.`
  return 'Any valid credential: an API key or a person’s session.'
}

/** `publicUrl`: the service's PUBLIC_URL, named as the document's server (null: the default address). */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string | null = null): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jornada workforce API',
        version: '1.0.0',
        description: DESCRIPTION,
        contact: { name: 'Jornada' },
        license: { name: 'MIT', identifier: 'MIT' },
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'jnd_... API key' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'jornada_session',
            description:
              'A person signed in (POST /api/v1/auth/login); writes also send X-CSRF-Token. Named `__Host-jornada_session` when the service is reached over https (PUBLIC_URL)',
          },
          kioskDevice: {
            type: 'http',
            scheme: 'bearer',
            description: 'jkd_... kiosk device token (kiosk operations only)',
          },
        },
      },
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: ({ schema, url, route }) => {
      const named = new Set(Object.keys(app.getSchemas()))
      const transformed = referencingNamedSchemas({ ...(schema as Record<string, unknown>) }, named)
      const config = (route.config ?? {}) as { scope?: string; access?: string; ownWrite?: true }
      if (config.scope) transformed['x-scope'] = config.scope
      // What goes through the write steps (http/request-scope.ts isApiWrite), and so takes an Idempotency-Key.
      if (config.scope || config.ownWrite || config.access === 'kiosk') transformed['x-api-write'] = true
      if (config.access === 'public') transformed.security = []
      if (config.access === 'kiosk') transformed.security = [{ kioskDevice: [] }]
      transformed.description ??= credentialNeeded(config)
      return { schema: transformed as never, url }
    },
    transformObject: (documentObject) =>
      completeDocument(
        (documentObject as { openapiObject: Parameters<typeof completeDocument>[0] }).openapiObject,
        publicUrl,
      ) as never,
  })
  // The interactive docs are public, like the document they render.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), access: 'public' }
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', validatorUrl: null },
    // The tables of the descriptions (the error catalogue) with room between their columns.
    theme: {
      css: [
        {
          filename: 'tables.css',
          content:
            '.swagger-ui .markdown table th, .swagger-ui .markdown table td { padding: 0.25em 0.75em; text-align: left; border-bottom: 1px solid #d9d9d9; vertical-align: top; }',
        },
      ],
    },
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy,
  })
}
