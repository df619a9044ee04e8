/**
 * Regenerates the SDK's types (sdk/src/schema.ts) from the service's OpenAPI document, built from
 * the route schemas, with openapi-typescript.
 *
 *   node --import tsx scripts/generate-sdk-types.ts     (also run by npm run docs)
 *
 * test/unit/sdk-types.test.ts fails when the committed types differ from what this would write.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { buildApp } from '../src/app.js'
import { openDatabase } from '../src/db/database.js'

export const SDK_TYPES_PATH = fileURLToPath(new URL('../sdk/src/schema.ts', import.meta.url))

const HEADER = `/**
 * The Jornada API's paths, operations and schemas as TypeScript types.
 * Generated from the OpenAPI document by \`npm run docs\` (scripts/generate-sdk-types.ts) with
 * openapi-typescript; do not edit by hand.
 */

`

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase('sqlite::memory:')
  const app = await buildApp({ db: database.db })
  try {
    await app.ready()
    return app.swagger() as unknown as Record<string, unknown>
  } finally {
    await app.close()
    await database.destroy()
  }
}

export async function renderSdkTypes(): Promise<string> {
  // Its default options, as an integrator's: request bodies are request body components, where a
  // field with a default stays optional.
  const ast = await openapiTS(JSON.parse(JSON.stringify(await openApiDocument())), { alphabetize: false })
  return HEADER + astToString(ast)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SDK_TYPES_PATH, await renderSdkTypes())
  console.log('sdk/src/schema.ts regenerated')
}
