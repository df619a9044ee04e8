/**
 * Response serializers compiled once per distinct schema. Fastify compiles one fast-json-stringify
 * function per route and status; most of them are the same few shapes (every route's 400, 401,
 * 403 and 429 are one error body), and compiling them is nearly all of the time it takes to build
 * the application (about 1.5 s of CPU). Serializers are pure functions of their schema and the
 * shared schemas they refer to, so one compiled function serves every route, and every
 * application built in the process (each test file builds several), with the same two.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'

type SerializerFactory = ReturnType<typeof SerializerSelector>
type Serializer = ReturnType<ReturnType<SerializerFactory>>

const compileWithFastify = SerializerSelector()
/** Keyed by the shared schemas and options, then by the route's schema; a handful of sets at most. */
const compiled = new Map<string, Map<string, Serializer>>()
const MAX_SCHEMA_SETS = 16

export const sharedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = compileWithFastify(externalSchemas, options)
  const setKey = JSON.stringify([externalSchemas ?? null, options ?? null])
  let serializers = compiled.get(setKey)
  if (!serializers) {
    if (compiled.size >= MAX_SCHEMA_SETS) compiled.clear()
    serializers = new Map()
    compiled.set(setKey, serializers)
  }
  const cache = serializers
  return (route) => {
    const key = JSON.stringify(route.schema ?? null)
    let serializer = cache.get(key)
    if (!serializer) {
      serializer = compile(route)
      cache.set(key, serializer)
    }
    return serializer
  }
}
