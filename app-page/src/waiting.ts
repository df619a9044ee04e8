/**
 * What waits for the person signed in, for the badges of the navigation and the count on a
 * manager's Today: corrections someone else proposed on their record (their consent is needed) and,
 * for those who decide, what the Inbox lists. Read from the same public lists the screens read, with
 * the same filters, so a badge and its screen never disagree; read again whenever the screens read
 * again (connection.ts `freshness`), after every change the app makes (`written`), and on every
 * change of screen.
 */
import { signal } from '@preact/signals'
import { get, getAll, query, type Schemas, serviceNow } from './api.js'
import { connection, freshness, written } from './connection.js'
import { absencesToDecide, correctionsToDecide, type Managers, managersOf } from './deciding.js'
import { addDays, localDate } from './format.js'
import { path } from './router.js'
import { type Person, person, seesTeam } from './session.js'

export interface Waiting {
  /** Corrections on my record proposed by someone else, waiting for my consent (Requests). */
  consent: number
  /** Absences and corrections waiting for my decision (Inbox); 0 for those who have none. */
  inbox: number
}

export const waiting = signal<Waiting>({ consent: 0, inbox: 0 })

type Absence = Schemas['Absence']
type Correction = Schemas['AttendanceCorrection']

/** The window of absences the Inbox reads: two months back, a year ahead. */
export function inboxRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -62), to: addDays(today, 366) }
}

/** Corrections on my record that someone else proposed, still waiting for my answer. */
export function correctionsForMyConsent(corrections: Correction[], me: Person): Correction[] {
  return corrections.filter((c) => c.status === 'pending' && c.user_id === me.id && c.proposed_by !== me.id)
}

/** How many rows a list has, from its `meta.total` (one row asked for). */
async function total(listPath: string, values: Record<string, string>): Promise<number> {
  const answer = await get<{ data: unknown[]; meta?: { total?: number } }>(
    `${listPath}${query({ ...values, page_size: 1 })}`,
  )
  return answer.meta?.total ?? answer.data.length
}

/**
 * Each person's manager, for those who are not HR (HR decides whatever it sees): the directory's
 * full form, the one read that says who reports to whom.
 */
export async function readManagers(): Promise<Managers> {
  return managersOf(await getAll<{ id: string; manager_id?: string | null }>('/users', { detail: 'full' }))
}

async function read(me: Person): Promise<Waiting> {
  const mine = getAll<Correction>('/attendance/corrections', { user_id: me.id, status: 'pending' })
  if (!seesTeam(me)) return { consent: correctionsForMyConsent(await mine, me).length, inbox: 0 }
  const range = inboxRange(localDate(serviceNow()))
  if (me.isHr) {
    // HR decides every absence it sees but its own: pending absences by their count alone;
    // corrections need a look at who proposed each, and few wait at a time.
    const [allAbsences, ownAbsences, corrections, own] = await Promise.all([
      total('/absences', { ...range, status: 'pending' }),
      total('/absences', { ...range, status: 'pending', user_id: me.id }),
      getAll<Correction>('/attendance/corrections', { status: 'pending' }),
      mine,
    ])
    return {
      consent: correctionsForMyConsent(own, me).length,
      inbox: Math.max(0, allAbsences - ownAbsences) + correctionsToDecide(corrections, me, null).length,
    }
  }
  // Anyone else decides only for those below them in the manager chain, whatever else they see (an
  // administrator sees everyone's): who asked is looked up in the directory, read only when
  // something of someone else waits.
  const [absences, corrections, own] = await Promise.all([
    getAll<Absence>('/absences', { ...range, status: 'pending' }),
    getAll<Correction>('/attendance/corrections', { status: 'pending' }),
    mine,
  ])
  const someoneElse =
    absences.some((a) => a.user_id !== me.id) ||
    corrections.some((c) => c.user_id !== me.id && c.proposed_by === c.user_id)
  const managers = someoneElse ? await readManagers() : null
  return {
    consent: correctionsForMyConsent(own, me).length,
    inbox: absencesToDecide(absences, me, managers).length + correctionsToDecide(corrections, me, managers).length,
  }
}

let reading = 0
/** Reads what waits again; an answer that comes after a newer question is dropped. A failure keeps the last counts. */
export async function readWaiting(): Promise<void> {
  const me = person.value
  if (!me) {
    waiting.value = { consent: 0, inbox: 0 }
    return
  }
  // A busy service is not asked for more than the screen needs: the badges keep what they said
  // and are read once it answers again (followWaiting).
  if (connection.value.state === 'busy') return
  const round = ++reading
  try {
    const found = await read(me)
    if (round !== reading || person.value?.id !== me.id) return
    if (found.consent !== waiting.value.consent || found.inbox !== waiting.value.inbox) waiting.value = found
  } catch {
    // Offline, busy or refused: the badges keep what they said; the connection line says the rest.
  }
}

let due: ReturnType<typeof setTimeout> | undefined
/** Several reasons at once (a write, then the refresh it causes, then a change of screen) read once. */
function readSoon(): void {
  clearTimeout(due)
  due = setTimeout(() => void readWaiting(), 150)
}

/**
 * Starts following: on sign-in, on every refresh of the screens, after every write, on every change
 * of screen, and when the service answers again after being busy or out of reach.
 */
export function followWaiting(): void {
  let signedIn: string | null = null
  person.subscribe((p) => {
    const id = p ? p.id : null
    if (id === signedIn) return
    signedIn = id
    if (id) readSoon()
    else waiting.value = { consent: 0, inbox: 0 }
  })
  freshness.subscribe(() => signedIn && readSoon())
  written.subscribe(() => signedIn && readSoon())
  path.subscribe(() => signedIn && readSoon())
  // Back from busy or offline: what waits is read again, having been left alone meanwhile.
  let state = connection.value.state
  connection.subscribe((now) => {
    if (now.state === 'online' && state !== 'online' && signedIn) readSoon()
    state = now.state
  })
}
