/**
 * What the OpenAPI document says about every operation alike, added once the routes are
 * described: the headers every answer carries (rate limit, replays, downloads), the header and
 * answers of idempotent writes, the errors any request may meet (a body too large, a request too
 * slow, the service overloaded or failing), the top-level tags, the server, examples of path
 * parameters, and schemas in the forms strict tools read (an enum rather than an `anyOf` of
 * constants; vendor extensions rather than formats no standard defines). A pure function of the
 * generated document, so a test reads exactly what clients get.
 */
import { STATUS_CODES } from 'node:http'
import { ERROR_CATALOGUE } from '../errors.js'
import { RULE_MESSAGES, type RuleMessage } from '../lib/validation.js'

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
  'API keys': 'Keys that programs authenticate with, their scopes and their expiry',
  Absences: 'Vacation, sick leave and other absences: requests, decisions, balances',
  Accounts: 'Who is calling, and people signing in: sessions, passwords, invitations',
  Allocations: 'Time allocated to projects or other tasks',
  Attendance: 'Punches, daily attendance, summaries and anomalies: the record of working time',
  'Attendance corrections': 'Changes to recorded punches, proposed and consented to; the record only grows',
  'Attendance reports': 'Monthly records of working time as JSON, CSV or PDF, and their signatures',
  'Audit log': 'Who changed what, and who read the time record',
  Company: 'The company’s settings',
  Departments: 'The company’s departments',
  Events: 'Every change of state, in commit order, from a cursor',
  Expenses: 'Expenses of employees, approved and paid',
  Holidays: 'Public and company holidays',
  Kiosk: 'A shared kiosk device, with its device token',
  Kiosks: 'Kiosk devices of the company (administrators)',
  Mail: 'The mail the service sends for the company (invitations, password resets) and whether each went',
  Notifications: 'Reminders by mail and push, and each person’s choice of which to receive and how',
  Operations: 'Health, readiness and this document',
  Projects: 'The catalogue of projects time is allocated to',
  Schedules: 'Weekly work schedules and who follows which',
  Users: 'Employees and their profiles',
  Calendars: 'Feeds of absences, holidays and presence in iCalendar, for people’s own calendars',
  Overtime: 'Hours beyond the schedule: lots, their approval as pay or rest, balances and the annual cap',
  Webhooks: 'Subscriptions that push events to the company’s systems',
  'Work centers': 'The company’s work centers',
}

/** What a query parameter without a description of its own means, by its name. */
const QUERY_PARAMETER_DESCRIPTIONS: Record<string, string> = {
  department_id: 'Only the people of this department',
  work_center_id: 'Only the people of this work center',
  user_id: 'Only this employee’s',
  project_id: 'Only those of this project',
  status: 'Only those with this status',
  active: 'Only the active ones (`true`) or only the inactive ones (`false`)',
  detail: '`reduced` (the default): the fields everyone may see; `full`: the full form, where the caller may see it',
  from: 'Only those on or after this day (overlapping it)',
  to: 'Only those on or before this day (overlapping it)',
}

/** `/api/v1/webhooks/{webhook_id}` → `The webhook's id`: a path parameter without a description of its own. */
function pathParameterDescription(path: string, name: string): string {
  const segments = path.split('/')
  const collection = segments[segments.indexOf(`{${name}}`) - 1] ?? 'resource'
  const singular = collection.replace(/-/g, ' ').replace(/ies$/, 'y').replace(/s$/, '')
  return name === 'key' ? `The ${singular}’s key` : `The ${singular}’s id`
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
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
}

