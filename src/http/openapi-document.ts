/**
 * What the OpenAPI document says about every operation alike, added once the routes are
 * described: the headers every answer carries (rate limit, replays, downloads), the header and
 * answers of idempotent writes, the errors any request may meet (a body too large, a request too
 * slow, the service overloaded or failing), the top-level tags, the server, examples of path
 * parameters, and schemas in the forms strict tools read (an enum rather than an `anyOf` of
 * constants; vendor extensions rather than formats no standard defines). A pure function of the
 * generated document, so a test reads exactly what clients get.
 */
import { ERROR_CATALOGUE } from '../errors.js'

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON that the generator builds, walked by key
type Json = Record<string, any>

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete'])

/** The formats the service checks that JSON Schema does not define: documented as `x-format` with a pattern. */
const VENDOR_FORMATS: Record<string, { pattern: string; description: string }> = {
  'time-zone': {
    pattern: '^[A-Za-z][A-Za-z0-9_+\\-]*(/[A-Za-z0-9_+\\-]+)*$',
    description: 'An IANA time zone this runtime knows (e.g. Europe/Madrid); an unknown one is 400',
  },
  iban: {
    pattern: '^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{11,38}$',
    description: 'An IBAN whose checksum is verified (spaces allowed)',
  },
  bic: { pattern: '^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$', description: 'A BIC/SWIFT code of 8 or 11 characters' },
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Operations: 'Health, readiness and this document',
  Accounts: 'People sign in: sessions, passwords, invitations',
  Kiosk: 'A shared kiosk device, with its device token',
}

const PATH_PARAMETER_EXAMPLES: Record<string, string> = {
  user_id: 'usr_01KAF000000000000000000002',
  absence_id: 'abs_01KAF000000000000000000001',
  allocation_id: 'alc_01KAF000000000000000000001',
  correction_id: 'cor_01KAF000000000000000000001',
  expense_id: 'exp_01KAF000000000000000000001',
  key_id: 'key_01KAF000000000000000000001',
  kiosk_id: 'kio_01KAF000000000000000000001',
  session_id: 'ses_01KAF000000000000000000001',
  webhook_id: 'whk_01KAF000000000000000000001',
  key: 'vacation',
  id: 'dep_01KAF000000000000000000001',
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
}

function error(code: keyof typeof ERROR_CATALOGUE, extraHeaders: Json = {}): Json {
  return {
    description: ERROR_CATALOGUE[code].description,
    headers: { ...RATE_LIMIT_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  }
}

/** Rewrites schemas, wherever they are, into the forms strict validators and generators read. */
function plainSchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) plainSchema(item)
    return
  }
  if (node === null || typeof node !== 'object') return
  const schema = node as Json
  const branches = schema.anyOf as Json[] | undefined
  if (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((b) => 'const' in b && Object.keys(b).every((k) => k === 'const' || k === 'type'))
  ) {
    const types = new Set(branches.map((b) => b.type ?? typeof b.const))
    delete schema.anyOf
    if (types.size === 1) schema.type = [...types][0]
    schema.enum = branches.map((b) => b.const)
  }
  // OpenAPI 3.0's `binary`: in 3.1 the media type of the content says it all.
  if (schema.format === 'binary') delete schema.format
  const vendor = typeof schema.format === 'string' ? VENDOR_FORMATS[schema.format] : undefined
  if (vendor) {
    schema['x-format'] = schema.format
    delete schema.format
    schema.pattern ??= vendor.pattern
    schema.description ??= vendor.description
  }
  for (const value of Object.values(schema)) plainSchema(value)
}

/** The document as clients get it: the generated one, completed (see the module comment). */
export function completeDocument(document: Json): Json {
  document.components ??= {}
  const components = document.components
  components.headers = {
    'RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
    'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
    'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
    'Idempotent-Replayed': {
      description: '`true` when this is the kept answer of an earlier request with the same Idempotency-Key',
      schema: { type: 'string', enum: ['true'] },
    },
    'Content-Disposition': {
      description: 'A file name for CSV and PDF answers, e.g. `attachment; filename="jornada-2026-10-usr_....pdf"`',
      schema: { type: 'string' },
    },
  }
  components.parameters = {
    ...components.parameters,
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    },
  }
  document.servers = [
    {
      url: '{origin}',
      description: 'Where the service runs: its PUBLIC_URL',
      variables: { origin: { default: 'http://localhost:3000' } },
    },
  ]

  const tags = new Set<string>()
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      for (const tag of operation.tags ?? []) tags.add(tag)
      operation.responses ??= {}
      const responses: Json = operation.responses
      const unlimited = path === '/health' || path === '/ready'
      for (const [status, response] of Object.entries<Json>(responses)) {
        if (!unlimited) response.headers = { ...RATE_LIMIT_HEADERS, ...response.headers }
        if (status === '429' || status === '503')
          response.headers = { ...response.headers, 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
      }
      responses['408'] ??= error('request_timeout')
      responses['431'] ??= error('headers_too_large')
      responses['500'] ??= error('internal_error')
      responses['503'] ??= error('overloaded', { 'Retry-After': { $ref: '#/components/headers/Retry-After' } })
      const apiWrite = operation['x-api-write'] === true
      delete operation['x-api-write']
      if (WRITE_METHODS.has(method) && apiWrite) {
        operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }]
        for (const [status, response] of Object.entries<Json>(responses))
          if (status.startsWith('2'))
            response.headers = {
              ...response.headers,
              'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' },
            }
        const inUse = ERROR_CATALOGUE.idempotency_key_in_use.description
        if (responses['409'])
          responses['409'].description = `${responses['409'].description}; or \`idempotency_key_in_use\`: ${inUse}`
        else
          responses['409'] = error('idempotency_key_in_use', {
            'Retry-After': { $ref: '#/components/headers/Retry-After' },
          })
        responses['422'] ??= error('idempotency_key_reused')
      }
      if (operation.operationId === 'attendance-reports.get' || operation.operationId === 'attendance-reports.export')
        responses['200'].headers = {
          ...responses['200'].headers,
          'Content-Disposition': { $ref: '#/components/headers/Content-Disposition' },
        }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.example === undefined && parameter.schema?.examples === undefined)
          parameter.example = PATH_PARAMETER_EXAMPLES[parameter.name] ?? 'id_01KAF000000000000000000001'
      }
    }
  }
  document.tags = [...tags]
    .sort()
    .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }))
  plainSchema(document.paths)
  plainSchema(components.schemas)
  return document
}
