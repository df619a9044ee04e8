/**
 * Validation with the API's schemas, for requests (see http/validation.ts) and for input that
 * arrives any other way (the CLI, CSV rows). Two Ajv instances: bodies are validated strictly (no
 * type coercion, so `"22"` is not an integer), while query strings and path parameters, which are
 * always text on the wire, are coerced. Neither removes unknown properties: every schema forbids
 * them, so a typo in a field name is a 400 instead of being silently ignored.
 */
import { Ajv, type ErrorObject, type Options } from 'ajv'
import * as ajvFormats from 'ajv-formats'
import { isValidBIC, isValidIBAN } from 'ibantools'
import type { FieldIssue } from '../errors.js'
import { isValidDate } from './calendar.js'
import { isValidInstant, isValidTimeZone } from './time.js'

// ajv-formats is CommonJS; depending on the loader its function is `default` or `default.default`.
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv
const formatsModule = ajvFormats as unknown as { default: AddFormats & { default?: AddFormats } }
const addFormats: AddFormats = formatsModule.default.default ?? formatsModule.default

/**
 * The annotation that gives a rule between fields (an `if`/`then`, a `oneOf`, a `not`) the message a
 * caller reads: on the schema node holding the keyword, `{ [keyword]: message }`, the message
 * optionally naming the field it is about. The OpenAPI document folds it into the description.
 */
export const RULE_MESSAGES = 'x-messages'

export type RuleMessage = string | { field: string | string[]; message: string }

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Errors carry the schema node they failed in, where a rule between fields keeps its message.
    verbose: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    ...options,
  })
  addFormats(ajv, ['email'])
  ajv.addFormat('date', { type: 'string', validate: isValidDate })
  ajv.addFormat('date-time', { type: 'string', validate: isValidInstant })
  ajv.addFormat('time', { type: 'string', validate: (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v) })
  ajv.addFormat('iban', { type: 'string', validate: (v: string) => isValidIBAN(v.replace(/\s+/g, '').toUpperCase()) })
  ajv.addFormat('bic', { type: 'string', validate: (v: string) => isValidBIC(v.toUpperCase()) })
  ajv.addFormat('time-zone', { type: 'string', validate: isValidTimeZone })
  ajv.addKeyword({ keyword: 'x-scope' })
  ajv.addKeyword({ keyword: RULE_MESSAGES })
  return ajv
}

/** Bodies: strict types, no coercion (`"22"` is not an integer). */
export const bodyAjv = createAjv({ coerceTypes: false })
/** Query strings and path parameters, always text on the wire: coerced to the schema's types. */
export const textAjv = createAjv({ coerceTypes: 'array' })

const FORMAT_MESSAGES: Record<string, string> = {
  date: 'must be a real calendar date YYYY-MM-DD between 1900 and 9998',
  'date-time': 'must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-03-02T08:00:00Z (years 1900 to 9998)',
  time: 'must be a time HH:MM',
  email: 'must be a valid email address',
  iban: 'must be a valid IBAN (checksum failed)',
  bic: 'must be a valid BIC/SWIFT code',
  'time-zone': 'must be an IANA time zone, e.g. Europe/Madrid',
}

function ruleMessageOf(error: ErrorObject): RuleMessage | undefined {
  const messages = (error.parentSchema as Record<string, unknown> | undefined)?.[RULE_MESSAGES]
  return (messages as Record<string, RuleMessage> | undefined)?.[error.keyword]
}

