/** ZIP files in tests: read every entry of one (yauzl), and write one back from entries (yazl). */
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { fromBufferPromise } from 'yauzl'
import { ZipFile } from 'yazl'

/** Every file of the ZIP, by name, in the archive's order. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true })
  const files = new Map<string, Buffer>()
  for await (const entry of zip.eachEntry())
    files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)))
  return files
}

/** A ZIP of these files, in this order. */
export async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile()
  for (const [name, bytes] of files) zip.addReadStream(Readable.from([bytes]), name)
  zip.end()
  return buffer(zip.outputStream as Readable)
}
