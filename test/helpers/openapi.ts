/**
 * Reading the service's OpenAPI document in tests as an independent client would: a strict
 * JSON Schema 2020-12 validator of its schemas, and the schema documented for an answer.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

/** The schema with its references to components turned into references to one shared schema of them, for Ajv. */
export function forAjv(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'))
}

/** A strict validator that knows the document's components; `validator(schema)` compiles each distinct schema once. */
export function documentValidator(document: Record<string, any>, options: { allErrors?: boolean } = {}) {
  const ajv = new Ajv2020({ strict: true, allErrors: options.allErrors ?? false, validateFormats: false })
  // `discriminator` only helps generators: `oneOf` of envelopes with distinct `type`s says the same.
  ajv.addVocabulary(['example', 'x-format', 'discriminator'])
  // The request bodies' schemas too, under their names (`AbsencesCreateRequest`), as a body is checked.
  const bodies = Object.fromEntries(
    Object.entries<any>(document.components.requestBodies ?? {}).map(([name, body]) => [
      name,
      body.content['application/json'].schema,
    ]),
  )
  ajv.addSchema({ $id: 'components', $defs: forAjv({ ...document.components.schemas, ...bodies }) })
  const compiled = new Map<string, ValidateFunction>()
  return {
    ajv,
    validator(schema: unknown): ValidateFunction {
      const text = JSON.stringify(schema)
      let validate = compiled.get(text)
      if (!validate) {
        validate = ajv.compile(forAjv(schema) as object)
        compiled.set(text, validate)
      }
      return validate
    },
    component(name: string): ValidateFunction {
      return ajv.getSchema(`components#/$defs/${name}`)!
    },
  }
}

/** An operation's answers by status, each answer shared in `components.responses` read where it is named. */
export function responsesOf(document: Record<string, any>, operation: Record<string, any>): Record<string, any> {
  return Object.fromEntries(
    Object.entries<any>(operation.responses ?? {}).map(([status, response]) => {
      const name = response.$ref?.replace('#/components/responses/', '')
      return [status, name ? document.components.responses[name] : response]
    }),
  )
}