function error(code: keyof typeof ERROR_CATALOGUE, extraHeaders: Json = {}): Json {
  return {
    description: ERROR_CATALOGUE[code].description,
    headers: { ...RATE_LIMIT_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  }
}

const CODE_OF_DESCRIPTION = new Map<string, string>(
  Object.entries(ERROR_CATALOGUE).map(([code, { description }]) => [description, code]),
)

/** `payload_too_large`, `Not Modified` → `PayloadTooLarge`, `NotModified`. */
function pascalCase(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
}

/**
 * The name of an answer several operations give alike: its error code where the catalogue
 * describes it (`PayloadTooLarge`), else its status's (`NotFound`, `NotModified`); an answer that
 * is also `idempotency_key_in_use` says so (`ConflictOrIdempotencyKeyInUse`).
 */
function sharedResponseName(status: string, description: string): string {
  const alternative = /^(.*); or `([a-z_]+)`: /.exec(description)
  const code = CODE_OF_DESCRIPTION.get(alternative?.[1] ?? description)
  const name = pascalCase(code ?? STATUS_CODES[status] ?? `Status ${status}`)
  return alternative?.[2] ? `${name}Or${pascalCase(alternative[2])}` : name
}

/**
 * Moves the answers that operations give alike (the errors any request may meet, a 304) into
 * `components.responses` and refers to them by name, so that the document, and the types
 * generated from it, say each once rather than once per operation (the SDK's types were 1.2 MB,
 * mostly the same ten error answers written out 126 times). An answer of its own, with words
 * that only its operation says, stays where it is.
 */
function shareRepeatedResponses(document: Json): void {
  const uses = new Map<string, { status: string; response: Json; count: number }>()
  const eachResponse = function* () {
    for (const item of Object.values<Json>(document.paths ?? {}))
      for (const operation of Object.values<Json>(item))
        for (const [status, response] of Object.entries<Json>(operation.responses ?? {}))
          if (!response.$ref && (status === '304' || /^[45]/.test(status)))
            yield { responses: operation.responses as Json, status, response }
  }
  for (const { status, response } of eachResponse()) {
    const key = `${status} ${JSON.stringify(response)}`
    const use = uses.get(key)
    if (use) use.count++
    else uses.set(key, { status, response, count: 1 })
  }
  const names = new Map<string, string>()
  const shared: Json = {}
  // The most used answer takes a name first; a different answer that would take the same name stays inline.
  const byUse = [...uses].sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
  for (const [key, { status, response, count }] of byUse) {
    if (count < 2) continue
    const name = sharedResponseName(status, response.description ?? '')
    if (name in shared) continue
    shared[name] = response
    names.set(key, name)
  }
  for (const { responses, status, response } of eachResponse()) {
    const name = names.get(`${status} ${JSON.stringify(response)}`)
    if (name) responses[status] = { $ref: `#/components/responses/${name}` }
  }
  document.components.responses = Object.fromEntries(
    Object.entries({ ...document.components.responses, ...shared }).sort(([a], [b]) => a.localeCompare(b, 'en')),
  )
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
    branches.every(
      (b) =>
        ('const' in b || (Array.isArray(b.enum) && b.enum.length === 1)) &&
        Object.keys(b).every((k) => k === 'const' || k === 'enum' || k === 'type'),
    )
  ) {
    // Constants, or the one-value enums the generator makes of them in parameters.
    const values = branches.map((b) => ('const' in b ? b.const : b.enum[0]))
    const types = new Set(branches.map((b, i) => b.type ?? typeof values[i]))
    delete schema.anyOf
    if (types.size === 1) schema.type = [...types][0]
    schema.enum = values
  }
  // A rule between fields keeps its message for callers; readers of the document get it as text.
  const messages = schema[RULE_MESSAGES] as Record<string, RuleMessage> | undefined
  if (messages) {
    delete schema[RULE_MESSAGES]
    const text = Object.values(messages)
      .map((m) => (typeof m === 'string' ? m : `${([] as string[]).concat(m.field).join(', ')}: ${m.message}`))
      .join('; ')
    schema.description = schema.description ? `${schema.description}. ${text}` : text
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

/**
 * A route's schema with every named schema below its top (an `Absence` inside a list, a `Punch`
 * inside a result) given as a reference, so generators make one `Absence` type rather than one per
 * operation. The top keeps its own description, which names the response.
 */
export function referencingNamedSchemas<T>(schema: T, named: ReadonlySet<string>): T {
  const walk = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, false))
    if (node === null || typeof node !== 'object') return node
    const id = (node as Json).$id
    if (!top && typeof id === 'string' && named.has(id)) return { $ref: id }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, false)]))
  }
  const parts = schema as Json
  return Object.fromEntries(
    Object.entries(parts).map(([part, value]) => {
      if (part === 'response' && value && typeof value === 'object')
        return [part, Object.fromEntries(Object.entries(value).map(([status, r]) => [status, walk(r, true)]))]
      if (part === 'body') return [part, walk(value, true)]
      return [part, value]
    }),
  ) as T
}

