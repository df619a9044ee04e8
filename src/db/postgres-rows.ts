/**
 * node-postgres builds, for every result, an empty row object with one property per column
 * (`Result.prototype.addFields`), and copies it into each row it parses. It builds it on an
 * object without prototype, one property at a time, which V8 keeps in its slow dictionary form:
 * for a user's row of 48 columns that took about 50 µs on every query, as much as the rest of an
 * authenticated read's own work. PostgreSQL describes the columns again on each execution, even
 * of a prepared statement, so the cost was paid per query, not per statement.
 *
 * The empty row depends only on the column names, and this service's queries have a bounded set
 * of them, so it is built once per list of names and kept. What a row holds, its parsers and its
 * field descriptions are unchanged (a name given twice keeps its last value, as before).
 */
import { createRequire } from 'node:module'

interface FieldDescription {
  name: string
  dataTypeID: number
  format?: string
}
interface TypeParsers {
  getTypeParser(oid: number, format: string): (value: string) => unknown
}
interface PgResult {
  fields: FieldDescription[]
  _parsers?: ((value: string) => unknown)[]
  _types?: TypeParsers
  _prebuiltEmptyResultObject: Record<string, null>
}

/** More lists of column names than the service's queries have; past it the kept rows start again. */
const MAX_KEPT_SHAPES = 2_000

let installed = false

/** Replaces `addFields` of node-postgres's Result (once per process) with one that keeps empty rows. */
export function keepEmptyRowsPerColumnList(): void {
  if (installed) return
  installed = true
  const resultPath = createRequire(import.meta.url).resolve('pg/lib/result.js')
  // The very module node-postgres uses, and the type parsers it falls back on, from its own place.
  const fromPg = createRequire(resultPath)
  const Result = fromPg(resultPath) as { prototype: { addFields(fields: FieldDescription[]): void } }
  const defaultTypes = fromPg('pg-types') as TypeParsers
  const emptyRows = new Map<string, Record<string, null>>()
  Result.prototype.addFields = function addFields(this: PgResult, fields: FieldDescription[]) {
    this.fields = fields
    if (fields.length > 0) this._parsers = new Array(fields.length)
    const types = this._types ?? defaultTypes
    let names = ''
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!
      names += `${field.name}\u0000`
      this._parsers![i] = types.getTypeParser(field.dataTypeID, field.format || 'text') as (value: string) => unknown
    }
    let empty = emptyRows.get(names)
    if (!empty) {
      // Built as node-postgres builds it, so that the rows copied from it come out alike.
      const row: Record<string, null> = Object.create(null)
      for (const field of fields) row[field.name] = null
      empty = { ...row }
      if (emptyRows.size >= MAX_KEPT_SHAPES) emptyRows.clear()
      emptyRows.set(names, empty)
    }
    this._prebuiltEmptyResultObject = empty
  }
}
