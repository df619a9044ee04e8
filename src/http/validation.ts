/**
 * Fastify's schema compiler: request bodies, query strings and path parameters are validated with
 * the project's two Ajv instances (lib/validation.ts), so a request and a CLI input given the same
 * value get the same answer and the same message.
 *
 * Ajv keeps a compiled validator per schema object; many routes declare equal schemas as objects
 * of their own (an `{ id }` path, a page's query), so validators are also kept by the schema's text:
 * each distinct schema compiles once per process, however many routes and applications use it.
 */
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'
import type { ValidateFunction } from 'ajv'
import { bodyAjv, textAjv } from '../lib/validation.js'

const compiled = new Map<string, ValidateFunction>()

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const part = httpPart === 'body' ? 'body' : 'text'
  const key = `${part} ${JSON.stringify(schema)}`
  let validate = compiled.get(key)
  if (!validate) {
    validate = (part === 'body' ? bodyAjv : textAjv).compile(schema as object)
    compiled.set(key, validate)
  }
  return validate
}
