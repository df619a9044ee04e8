/**
 * Today: one big button for the next punch the record allows (in, break, back, out; on site or
 * remote where the person may work remotely), the running session, and today's worked time
 * against the expected, as the service counts them. Punches made offline wait on the phone and
 * show as waiting until the service has them.
 */
import { useEffect, useState } from 'preact/hooks'
import { ApiError, Offline, busyFor, get, query, type Schemas, serviceNow } from '../api.js'
import { dayOf, duration, localDate, timeOf } from '../format.js'
import { words } from '../i18n/index.js'
import { holidayName } from '../labels.js'
import {
  type LeftOpen,
  type Modality,
  type PunchType,
  punch,
  refusedPunches,
  sendWaiting,
  sentPunches,
  settleSent,
  holds,
  waitingPunches,
} from '../punches.js'
import { person } from '../session.js'
import { Done, Link, LoadingScreen, Problem, Screen, useAction, useLoad } from '../ui.js'
import { waiting as waitsForMe } from '../waiting.js'

interface Moment {
  type: PunchType
  ts: string
}

interface TodayState {
  day: Schemas['DailyAttendance'] | undefined
  /** The effective punches since yesterday. */
  recorded: Moment[]
  /**
   * The `in` of the session under way when the service flags it as left open past the company's
   * maximum (a forgotten clock-out): no work under way, so the next punch is an `in`.
   */
  leftOpenSince?: string | null
  /** Shown from what the service said last, because it cannot be reached now or is busy. */
  stale?: 'offline' | 'busy'
}

/** Today as the service last told it, kept on the phone for when it cannot be reached. Cleared on sign-out. */
export const lastSeen = {
  key: 'jornada-app-today',
  keep(userId: string, state: TodayState): void {
    localStorage.setItem(this.key, JSON.stringify({ userId, ...state }))
  },
  read(userId: string): TodayState | null {
    try {
      const kept = JSON.parse(localStorage.getItem(this.key) ?? 'null')
      return kept?.userId === userId ? kept : null
    } catch {
      return null
    }
  },
}

/**
 * What may follow the last punch (the record's sequence). After a session left open, an `in`
 * starts a new one (every day's start is recorded, art. 34.9 of the Workers' Statute).
 */
export function nextPunches(last: PunchType | undefined, leftOpen = false): PunchType[] {
  if (leftOpen) return ['in']
  if (last === 'in' || last === 'break_end') return ['break_start', 'out']
  if (last === 'break_start') return ['break_end']
  return ['in']
}

/** "lun, 2 nov 08:59": a moment on another day, as a person reads it. */
function momentOf(iso: string): string {
  return `${dayOf(localDate(new Date(iso)))} ${timeOf(iso)}`
}

/** The `in` of the session under way, when the service flags it as left open (session_too_long). */
function leftOpenSince(days: Schemas['DailyAttendance'][], recorded: Moment[]): string | null {
  const last = recorded[recorded.length - 1]
  if (!last || last.type === 'out') return null
  const started = [...recorded].reverse().find((m) => m.type === 'in')?.ts
  const flagged = days.some((d) =>
    d.anomalies.some((a) => a.type === 'session_too_long' && a.session_started_at === started),
  )
  return flagged && started ? started : null
}

