/**
 * Fastify's schema compiler: request bodies, query strings and path parameters are validated with
 * the project's two Ajv instances (lib/validation.ts), so a request and a CLI input given the same
 * value get the same answer and the same message.
 */
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'
import { bodyAjv, textAjv } from '../lib/validation.js'

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv
  return ajv.compile(schema as object)
}
