/**
 * Punches waiting to be sent, in IndexedDB: they survive a reload, a crash or a power cut. Each
 * is stored with the exact request that will be sent, its Idempotency-Key included, so sending it
 * twice (the answer was lost, the page reloaded mid-send) stores it once. They are sent in the
 * order they were made, one at a time, and removed only once the service has answered for them.
 * The kiosk page and the app each keep their own (one database each).
 */
export interface Queued<Body> {
  id?: number
  idempotencyKey: string
  body: Body
}

/**
 * `sent` and `refused`: the service answered for it for good, it leaves the queue. `hold`: it must
 * wait, and so must the later punches of the same person (a lock runs out, they sign in again);
 * the others go on. `later`: nothing can be sent now (no connection, the device is slowed or unpaired).
 */
export type SendOutcome = 'sent' | 'refused' | 'hold' | 'later'

export interface Outbox<Body> {
  enqueue(punch: Queued<Body>): Promise<IDBValidKey>
  /** Every waiting punch, oldest first (the store's keys grow with each punch). */
  waiting(): Promise<Queued<Body>[]>
  /**
   * Sends the waiting punches in order. A punch the service stored, or refused for good, leaves the
   * queue. One that must wait stops the run (no connection), or only its person's later punches,
   * so that no punch overtakes an earlier one of the same person. One run at a time per page; with
   * Web Locks, one per browser. `eligible` leaves punches out of this run as if held (another
   * person's, on a phone someone else signed in to).
   */
  flush(send: (punch: Queued<Body>) => Promise<SendOutcome>, eligible?: (punch: Queued<Body>) => boolean): Promise<void>
}

const STORE = 'outbox'

/** A random Idempotency-Key (crypto.randomUUID needs a secure context; a tablet on http may not be one). */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** `personOf` names whose punch it is: a held punch holds back that person's later ones. */
export function createOutbox<Body>(dbName: string, personOf: (body: Body) => string): Outbox<Body> {
  function open(): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(dbName, 1)
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

  const waiting = () => inStore('readonly', (store) => store.getAll() as IDBRequest<Queued<Body>[]>)
  let running: Promise<void> | null = null

  const flush: Outbox<Body>['flush'] = (send, eligible = () => true) => {
    // A punch queued during a run may not be in it: run again once it is over.
    if (running) return running.then(() => flush(send, eligible))
    const run = async () => {
      const held = new Set<string>()
      for (const punch of await waiting()) {
        const person = personOf(punch.body)
        if (held.has(person)) continue
        if (!eligible(punch)) {
          held.add(person)
          continue
        }
        const outcome = await send(punch)
        if (outcome === 'later') return
        if (outcome === 'hold') held.add(person)
        else await inStore('readwrite', (store) => store.delete(punch.id!))
      }
    }
    const locked = async (): Promise<void> => {
      if (navigator.locks) await navigator.locks.request(`${dbName}-outbox`, run)
      else await run()
    }
    const current = locked().finally(() => {
      running = null
    })
    running = current
    return current
  }

  return { enqueue: (punch) => inStore('readwrite', (store) => store.add(punch)), waiting, flush }
}