/** Within the named schemas, a copy of another named schema (an anomaly within a day) becomes a reference to it. */
function referToNamedComponents(schemas: Json): void {
  const nameOf = new Map(Object.entries(schemas).map(([name, schema]) => [JSON.stringify(schema), name]))
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (node === null || typeof node !== 'object') return node
    const name = nameOf.get(JSON.stringify(node))
    if (name) return { $ref: `#/components/schemas/${name}` }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]))
  }
  for (const [name, schema] of Object.entries<Json>(schemas))
    schemas[name] = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, walk(value)]))
}

/** `absences.create` → `AbsencesCreate`: the name of an operation's types. */
function typeNameOf(operationId: string): string {
  return operationId
    .split(/[.\-_]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
}

/** The headers of a webhook delivery, as Standard Webhooks names them. */
const WEBHOOK_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event’s id, the same on every attempt: skip a delivery whose id you have handled',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in seconds since the epoch: refuse one far from now (a replay)',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the subscription’s secret after `whsec_`',
    schema: { type: 'string' },
  },
]

/**
 * OpenAPI 3.1's `webhooks`: one per event type, each the POST a subscription receives, from the
 * discriminated union the `Event` component is (its mapping names each type's envelope).
 */
function webhooksOf(components: Json): Json | undefined {
  const mapping = components.schemas?.Event?.discriminator?.mapping as Record<string, string> | undefined
  if (!mapping) return undefined
  return Object.fromEntries(
    Object.entries(mapping).map(([type, ref]) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          tags: ['Webhooks'],
          summary: `The \`${type}\` event, delivered to a subscription that takes it`,
          description:
            'POSTed to the subscription’s URL, signed as Standard Webhooks specifies. A 2xx within 5 s is a success; anything else is retried with backoff for three days.',
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: ref } } } },
          responses: { '2XX': { description: 'Received: the delivery is not sent again' } },
        },
      },
    ]),
  )
}

