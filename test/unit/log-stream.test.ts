/** The log stream hands a turn's lines to the destination as one write, in order, and all of them at exit. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { TurnBatchedLogStream } from '../../src/lib/log-stream.js'

class RecordingDestination {
  writes: string[] = []
  flushedSync = 0
  write(text: string): void {
    this.writes.push(text)
  }
  flushSync(): void {
    this.flushedSync += 1
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('TurnBatchedLogStream', () => {
  it('writes the lines of one turn together, in order, once the turn is over', async () => {
    const destination = new RecordingDestination()
    const stream = new TurnBatchedLogStream(destination)
    stream.write('a\n')
    stream.write('b\n')
    stream.write('c\n')
    assert.deepEqual(destination.writes, [], 'nothing is written during the turn')
    await nextTurn()
    assert.deepEqual(destination.writes, ['a\nb\nc\n'])

    stream.write('d\n')
    await nextTurn()
    await nextTurn()
    assert.deepEqual(
      destination.writes,
      ['a\nb\nc\n', 'd\n'],
      'a lone line is written as it is, and nothing is written twice',
    )
  })

  it('flushSync hands over what it holds and has the destination write it out at once', () => {
    const destination = new RecordingDestination()
    const stream = new TurnBatchedLogStream(destination)
    stream.write('last words\n')
    stream.flushSync()
    assert.deepEqual(destination.writes, ['last words\n'])
    assert.equal(destination.flushedSync, 1)
  })

  it('standard output: the lines still held when the process exits are written', async () => {
    const { spawnSync } = await import('node:child_process')
    const script = `
      import { standardOutputLog } from '${new URL('../../src/lib/log-stream.ts', import.meta.url).href}'
      const stream = standardOutputLog()
      for (let i = 0; i < 1000; i++) stream.write('line ' + i + '\\n')
      process.exit(3)
    `
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    })
    assert.equal(child.status, 3, child.stderr)
    const lines = child.stdout.trim().split('\n')
    assert.equal(lines.length, 1000)
    assert.equal(lines[999], 'line 999')
  })

  it('standard output: when its reader goes away, logging stops and the process goes on', async () => {
    const { spawn } = await import('node:child_process')
    const script = `
      import { standardOutputLog } from '${new URL('../../src/lib/log-stream.ts', import.meta.url).href}'
      const stream = standardOutputLog()
      for (let turn = 0; turn < 50; turn++) {
        for (let i = 0; i < 100; i++) stream.write('line ' + turn + '.' + i + ' ' + 'x'.repeat(200) + '\\n')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      process.stderr.write('still serving')
    `
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 15_000,
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    // The reader goes away after the first lines.
    child.stdout.once('data', () => child.stdout.destroy())
    const code = await new Promise((resolve) => child.on('close', resolve))
    assert.equal(code, 0, stderr)
    assert.match(stderr, /still serving$/)
  })
})