export function Today() {
  const t = words.value
  const me = person.value!
  const today = localDate(serviceNow())
  const [tick, setTick] = useState(0)
  // Worked time moves while a session runs: read it again each minute.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000)
    return () => clearInterval(timer)
  }, [])
  const loaded = useLoad(async (): Promise<TodayState> => {
    await sendWaiting()
    const yesterday = localDate(new Date(serviceNow().getTime() - 86_400_000))
    try {
      const [days, log] = await Promise.all([
        get<{ data: Schemas['DailyAttendance'][] }>(
          `/attendance${query({ user_id: me.id, from: yesterday, to: today })}`,
        ),
        get<{ data: Schemas['PunchLogEntry'][] }>(
          `/attendance/punches${query({ user_id: me.id, from: yesterday, to: today, page_size: 100 })}`,
        ),
      ])
      const recorded = log.data.filter((p) => p.superseded_by === null).map((p) => ({ type: p.type, ts: p.ts }))
      const state: TodayState = {
        day: days.data.find((d) => d.date === today),
        recorded,
        leftOpenSince: leftOpenSince(days.data, recorded),
      }
      lastSeen.keep(me.id, state)
      settleSent(recorded)
      return state
    } catch (error) {
      // Offline or busy: what the service said last, so that the next punch is offered and can wait
      // here (a busy service is read again by itself after its Retry-After).
      const busy = busyFor(error) !== null
      const kept = error instanceof Offline || busy ? lastSeen.read(me.id) : null
      if (kept)
        return {
          recorded: kept.recorded,
          day: kept.day?.date === today ? kept.day : undefined,
          leftOpenSince: kept.leftOpenSince ?? null,
          stale: busy ? 'busy' : 'offline',
        }
      throw error
    }
  }, [tick])
  const action = useAction()
  // What the last tap came to; `waiting` while its punch is on the phone, told again once it is sent.
  const [said, setSaid] = useState<{ text: string; waiting?: { type: PunchType; at: string } } | null>(null)
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  const stillWaiting = waitingPunches.value.length
  useEffect(() => {
    if (!said?.waiting || stillWaiting > 0) return
    const { type, at } = said.waiting
    const refused = refusedPunches.value.some((r) => r.type === type && timeOf(r.ts) === at)
    setSaid(refused ? null : { text: t.today.sentNow(t.punch[type], at) })
  }, [stillWaiting])
  // A session left open before the punch just recorded: told after it, with the company's proposal.
  const [leftOpen, setLeftOpen] = useState<LeftOpen | null>(null)

  if (!loaded.data) return <LoadingScreen title={t.today.title} error={loaded.error} />
  const waiting: Moment[] = waitingPunches.value.map((p) => ({ type: p.body.type, ts: p.body.ts }))
  // Sent from the phone but not yet in what the service said last: recorded all the same (the
  // screen is reading the service again), and the service has answered, so it is not offline.
  const sent: Moment[] = sentPunches.value.filter((p) => !holds(loaded.data!.recorded, p))
  const stale = sent.length > 0 ? undefined : loaded.data.stale
  const moments: Moment[] = [...loaded.data.recorded, ...sent, ...waiting].sort((a, b) => a.ts.localeCompare(b.ts))
  const last = moments[moments.length - 1]
  // A punch waiting on the phone came after what the service said: it decides what follows.
  const openBefore = waiting.length + sent.length === 0 ? (loaded.data.leftOpenSince ?? null) : null
  const next = nextPunches(last?.type, openBefore !== null)
  const day = loaded.data.day

  const doPunch = (type: PunchType, modality?: Modality) =>
    action.run(async () => {
      setSaid(null)
      setLeftOpen(null)
      setChangedElsewhere(false)
      const outcome = await punch(type, modality)
      // A tab or phone that did not know of a punch made elsewhere offered one the record no longer
      // allows: read where the person is now, and say so, instead of a refusal.
      if (outcome instanceof ApiError && outcome.code === 'punch_sequence_invalid') {
        setChangedElsewhere(true)
        loaded.reload()
        return
      }
      // Said in the person's language, with what to do next, where the code is known.
      if (outcome instanceof Error) throw outcome
      const at = timeOf(serviceNow())
      const what = t.punch[type]
      if (typeof outcome === 'object' && 'sent' in outcome) {
        setSaid({ text: t.today.recorded(what, at) })
        setLeftOpen(outcome.sent)
      } else
        setSaid({
          text:
            outcome === 'held'
              ? t.today.savedUnavailable(what, at)
              : outcome === 'waiting'
                ? t.today.savedOffline(what, at)
                : t.today.savedBusy(what, at, outcome.busy),
          waiting: { type, at },
        })
      loaded.reload()
    })

  const buttons: { type: PunchType; modality?: Modality; label: string }[] = next.flatMap((type) =>
    type === 'in' && me.remoteWorkAllowed
      ? [
          { type, modality: 'onsite' as const, label: t.today.inOnsite },
          { type, modality: 'remote' as const, label: t.today.inRemote },
        ]
      : [{ type, label: t.today.action[type] }],
  )

  return (
    <Screen title={t.today.title}>
      {stale === 'offline' && <p class="problem">{t.today.offlineNow}</p>}
      {stale === 'busy' && <p class="problem">{t.today.busyNow}</p>}
      <p class="state" aria-live="polite">
        {last === undefined || last.type === 'out' || openBefore !== null
          ? t.today.notIn
          : last.type === 'break_start'
            ? t.today.onBreakSince(timeOf(last.ts))
            : t.today.inSince(timeOf([...moments].reverse().find((m) => m.type === 'in')?.ts ?? last.ts))}
      </p>
      <div class="punch-buttons">
        {buttons.map((b, i) => (
          <button
            key={`${b.type}-${b.modality ?? ''}`}
            type="button"
            class={i === 0 ? 'primary big' : 'secondary big'}
            disabled={action.busy}
            onClick={() => doPunch(b.type, b.modality)}
          >
            {b.label}
          </button>
        ))}
      </div>
      {changedElsewhere && <Done>{t.today.changedElsewhere}</Done>}
      {said && <Done>{said.text}</Done>}
      <Problem error={action.error} />
      {openBefore && <p class="hint">{t.today.leftOpenBefore(momentOf(openBefore))}</p>}
      {leftOpen && (
        <div class="problem" role="alert">
          <p>
            {leftOpen.correction_id && leftOpen.proposed_out_at
              ? t.today.leftOpen(momentOf(leftOpen.started_at), momentOf(leftOpen.proposed_out_at))
              : t.today.leftOpenNoProposal(momentOf(leftOpen.started_at))}
          </p>
          {leftOpen.correction_id && <Link href="/app/requests">{t.today.leftOpenAction}</Link>}
        </div>
      )}
      {/* What waits for the person, also badged in the navigation. */}
      {waitsForMe.value.inbox > 0 && (
        <p class="waits">
          <Link href="/app/inbox">{t.today.inboxWaiting(waitsForMe.value.inbox)}</Link>
        </p>
      )}
      {waitsForMe.value.consent > 0 && (
        <p class="waits">
          <Link href="/app/requests">{t.today.consentWaiting(waitsForMe.value.consent)}</Link>
        </p>
      )}
      {day && (
        <dl class="figures">
          <div>
            <dt>{t.today.worked}</dt>
            <dd>{duration(day.worked_minutes)}</dd>
          </div>
          <div>
            <dt>{t.today.expected}</dt>
            <dd>{duration(day.expected_minutes)}</dd>
          </div>
          {/* The day is under way: what it still expects is not a debt until it ends. */}
          {day.balance_minutes < 0 ? (
            <div>
              <dt>{t.today.toGo}</dt>
              <dd>{duration(-day.balance_minutes)}</dd>
            </div>
          ) : (
            <div>
              <dt>{t.today.balance}</dt>
              <dd>{duration(day.balance_minutes, true)}</dd>
            </div>
          )}
        </dl>
      )}
      {day?.holiday && <p>{t.today.holiday(holidayName(day.holiday))}</p>}
      <h2>{t.today.punchesToday}</h2>
      {moments.filter((m) => localDate(new Date(m.ts)) === today).length === 0 ? (
        <p>{t.today.noPunches}</p>
      ) : (
        <ul class="punches">
          {moments
            .filter((m) => localDate(new Date(m.ts)) === today)
            .map((m) => (
              <li key={m.ts}>
                <span class="time">{timeOf(m.ts)}</span> {t.punch[m.type]}
                {waiting.includes(m) && <span class="badge">{t.today.waiting}</span>}
              </li>
            ))}
        </ul>
      )}
      {waiting.length > 0 && <p class="hint">{t.today.waitingExplained}</p>}
      {refusedPunches.value.map((r) => (
        <p class="problem" role="alert" key={r.ts}>
          {t.today.refusedLater(t.punch[r.type], timeOf(r.ts), r.message)}
        </p>
      ))}
    </Screen>
  )
}