/** The document as clients get it: the generated one, completed (see the module comment). */
export function completeDocument(document: Json, publicUrl: string | null = null): Json {
  document.components ??= {}
  const components = document.components
  components.headers = {
    RateLimit: {
      description:
        'What is left of the rate limit (IETF draft-ietf-httpapi-ratelimit-headers): `r` requests, and `t` seconds until one more is available, e.g. `"per-minute";r=299;t=60`',
      schema: { type: 'string' },
    },
    'RateLimit-Policy': {
      description:
        'The rate limit: a quota `q` of requests in any window of `w` seconds, e.g. `"per-minute";q=300;w=60`',
      schema: { type: 'string' },
    },
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
    ETag: {
      description:
        'A weak tag of the JSON answer; send it back as `If-None-Match` and an unchanged answer is 304 with no body',
      schema: { type: 'string' },
    },
    'Cache-Control': {
      description:
        '`private, no-cache` on a read with a credential (revalidate with the ETag before reuse; no shared cache), `no-cache` on a public one, `no-store` on the answer of a write',
      schema: { type: 'string' },
    },
    Location: {
      description: 'The URL of the resource made, to read it again with GET (e.g. `/api/v1/absences/abs_…`)',
      schema: { type: 'string' },
    },
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
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description:
        'The `ETag` of an answer you kept: when the answer would be the same, it is 304 with no body. Several tags separated by commas, or `*`',
      schema: { type: 'string' },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retried write safe: a repeat with the same key and request within 24 hours gets the first answer (`Idempotent-Replayed: true`) and does nothing again. 1 to 255 printable characters; the key belongs to the credential that used it.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    },
  }
  // A concrete URL, not a template: generators take it as the client's base URL.
  document.servers = [
    publicUrl
      ? { url: publicUrl.replace(/\/+$/, ''), description: 'This service: its PUBLIC_URL' }
      : {
          url: 'http://localhost:3000',
          description: 'The service as `jornada serve` runs it by default; a service with PUBLIC_URL set names it here',
        },
  ]

  referToNamedComponents(components.schemas ?? {})
  // The collections the API reads one by one (`/absences` of `GET /absences/{absence_id}`): a 201
  // of theirs says where its resource is (http/answer-headers.ts sets it).
  const itemPaths = new Map<string, string>()
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    const collection = /^(.*)\/\{[A-Za-z_]+\}$/.exec(path)?.[1]
    if (collection && item.get && !itemPaths.has(collection)) itemPaths.set(collection, path)
  }
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
      // A JSON read is tagged and answers 304 to a matching If-None-Match (http/answer-headers.ts).
      if (method === 'get' && responses['200']?.content?.['application/json']) {
        responses['200'].headers = {
          ...responses['200'].headers,
          ETag: { $ref: '#/components/headers/ETag' },
          'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
        }
        responses['304'] ??= {
          description: 'Not modified: the answer is the one whose ETag `If-None-Match` names; no body',
          headers: { ...(unlimited ? {} : RATE_LIMIT_HEADERS), ETag: { $ref: '#/components/headers/ETag' } },
        }
        operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IfNoneMatch' }]
      }
      const created = responses['201']
      if (created && (itemPaths.has(path) || itemPaths.has(path.slice(0, path.lastIndexOf('/')))))
        created.headers = { ...created.headers, Location: { $ref: '#/components/headers/Location' } }
      // Text that is no text (a NUL, half a surrogate pair) is refused anywhere in a request.
      responses['400'] ??= error('invalid_request')
      if (WRITE_METHODS.has(method)) {
        // What the body parser answers before any route runs.
        responses['413'] ??= error('payload_too_large')
        responses['415'] ??= error('unsupported_media_type')
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
      // A request body is a named type too, `AbsencesCreateRequest`: a request body component, not a
      // schema, so that generators know it is only sent (openapi-typescript leaves a field with a
      // `default` optional there, where in a schema it would make it required, as in an answer).
      const body = operation.requestBody?.content?.['application/json']
      if (body?.schema && !body.schema.$ref && operation.operationId) {
        const name = `${typeNameOf(operation.operationId)}Request`
        components.requestBodies = { ...components.requestBodies, [name]: operation.requestBody }
        operation.requestBody = { $ref: `#/components/requestBodies/${name}` }
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.example === undefined && parameter.schema?.examples === undefined)
          parameter.example = PATH_PARAMETER_EXAMPLES[parameter.name] ?? 'id_01KAF000000000000000000001'
        if (parameter.$ref || parameter.description || parameter.schema?.description) continue
        if (parameter.in === 'path') parameter.description = pathParameterDescription(path, parameter.name)
        else if (parameter.in === 'query' && QUERY_PARAMETER_DESCRIPTIONS[parameter.name])
          parameter.description = QUERY_PARAMETER_DESCRIPTIONS[parameter.name]
      }
    }
  }
  const webhooks = webhooksOf(components)
  if (webhooks) document.webhooks = webhooks
  document.tags = [...tags]
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }))
  plainSchema(document.paths)
  plainSchema(components.schemas)
  plainSchema(components.requestBodies)
  shareRepeatedResponses(document)
  return document
}
