/**
 * The text of a PDF, read with pdfjs-dist (Mozilla's PDF reader, pure JavaScript): a real parser,
 * so a test that finds the worker's name in it knows the document is well formed and readable.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

const fonts = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/** The whole text, and each page's (`pageTexts`, first page first). */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; pageTexts: string[] }> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: fonts,
    isEvalSupported: false,
    verbosity: 0,
  }).promise
  const parts: string[] = []
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n)
    const content = await page.getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  const pages = document.numPages
  await document.destroy()
  return { pages, text: parts.join('\n'), pageTexts: parts }
}