/** Ajv errors to the contract's `details` items: one item per failing field, in a stable order. */
export function toFieldIssues(allErrors: ErrorObject[], part: string | undefined): FieldIssue[] {
  const issues = new Map<string, string>()
  // A rule with its own message speaks for the branches under it (a oneOf's unmatched branches).
  const ruled = allErrors.filter((e) => ruleMessageOf(e) !== undefined).map((e) => `${e.schemaPath}/`)
  const errors = allErrors.filter((e) => !ruled.some((path) => e.schemaPath.startsWith(path)))
  // A union of literals ('in' | 'out' | ...) fails with one `const` error per branch: gather them
  // so the message can list every allowed value.
  const allowed = new Map<string, unknown[]>()
  for (const error of errors) {
    if (error.keyword === 'const')
      allowed.set(error.instancePath, [...(allowed.get(error.instancePath) ?? []), error.params.allowedValue])
  }
  for (const error of errors) {
    const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
    let field = base
    let message: string
    const rule = ruleMessageOf(error)
    switch (rule === undefined ? error.keyword : 'rule') {
      case 'rule':
        if (typeof rule === 'string') {
          message = rule
          break
        }
        // A rule about several fields names each of them, so a form can mark them all.
        for (const name of ([] as string[]).concat(rule!.field))
          if (!issues.has(join(base, name))) issues.set(join(base, name), rule!.message)
        continue
      case 'if':
        continue // the `then` or `else` that failed says what is wrong
      case 'required':
        field = join(base, String(error.params.missingProperty))
        message = 'is required'
        break
      case 'dependentRequired':
        field = join(base, String(error.params.missingProperty))
        message = `is required with ${error.params.property}`
        break
      case 'additionalProperties':
        field = join(base, String(error.params.additionalProperty))
        message = part === 'querystring' ? 'is not a known query parameter' : 'is not a known field'
        break
      case 'format':
        message = FORMAT_MESSAGES[String(error.params.format)] ?? `must match format ${error.params.format}`
        break
      case 'enum':
        message = `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`
        break
      case 'const':
        message = `must be one of: ${allowed.get(error.instancePath)!.join(', ')}`
        break
      case 'pattern':
        // '\S' is how the schemas say "not blank"; other patterns are best shown as they are.
        message = error.params.pattern === '\\S' ? 'must not be blank' : `must match pattern "${error.params.pattern}"`
        break
      case 'minLength':
        message = error.params.limit === 1 ? 'must not be empty' : `must be at least ${error.params.limit} characters`
        break
      case 'maxLength':
        message = `must be at most ${error.params.limit} characters`
        break
      case 'minItems':
        message = `must have at least ${error.params.limit} item${error.params.limit === 1 ? '' : 's'}`
        break
      case 'maxItems':
        message = `must have at most ${error.params.limit} items`
        break
      case 'uniqueItems':
        message = 'must not list the same item twice'
        break
      case 'anyOf':
      case 'oneOf':
        continue // the branches' own errors say more; a null branch adds nothing useful
      default:
        message = error.message ?? 'is invalid'
    }
    // A field name can come from the caller (an unknown property): repeat at most 64 characters.
    if (field.length > 64) field = `${field.slice(0, 64)}…`
    if (!issues.has(field || part || 'body')) issues.set(field || part || 'body', message)
  }
  // One item per failing field, and no more than a reader needs to fix the request.
  return [...issues].slice(0, MAX_ISSUES).map(([field, message]) => ({ field, message }))
}

const MAX_ISSUES = 50

function join(base: string, name: string): string {
  return base ? `${base}.${name}` : name
}

/** Validates a value outside HTTP (CLI input) with the same rules and messages as request bodies. */
export function checkAgainst(schema: object, value: unknown): FieldIssue[] {
  const validate = bodyAjv.compile(schema)
  return validate(value) ? [] : toFieldIssues(validate.errors ?? [], 'body')
}

/** A surrogate code unit with no partner: not a character, and no text encoding can carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** What is wrong with the characters of a text, or null: the NUL character, or a lone surrogate. */
function badCharacter(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character'
  if (LONE_SURROGATE.test(text))
    return 'must be well-formed Unicode: an escaped surrogate (\\uD800 to \\uDFFF) without its pair is no character'
  return null
}

/**
 * The first field of a parsed body (a key or a string value, at any depth) holding a character no
 * text may hold: NUL, which PostgreSQL cannot store and SQLite would store, so the engines would
 * differ; or half of a surrogate pair (`"\ud800"` in the JSON), which would come back as U+FFFD.
 * Null when there is none.
 */
export function findBadCharacter(value: unknown, path = ''): { field: string; message: string } | null {
  if (typeof value === 'string') {
    const message = badCharacter(value)
    return message ? { field: path || 'body', message } : null
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadCharacter(value[i], path ? `${path}.${i}` : String(i))
      if (found) return found
    }
    return null
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const inKey = badCharacter(key)
      if (inKey) return { field: path || key, message: inKey }
      const found = findBadCharacter(child, path ? `${path}.${key}` : key)
      if (found) return found
    }
  }
  return null
}
