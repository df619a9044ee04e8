/**
 * Response serializers compiled once per distinct schema. Fastify compiles one fast-json-stringify
 * function per route and status; most of them are the same few shapes (every route's 400, 401,
 * 403 and 429 are one error body), and compiling them is nearly all of the time it takes to build
 * the application (about 1.5 s of CPU). Serializers are pure functions of their schema and the
 * shared schemas they refer to, so one compiled function serves every route, and every
 * application built in the process (each test file builds several), with the same two.
 *
 * Each compile is given only the shared schemas its route's schema reaches through `$ref`, not all
 * of them: fast-json-stringify checks every shared schema it is given against the JSON Schema
 * meta-schema on every compile, which with all of them made that check 40 % of the build.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'

type SerializerFactory = ReturnType<typeof SerializerSelector>
type Serializer = ReturnType<ReturnType<SerializerFactory>>
type SharedSchemas = Parameters<SerializerFactory>[0]

const compileWithFastify = SerializerSelector()
/** Keyed by the shared schemas and options, then by the route's schema; a handful of sets at most. */
const compiled = new Map<string, Map<string, Serializer>>()
const MAX_SCHEMA_SETS = 16

/** The `$id`s a schema refers to (`{ $ref: 'Punch' }`, `'Punch#/properties/at'`). */
function referencedIds(schema: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) referencedIds(item, into)
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) into.add(value.split('#')[0]!)
      else referencedIds(value, into)
    }
  }
  return into
}

/** The shared schemas `schema` reaches, directly or through one another. */
function reachableShared(schema: unknown, shared: Record<string, unknown>): Record<string, unknown> {
  const reached: Record<string, unknown> = {}
  const pending = [...referencedIds(schema, new Set())]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (id in reached || !(id in shared)) continue
    reached[id] = shared[id]
    pending.push(...referencedIds(shared[id], new Set()))
  }
  return reached
}

export const sharedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const setKey = JSON.stringify([externalSchemas ?? null, options ?? null])
  let serializers = compiled.get(setKey)
  if (!serializers) {
    if (compiled.size >= MAX_SCHEMA_SETS) compiled.clear()
    serializers = new Map()
    compiled.set(setKey, serializers)
  }
  const cache = serializers
  const shared = (externalSchemas ?? {}) as Record<string, unknown>
  return (route) => {
    const key = JSON.stringify(route.schema ?? null)
    let serializer = cache.get(key)
    if (!serializer) {
      const reached = reachableShared(route.schema, shared) as SharedSchemas
      serializer = compileWithFastify(reached, options)(route)
      cache.set(key, serializer)
    }
    return serializer
  }
}
