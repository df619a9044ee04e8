/**
 * Punches waiting to be sent, in IndexedDB: they survive a reload, a crash or a power cut. Each
 * is stored with the exact request that will be sent, its Idempotency-Key included, so sending it
 * twice (the answer was lost, the page reloaded mid-send) stores it once. They are sent in the
 * order they were made, one at a time, and removed only once the service has answered for them.
 */
export interface QueuedPunch {
  id?: number
  idempotencyKey: string
  body: { identifier: string; pin: string; type: string; ts: string }
}

const DB_NAME = 'jornada-kiosk'
const STORE = 'outbox'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true })
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode)
        const request = run(tx.objectStore(STORE))
        // Resolved once the transaction is durable, not merely when the request succeeded.
        tx.oncomplete = () => {
          db.close()
          resolve(request.result)
        }
        tx.onerror = () => {
          db.close()
          reject(tx.error)
        }
      }),
  )
}

export function enqueue(punch: QueuedPunch): Promise<IDBValidKey> {
  return inStore('readwrite', (store) => store.add(punch))
}

/** Every waiting punch, oldest first (the store's keys grow with each punch). */
export function waiting(): Promise<QueuedPunch[]> {
  return inStore('readonly', (store) => store.getAll() as IDBRequest<QueuedPunch[]>)
}

export function remove(id: number): Promise<undefined> {
  return inStore('readwrite', (store) => store.delete(id))
}

/**
 * `sent` and `refused`: the service answered for it for good, it leaves the queue. `hold`: it must
 * wait, and so must the later punches of the same identifier (its lock runs out); the others go on.
 * `later`: nothing can be sent now (no connection, the device is slowed or unpaired).
 */
export type SendOutcome = 'sent' | 'refused' | 'hold' | 'later'

let running: Promise<void> | null = null

/**
 * Sends the waiting punches in order. A punch the service stored, or refused for good (wrong PIN,
 * out of sequence), leaves the queue. One that must wait stops the run (no connection), or only
 * its employee's later punches (a locked identifier), so that no punch overtakes an earlier one of
 * the same employee. One run at a time per page; with Web Locks, one per browser.
 */
export function flush(send: (punch: QueuedPunch) => Promise<SendOutcome>): Promise<void> {
  // A punch queued during a run may not be in it: run again once it is over.
  if (running) return running.then(() => flush(send))
  const run = async () => {
    const held = new Set<string>()
    for (const punch of await waiting()) {
      if (held.has(punch.body.identifier)) continue
      const outcome = await send(punch)
      if (outcome === 'later') return
      if (outcome === 'hold') held.add(punch.body.identifier)
      else await remove(punch.id!)
    }
  }
  const locked = async (): Promise<void> => {
    if (navigator.locks) await navigator.locks.request('jornada-kiosk-outbox', run)
    else await run()
  }
  const current = locked().finally(() => {
    running = null
  })
  running = current
  return current
}
