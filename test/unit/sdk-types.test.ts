/** The SDK's committed types must be what openapi-typescript makes of the current OpenAPI document. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { it } from 'node:test'
import { SDK_TYPES_PATH, renderSdkTypes } from '../../scripts/generate-sdk-types.js'

it('sdk/src/schema.ts matches the OpenAPI document (run `npm run docs` after changing a route)', async () => {
  const committed = readFileSync(SDK_TYPES_PATH, 'utf8')
  const regenerated = await renderSdkTypes()
  assert.ok(
    regenerated === committed,
    'sdk/src/schema.ts has drifted from the API: run `npm run docs` and commit the result',
  )
})
