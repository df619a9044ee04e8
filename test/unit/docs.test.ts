import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { it } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  API_CONVENTIONS_PATH,
  INTEGRATIONS_PATH,
  renderGeneratedDocs,
  renderIntegrationsDocs,
} from '../../scripts/generate-docs.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function markdownFiles(): string[] {
  const docs = join(ROOT, 'docs')
  const pages = readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docs, name))
  return [join(ROOT, 'README.md'), ...pages]
}

/** The text without fenced code blocks and inline code, where brackets are not links. */
function withoutCode(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    result.add(n === 0 ? base : `${base}-${n}`)
  }
  return result
}

it('the generated parts of docs/api-conventions.md are up to date', () => {
  const committed = readFileSync(API_CONVENTIONS_PATH, 'utf8')
  const regenerated = renderGeneratedDocs(committed)
  assert.ok(
    regenerated === committed,
    'docs/api-conventions.md is out of date with the error catalogue or the scopes: run `npm run docs` and commit the result',
  )
})

it('the event samples in docs/integrations.md are what the API writes today', async () => {
  const committed = readFileSync(INTEGRATIONS_PATH, 'utf8')
  const regenerated = await renderIntegrationsDocs(committed)
  assert.ok(
    regenerated === committed,
    'docs/integrations.md has event samples of another shape than the API writes: run `npm run docs` and commit the result',
  )
})

it('every relative link in README.md and docs/*.md points to a file (and heading) that exists', () => {
  const broken: string[] = []
  for (const file of markdownFiles()) {
    const text = withoutCode(readFileSync(file, 'utf8'))
    for (const [, rawTarget] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = rawTarget!
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, https:, mailto: ...
      const [path = '', fragment] = target.split('#', 2)
      const resolved = path === '' ? file : resolve(dirname(file), decodeURI(path))
      const where = `${relative(ROOT, file)}: (${target})`
      if (!existsSync(resolved)) {
        broken.push(`${where}: no such file`)
      } else if (
        fragment &&
        resolved.endsWith('.md') &&
        statSync(resolved).isFile() &&
        !anchors(resolved).has(fragment)
      ) {
        broken.push(`${where}: no heading #${fragment} in ${relative(ROOT, resolved)}`)
      }
    }
  }
  assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`)
})

it('the generator refuses a page without its markers', () => {
  assert.throws(
    () => renderGeneratedDocs('# A page without markers\n'),
    /Marker <!-- generated:errors:start --> not found/,
  )
})
