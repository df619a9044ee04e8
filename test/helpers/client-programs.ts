/**
 * What an integrator writes with each generated client (test/api-tools.test.ts compiles them with
 * the clients under `tsc --strict` and runs them against the service): create a user, list the
 * users, read the new one back, clock a punch for them, and read the event stream, narrowing each
 * event by its `type`. Each prints the same report as one line of JSON.
 *
 * They read JORNADA_URL (openapi-fetch only: the other two take the document's `servers` entry),
 * JORNADA_KEY and JORNADA_EMAIL from the environment.
 */

/** What every program prints. */
export interface ClientReport {
  /** The base URL the client sent its requests to. */
  base_url: string
  id: string
  listed: string[]
  read: { id: string; email: string }
  punch: { user_id: string; type: string }
  /** Narrowed by `type`: the punch of each `punch.created`, the email of each `user.created`. */
  punch_events: { user_id: string; type: string }[]
  user_events: string[]
}

// The same in the three programs: `Event` is each generator's union of the event types. The
// `@ts-expect-error` proves the union: only a punch has a `ts`, so `data.ts` needs narrowing first.
const NARROW = `
function narrow(events: Event[]) {
  const punch_events: { user_id: string; type: string }[] = []
  const user_events: string[] = []
  for (const event of events) {
    // @ts-expect-error only a punch.created event has a punch, with its ts, in data
    void event.data.ts
    if (event.type === 'punch.created') punch_events.push({ user_id: event.data.user_id, type: event.data.type })
    else if (event.type === 'user.created') user_events.push(event.data.email)
  }
  return { punch_events, user_events }
}
`

const KEY = 'const key = process.env.JORNADA_KEY ?? ""\nconst email = process.env.JORNADA_EMAIL ?? ""\n'

export const OPENAPI_TYPESCRIPT_PROGRAM = `import createClient from 'openapi-fetch'
import type { components, paths } from './schema.js'

type Event = components['schemas']['Event']
${KEY}
const base_url = process.env.JORNADA_URL ?? ''
const api = createClient<paths>({ baseUrl: base_url, headers: { authorization: \`Bearer \${key}\` } })

const created = await api.POST('/api/v1/users', { body: { email, full_name: 'Client Program' } })
if (!created.data) throw new Error(\`users.create: \${created.response.status}\`)
const id = created.data.data.id
const list = await api.GET('/api/v1/users', { params: { query: { page_size: 100 } } })
if (!list.data) throw new Error(\`users.list: \${list.response.status}\`)
const read = await api.GET('/api/v1/users/{user_id}', { params: { path: { user_id: id } } })
if (!read.data) throw new Error(\`users.get: \${read.response.status}\`)
const punch = await api.POST('/api/v1/attendance', { body: { user_id: id, type: 'in', ts: new Date().toISOString() } })
if (!punch.data) throw new Error(\`attendance.create: \${punch.response.status}\`)
const listEvents = () => api.GET('/api/v1/events', { params: { query: { page_size: 500 } } })
let events = await listEvents()
// Events are listed once settled (every transaction begun before them has ended): a moment.
for (let tries = 0; events.data && !events.data.data.some((e) => e.type === 'punch.created') && tries < 100; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 100))
  events = await listEvents()
}
if (!events.data) throw new Error(\`events.list: \${events.response.status}\`)

console.log(JSON.stringify({
  base_url,
  id,
  listed: list.data.data.map((user) => user.email),
  read: { id: read.data.data.id, email: read.data.data.email },
  punch: { user_id: punch.data.data.user_id, type: punch.data.data.type },
  ...narrow(events.data.data),
}))
${NARROW}`

export const HEY_API_PROGRAM = `import { client } from './client.gen.js'
import { attendanceCreate, eventsList, usersCreate, usersGet, usersList } from './sdk.gen.js'
import type { Event } from './types.gen.js'
${KEY}
// The base URL is the document's server. The key goes where the scheme is bearer (not into the
// session cookie that the operations also accept).
client.setConfig({ auth: (scheme) => (scheme.scheme === 'bearer' ? key : undefined) })

const created = await usersCreate({ body: { email, full_name: 'Client Program' } })
if (!created.data) throw new Error(\`users.create: \${created.response.status}\`)
const id = created.data.data.id
const list = await usersList({ query: { page_size: 100 } })
if (!list.data) throw new Error(\`users.list: \${list.response.status}\`)
const read = await usersGet({ path: { user_id: id } })
if (!read.data) throw new Error(\`users.get: \${read.response.status}\`)
const punch = await attendanceCreate({ body: { user_id: id, type: 'in', ts: new Date().toISOString() } })
if (!punch.data) throw new Error(\`attendance.create: \${punch.response.status}\`)
const listEvents = () => eventsList({ query: { page_size: 500 } })
let events = await listEvents()
// Events are listed once settled (every transaction begun before them has ended): a moment.
for (let tries = 0; events.data && !events.data.data.some((e) => e.type === 'punch.created') && tries < 100; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 100))
  events = await listEvents()
}
if (!events.data) throw new Error(\`events.list: \${events.response.status}\`)

console.log(JSON.stringify({
  base_url: client.getConfig().baseUrl,
  id,
  listed: list.data.data.map((user) => user.email),
  read: { id: read.data.data.id, email: read.data.data.email },
  punch: { user_id: punch.data.data.user_id, type: punch.data.data.type },
  ...narrow(events.data.data),
}))
${NARROW}`

export const ORVAL_PROGRAM = `import {
  type Event,
  attendanceCreate,
  eventsList,
  getUsersListUrl,
  usersCreate,
  usersGet,
  usersList,
} from './client.js'
${KEY}
// The base URL is the document's server, written into the client when it was generated.
const init = { headers: { authorization: \`Bearer \${key}\` } }

const created = await usersCreate({ email, full_name: 'Client Program' }, init)
if (created.status !== 201) throw new Error(\`users.create: \${created.status}\`)
const id = created.data.data.id
const list = await usersList({ page_size: 100 }, init)
if (list.status !== 200) throw new Error(\`users.list: \${list.status}\`)
const read = await usersGet(id, undefined, init)
if (read.status !== 200) throw new Error(\`users.get: \${read.status}\`)
const punch = await attendanceCreate({ user_id: id, type: 'in', ts: new Date().toISOString() }, init)
if (punch.status !== 201) throw new Error(\`attendance.create: \${punch.status}\`)
const listEvents = () => eventsList({ page_size: 500 }, init)
let events = await listEvents()
// Events are listed once settled (every transaction begun before them has ended): a moment.
for (let tries = 0; events.status === 200 && !events.data.data.some((e) => e.type === 'punch.created') && tries < 100; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 100))
  events = await listEvents()
}
if (events.status !== 200) throw new Error(\`events.list: \${events.status}\`)

console.log(JSON.stringify({
  base_url: new URL(getUsersListUrl()).origin,
  id,
  listed: list.data.data.map((user) => user.email),
  read: { id: read.data.data.id, email: read.data.data.email },
  punch: { user_id: punch.data.data.user_id, type: punch.data.data.type },
  ...narrow(events.data.data),
}))
${NARROW}`
