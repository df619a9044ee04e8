/**
 * Requests: my absences with the vacation left (request one, cancel one), and corrections of my
 * record: those someone else proposed, waiting for my consent (accept or reject, the reason
 * shown, with who proposed it), and those I proposed. The form starts on vacation and on the next
 * working day; what cannot be taken back (cancelling, withdrawing, answering) is asked twice.
 */
import { useState } from 'preact/hooks'
import { get, getAll, post, query, type Schemas, serviceNow } from '../api.js'
import { ConfirmButton, ConfirmDecision } from '../confirm.js'
import { addDays, dayOf, localDate, timeOf } from '../format.js'
import type { CarriedVacation } from '../i18n/en.js'
import { words } from '../i18n/index.js'
import { absenceName, absenceTypes } from '../labels.js'
import { person } from '../session.js'
import {
  type Decision,
  Done,
  Field,
  FormButtons,
  LoadingScreen,
  Problem,
  Screen,
  Select,
  useAction,
  useLoad,
} from '../ui.js'

type Absence = Schemas['Absence']
type Correction = Schemas['AttendanceCorrection']

export function Requests() {
  const t = words.value
  const me = person.value!
  const today = localDate(serviceNow())
  const year = today.slice(0, 4)
  const data = useLoad(async () => {
    const ahead = { user_id: me.id, from: addDays(today, 1), to: addDays(today, 31), page_size: 31 }
    const [balance, absences, types, corrections, days] = await Promise.all([
      get<{ data: Schemas['VacationBalance'] }>(`/users/${me.id}/vacation-balance${query({ year })}`),
      getAll<Absence>('/absences', { user_id: me.id, from: `${year}-01-01`, to: `${Number(year) + 1}-12-31` }),
      absenceTypes(),
      getAll<Correction>('/attendance/corrections', { user_id: me.id }),
      get<{ data: Schemas['DailyAttendance'][] }>(`/attendance${query(ahead)}`),
    ])
    const waiting = corrections.filter((c) => c.status === 'pending')
    const [moved, proposers] = await Promise.all([movedPunches(waiting), proposersOf(waiting, me.id)])
    const firstDay = nextWorkingDay(days.data, absences) ?? addDays(today, 1)
    return { balance: balance.data, absences, types, corrections, moved, proposers, firstDay }
  }, [])
  const [requesting, setRequesting] = useState(false)
  const [said, setSaid] = useState<string | null>(null)

  if (!data.data) return <LoadingScreen title={t.requests.title} error={data.error} />
  const { balance, absences, types, corrections, moved, proposers, firstDay } = data.data
  const waitingForMe = corrections.filter((c) => c.status === 'pending' && c.proposed_by !== me.id)
  const mine = corrections.filter((c) => c.proposed_by === me.id)
  const done = (message: string) => {
    setSaid(message)
    data.reload()
  }

  return (
    <Screen title={t.requests.title}>
      {said && <Done>{said}</Done>}
      {waitingForMe.length > 0 && (
        <section aria-labelledby="consent-title">
          <h2 id="consent-title">{t.requests.waitingForMe}</h2>
          {waitingForMe.map((c) => (
            <ConsentCard key={c.id} correction={c} moved={moved} proposer={proposers.get(c.id)!} onDone={done} />
          ))}
        </section>
      )}
      <section aria-labelledby="absences-title">
        <h2 id="absences-title">{t.requests.absences}</h2>
        <p class="balance">
          {t.requests.vacationLeft(balance.remaining, balance.entitled, balance.pending, carriedVacation(balance))}
        </p>
        {requesting ? (
          <RequestAbsence
            types={types}
            firstDay={firstDay}
            onDone={() => {
              setRequesting(false)
              done(t.requests.requested)
            }}
            onCancel={() => setRequesting(false)}
          />
        ) : (
          <button type="button" class="primary" onClick={() => setRequesting(true)}>
            {t.requests.newAbsence}
          </button>
        )}
        {absences.length === 0 ? (
          <p>{t.requests.noAbsences}</p>
        ) : (
          <ul class="cards">
            {absences.map((a) => (
              <AbsenceCard key={a.id} absence={a} onDone={done} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="corrections-title">
        <h2 id="corrections-title">{t.requests.myCorrections}</h2>
        {mine.length === 0 ? (
          <p>{t.requests.noCorrections}</p>
        ) : (
          <ul class="cards">
            {mine.map((c) => (
              <CorrectionCard key={c.id} correction={c} moved={moved} onDone={done} />
            ))}
          </ul>
        )}
      </section>
    </Screen>
  )
}

/**
 * The first day after today the worker is expected at work (their schedule, not a weekend, not a
 * holiday) and not already away: where a request most likely starts.
 */
export function nextWorkingDay(days: Schemas['DailyAttendance'][], absences: Absence[]): string | undefined {
  const away = absences.filter((a) => a.status === 'pending' || a.status === 'approved')
  return days.find(
    (d) => d.is_workday && !d.holiday && !away.some((a) => a.start_date <= d.date && a.end_date >= d.date),
  )?.date
}

/**
 * The days the year's balance carries in from earlier years (art. 38.3 ET: vacation given back by
 * a sick leave over it), with the last day to take the soonest due, or null when there are none.
 * They are counted in what is left, so the figure it is "of" must count them too.
 */
export function carriedVacation(balance: Pick<Schemas['VacationBalance'], 'carried_in'>): CarriedVacation | null {
  const carried = balance.carried_in.filter((c) => c.days > 0)
  if (carried.length === 0) return null
  const soonest = carried.map((c) => c.until).sort()[0]!
  return {
    days: carried.reduce((sum, c) => sum + c.days, 0),
    until: dayOf(soonest, { day: 'numeric', month: 'long', year: 'numeric' }),
  }
}

/** The type a request starts on: the company's vacation (the type that consumes vacation days), else the first. */
export function firstType(types: Schemas['AbsenceType'][]): string {
  return (
    (types.find((k) => k.key === 'vacation') ?? types.find((k) => k.consumes_vacation) ?? types[0])?.key ?? 'vacation'
  )
}

/**
 * Who proposed each correction waiting for the worker, in words: the company (a session left open
 * it closes), a named person when the worker may read the directory, else HR or a manager.
 */
async function proposersOf(corrections: Correction[], me: string): Promise<Map<string, string>> {
  const t = words.value
  const ids = [...new Set(corrections.map((c) => c.proposed_by).filter((id) => id !== me && id !== 'company'))]
  const names = new Map<string, string>()
  await Promise.all(
    ids.map(async (id) => {
      try {
        names.set(id, (await get<{ data: { full_name: string } }>(`/users/${id}`)).data.full_name)
      } catch {
        // Not readable by this worker: the role is said instead.
      }
    }),
  )
  return new Map(
    corrections.map((c) => {
      if (c.proposed_by === 'company') return [c.id, t.proposer.company]
      const name = names.get(c.proposed_by)
      return [c.id, name ? t.proposer.by(name) : t.proposer.someone]
    }),
  )
}

export function absenceDates(a: Pick<Absence, 'start_date' | 'end_date' | 'start_time' | 'end_time'>): string {
  const first = dayOf(a.start_date)
  if (a.start_time) return `${first} ${a.start_time}–${a.end_time}`
  return a.start_date === a.end_date ? first : `${first} – ${dayOf(a.end_date)}`
}

function AbsenceCard(props: { absence: Absence; onDone: (message: string) => void }) {
  const t = words.value
  const { absence } = props
  const action = useAction()
  const today = localDate(serviceNow())
  const cancellable = (absence.status === 'pending' || absence.status === 'approved') && absence.end_date >= today
  const what = `${absenceName(absence.type.key, absence.type.label)}, ${absenceDates(absence)}`
  return (
    <li class="card">
      <p>
        <strong>{absenceName(absence.type.key, absence.type.label)}</strong> · {absenceDates(absence)}
      </p>
      <p>
        <span class={`status ${absence.status}`}>{t.status[absence.status]}</span>
      </p>
      <Problem error={action.error} />
      {cancellable && (
        <ConfirmButton
          label={t.requests.cancelAbsence}
          ariaLabel={`${t.requests.cancelAbsence}: ${what}`}
          question={t.confirm.cancelAbsence(what)}
          yes={t.confirm.yesCancel}
          busy={action.busy}
          onConfirm={() =>
            action.run(async () => {
              await post(`/absences/${absence.id}/cancel`)
              props.onDone(t.requests.cancelled)
            })
          }
        />
      )}
    </li>
  )
}

function RequestAbsence(props: {
  types: Schemas['AbsenceType'][]
  firstDay: string
  onDone: () => void
  onCancel: () => void
}) {
  const t = words.value
  const me = person.value!
  const today = localDate(serviceNow())
  // Vacation on the next working day: what most requests are, so that filling the dates alone asks for it.
  const [type, setType] = useState(() => firstType(props.types))
  const [start, setStart] = useState(props.firstDay)
  const [end, setEnd] = useState(props.firstDay)
  const [hourly, setHourly] = useState(false)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const action = useAction()
  const chosen = props.types.find((k) => k.key === type)
  const byHours = hourly && chosen?.allows_hourly
  return (
    <form
      class="stack card"
      onSubmit={(event) => {
        event.preventDefault()
        void action.run(async () => {
          await post('/absences', {
            user_id: me.id,
            type,
            start_date: start,
            end_date: byHours ? start : end,
            ...(byHours ? { start_time: from, end_time: to } : {}),
          })
          props.onDone()
        })
      }}
    >
      <h3>{t.requests.newAbsence}</h3>
      <Select label={t.requests.type} value={type} onChange={setType}>
        {props.types.map((k) => (
          <option key={k.key} value={k.key}>
            {absenceName(k.key, k.label)}
          </option>
        ))}
      </Select>
      {chosen?.allows_hourly && (
        <label class="check">
          <input type="checkbox" checked={hourly} onChange={(e) => setHourly(e.currentTarget.checked)} />{' '}
          {t.requests.byHours}
        </label>
      )}
      <Field
        label={byHours ? t.requests.day : t.requests.from}
        type="date"
        required
        min={today}
        value={start}
        onInput={(e) => {
          const next = e.currentTarget.value
          setStart(next)
          // A first day after the last one moves the last one with it.
          if (next > end) setEnd(next)
        }}
      />
      {byHours ? (
        <>
          <Field
            label={t.requests.startTime}
            type="time"
            required
            value={from}
            onInput={(e) => setFrom(e.currentTarget.value)}
          />
          <Field
            label={t.requests.endTime}
            type="time"
            required
            value={to}
            onInput={(e) => setTo(e.currentTarget.value)}
          />
        </>
      ) : (
        <Field
          label={t.requests.to}
          type="date"
          required
          min={start}
          value={end}
          onInput={(e) => setEnd(e.currentTarget.value)}
        />
      )}
      <Problem error={action.error} />
      <FormButtons submit={t.requests.send} busy={action.busy} onCancel={props.onCancel} />
    </form>
  )
}

type PunchAt = Pick<Schemas['PunchLogEntry'], 'type' | 'ts'>

/**
 * The punches the corrections move, by id, from their employees' punch logs around the days they
 * are moved to (a punch is moved within a day or two), so that a change reads "Clock-out 17:05 →
 * 17:30". One read per employee.
 */
export async function movedPunches(corrections: Correction[]): Promise<Map<string, PunchAt>> {
  const days = new Map<string, string[]>()
  for (const c of corrections)
    for (const change of c.changes as { action: string; ts?: string }[])
      if (change.action === 'move' && change.ts)
        days.set(c.user_id, [...(days.get(c.user_id) ?? []), localDate(new Date(change.ts))])
  const found = new Map<string, PunchAt>()
  await Promise.all(
    [...days].map(async ([userId, dates]) => {
      dates.sort()
      const range = {
        user_id: userId,
        from: addDays(dates[0]!, -1),
        to: addDays(dates[dates.length - 1]!, 1),
        page_size: 100,
      }
      const log = await get<{ data: Schemas['PunchLogEntry'][] }>(`/attendance/punches${query(range)}`)
      for (const p of log.data) found.set(p.id, p)
    }),
  )
  return found
}

/** A correction's changes in words: "Adds Clock-out on Tue 3 Nov 18:15", "Clock-out on Tue 6 Oct: 17:05 → 17:30". */
export function changesOf(correction: Correction, moved: Map<string, PunchAt> = new Map()): string[] {
  const t = words.value
  return correction.changes.map((change: any) => {
    const when = change.ts ? `${dayOf(localDate(new Date(change.ts)))} ${timeOf(change.ts)}` : ''
    if (change.action === 'add') return t.correction.addsPunch(t.punch[change.type as 'in'], when)
    const punch = moved.get(change.punch_id)
    if (change.action === 'move' && punch)
      return t.correction.movedFromTo(
        t.punch[punch.type],
        dayOf(localDate(new Date(punch.ts))),
        timeOf(punch.ts),
        timeOf(change.ts),
      )
    if (change.action === 'move') return t.correction.movesPunch(when)
    return t.correction.voidsPunch
  })
}

/** What a correction changes and why. */
function CorrectionSummary(props: { correction: Correction; moved: Map<string, PunchAt> }) {
  return (
    <>
      <ul>
        {changesOf(props.correction, props.moved).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        {words.value.requests.reason}: {props.correction.reason}
      </p>
    </>
  )
}

function ConsentCard(props: {
  correction: Correction
  moved: Map<string, PunchAt>
  proposer: string
  onDone: (message: string) => void
}) {
  const t = words.value
  const { correction } = props
  const action = useAction()
  const [note, setNote] = useState('')
  const decide = (decision: Decision) =>
    action.run(async () => {
      await post(`/attendance/corrections/${correction.id}/decide`, { decision, ...(note ? { note } : {}) })
      props.onDone(decision === 'approved' ? t.requests.accepted : t.requests.rejected)
    })
  return (
    <div class="card">
      <p class="proposer">{props.proposer}</p>
      <CorrectionSummary correction={correction} moved={props.moved} />
      <Field
        label={t.requests.note}
        hint={t.requests.noteHint}
        maxLength={1000}
        value={note}
        onInput={(e) => setNote(e.currentTarget.value)}
      />
      <Problem error={action.error} />
      <ConfirmDecision
        approve={t.requests.accept}
        reject={t.requests.reject}
        about={changesOf(correction, props.moved).join('; ')}
        ask={{
          approved: { question: t.confirm.accept, yes: t.confirm.yesAccept },
          rejected: { question: t.confirm.refuse, yes: t.confirm.yesRefuse },
        }}
        busy={action.busy}
        onDecide={decide}
      />
    </div>
  )
}

function CorrectionCard(props: {
  correction: Correction
  moved: Map<string, PunchAt>
  onDone: (message: string) => void
}) {
  const t = words.value
  const { correction } = props
  const action = useAction()
  return (
    <li class="card">
      <CorrectionSummary correction={correction} moved={props.moved} />
      <p>
        <span class={`status ${correction.status}`}>{t.status[correction.status]}</span>
        {correction.decision_note ? ` · ${correction.decision_note}` : ''}
      </p>
      <Problem error={action.error} />
      {correction.status === 'pending' && (
        <ConfirmButton
          label={t.requests.withdraw}
          ariaLabel={`${t.requests.withdraw}: ${changesOf(correction, props.moved).join('; ')}`}
          question={t.confirm.withdraw}
          yes={t.confirm.yesWithdraw}
          busy={action.busy}
          onConfirm={() =>
            action.run(async () => {
              await post(`/attendance/corrections/${correction.id}/cancel`)
              props.onDone(t.requests.withdrawn)
            })
          }
        />
      )}
    </li>
  )
}
