/**
 * The one place where a JSON column's text and the value it holds meet. JSON values are stored as
 * text on both engines (db/schema.ts); their column types say what the text holds, as
 * `JsonText<T>`, so a module writes one with `jsonText(value)` and reads `T` back with
 * `parseJsonText(text)` instead of a `JSON.parse(...) as T` of its own. (Booleans need no codec
 * here: SQLite's rows bring them back as booleans, see db/sqlite-statements.ts.)
 */

declare const holds: unique symbol

/** Text holding the JSON of a `T`. */
export type JsonText<T> = string & { readonly [holds]: T }

/** The JSON text of `value`, for a column declared `JsonText<T>`. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>
}

/** The value a JSON column holds. */
export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T
}
