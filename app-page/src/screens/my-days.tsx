/**
 * My days: a month as a calendar (worked, expected and balance per day; absences, holidays,
 * corrected days and days with anomalies marked, each anomaly named with its article), a day's punches with the corrected ones marked, and "propose a
 * correction" from a day. The month is the monthly record the report gives.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { get, post, query, type Schemas, serviceNow } from '../api.js'
import { addDays, addMonths, dayOf, duration, instantOf, localDate, monthName, timeOf } from '../format.js'
import { words } from '../i18n/index.js'
import { absenceName, absenceTypes, holidayName } from '../labels.js'
import type { PunchType } from '../punches.js'
import { monthParam, navigate, param } from '../router.js'
import { person } from '../session.js'
import { Done, Field, FormButtons, Loading, Problem, Screen, Select, useAction, useLoad } from '../ui.js'

export type ReportDay = Schemas['MonthlyReport']['days'][number]

/** Today in the company's zone, by the service's clock. */
export function today(): string {
  return localDate(serviceNow())
}

/** A month not over yet is read to date (docs/app.md): its days still to come are planned, not owed. */
export function readsToDate(month: string): boolean {
  return month >= today().slice(0, 7)
}

/**
 * A day's balance as a person should read it: a day still to come shows what is planned of it, a
 * day under way is not short until it ends (as balance_to_date_minutes counts it).
 */
export function dayBalance(
  day: Pick<ReportDay, 'date' | 'expected_minutes' | 'balance_minutes'>,
  now = today(),
): { label: string; value: string } {
  const t = words.value
  if (day.date > now) return { label: t.days.planned, value: duration(day.expected_minutes) }
  if (day.date === now && day.balance_minutes < 0) return { label: t.days.balance, value: t.days.underWay }
  return { label: t.days.balance, value: duration(day.balance_minutes, true) }
}

/** A month's figures: in a month not over yet, the balance to date beside what is planned for the whole month. */
export function MonthFigures(props: { report: Schemas['MonthlyReport'] }) {
  const t = words.value
  const { report } = props
  const toDate = readsToDate(report.month)
  return (
    <>
      <dl class="figures">
        <div>
          <dt>{t.days.worked}</dt>
          <dd>{duration(report.totals.worked_minutes)}</dd>
        </div>
        <div>
          <dt>{toDate ? t.days.expectedToDate : t.days.expected}</dt>
          <dd>{duration(toDate ? report.expected_to_date_minutes : report.totals.expected_minutes)}</dd>
        </div>
        <div>
          <dt>{toDate ? t.days.balanceToDate : t.days.balance}</dt>
          <dd>{duration(toDate ? report.balance_to_date_minutes : report.totals.balance_minutes, true)}</dd>
        </div>
        {toDate && (
          <div>
            <dt>{t.days.plannedMonth}</dt>
            <dd>{duration(report.totals.expected_minutes)}</dd>
          </div>
        )}
        {/* A part-timer's ordinary and complementary hours apart (art. 12.4.c ET). */}
        {report.totals.complementary_minutes > 0 && (
          <div>
            <dt>{t.month.complementary}</dt>
            <dd>{duration(report.totals.complementary_minutes)}</dd>
          </div>
        )}
      </dl>
      {toDate && <p class="hint">{t.days.toDateHint}</p>}
    </>
  )
}

export function MonthSwitcher(props: { month: string; onChange: (month: string) => void }) {
  const t = words.value
  const current = localDate(serviceNow()).slice(0, 7)
  return (
    <div class="month-switcher">
      <button
        type="button"
        class="secondary"
        onClick={() => props.onChange(addMonths(props.month, -1))}
        aria-label={t.previousMonth}
      >
        ‹
      </button>
      <p aria-live="polite">{monthName(props.month)}</p>
      <button
        type="button"
        class="secondary"
        disabled={props.month >= current}
        onClick={() => props.onChange(addMonths(props.month, 1))}
        aria-label={t.nextMonth}
      >
        ›
      </button>
    </div>
  )
}

/** Hours and minutes in the few characters a calendar cell has: 8 h 39 min is "8:39", 7 min "0:07". */
export function clockDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

function dayLabel(day: ReportDay): string {
  const t = words.value
  const parts = [dayOf(day.date, { weekday: 'long', day: 'numeric', month: 'long' })]
  if (day.holiday) parts.push(holidayName(day.holiday))
  else if (!day.is_workday) parts.push(t.days.dayOff)
  for (const absence of day.absences) parts.push(absenceName(absence.type, absence.label))
  if (day.date > today()) {
    // A day still to come: what is planned of it, nothing worked or owed.
    if (day.expected_minutes > 0) parts.push(`${t.days.planned} ${duration(day.expected_minutes)}`)
  } else if (day.worked_minutes > 0 || day.expected_minutes > 0) {
    const balance = dayBalance(day)
    parts.push(`${t.days.worked} ${duration(day.worked_minutes)}`, `${balance.label} ${balance.value}`)
  }
  if (day.corrected) parts.push(t.days.corrected)
  for (const type of day.anomalies) parts.push(t.days.anomaly[type])
  return parts.join(', ')
}

export function MyDays() {
  const t = words.value
  const me = person.value!
  const [month, setMonth] = useState(() => monthParam() ?? localDate(serviceNow()).slice(0, 7))
  const [selected, setSelected] = useState<string | null>(() => param('day'))
  const report = useLoad(async () => {
    const [answer] = await Promise.all([
      get<{ data: Schemas['MonthlyReport'] }>(`/attendance/reports/monthly${query({ user_id: me.id, month })}`),
      // Names the absences in the person's language; the calendar shows without them.
      absenceTypes().catch(() => []),
    ])
    return answer
  }, [month])
  const changeMonth = (next: string) => {
    setMonth(next)
    setSelected(null)
    navigate(`/app/days?month=${next}`, true)
  }
  const choose = (date: string) => {
    setSelected(date)
    navigate(`/app/days?month=${month}&day=${date}`, true)
  }

  const days = report.data?.data.days ?? []
  // Weeks from Monday: blanks before the first day.
  const lead = days.length ? (new Date(`${days[0]!.date}T12:00:00Z`).getUTCDay() + 6) % 7 : 0
  const cells: (ReportDay | null)[] = [...Array(lead).fill(null), ...days]
  const weeks: (ReportDay | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  const weekdays = Array.from({ length: 7 }, (_, i) => dayOf(addDays('2026-11-02', i), { weekday: 'narrow' }))
  const day = days.find((d) => d.date === selected)
  const now = today()

  return (
    <Screen title={t.days.title}>
      <MonthSwitcher month={month} onChange={changeMonth} />
      {!report.data ? (
        <Loading error={report.error} />
      ) : (
        <>
          <table class="calendar">
            <caption class="visually-hidden">{monthName(month)}</caption>
            <thead>
              <tr>
                {weekdays.map((w, i) => (
                  <th scope="col" key={i} abbr={dayOf(addDays('2026-11-02', i), { weekday: 'long' })}>
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((d, i) =>
                    d ? (
                      <td key={d.date}>
                        <button
                          type="button"
                          class={[
                            'day',
                            d.holiday ? 'holiday' : '',
                            d.absences.length ? 'absent' : '',
                            !d.is_workday ? 'off' : '',
                            d.balance_minutes < 0 && d.date < now ? 'short' : '',
                            d.date === now ? 'today' : '',
                          ].join(' ')}
                          aria-pressed={d.date === selected}
                          aria-current={d.date === now ? 'date' : undefined}
                          onClick={() => choose(d.date)}
                        >
                          <span class="number">{Number(d.date.slice(8))}</span>
                          {d.worked_minutes > 0 && <span class="worked">{clockDuration(d.worked_minutes)}</span>}
                          {d.corrected && (
                            <span class="mark" aria-hidden="true">
                              ✎
                            </span>
                          )}
                          {d.anomalies.length > 0 && (
                            <span class="mark anomaly" aria-hidden="true">
                              !
                            </span>
                          )}
                          {/* What a screen reader says of the day, after what the button shows. */}
                          <span class="visually-hidden">, {dayLabel(d)}</span>
                        </button>
                      </td>
                    ) : (
                      <td key={`blank-${i}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <p class="legend">{t.days.legend}</p>
          <MonthFigures report={report.data.data} />
          {day && <DayDetail key={day.date} day={day} onProposed={report.reload} />}
        </>
      )}
    </Screen>
  )
}

function DayDetail(props: { day: ReportDay; onProposed: () => void }) {
  const t = words.value
  const me = person.value!
  const { day } = props
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const log = useLoad(
    () =>
      get<{ data: Schemas['PunchLogEntry'][] }>(
        `/attendance/punches${query({ user_id: me.id, from: day.date, to: day.date, page_size: 100 })}`,
      ),
    [day.date],
  )
  const [proposing, setProposing] = useState(false)
  const [proposed, setProposed] = useState(false)
  const punches = log.data?.data.filter((p) => p.superseded_by === null) ?? []
  return (
    <section class="card" aria-labelledby="day-title">
      {/* The day chosen opens below the calendar: its heading takes the focus, so it is read at once. */}
      <h2 id="day-title" tabIndex={-1} ref={heading}>
        {dayOf(day.date, { weekday: 'long', day: 'numeric', month: 'long' })}
      </h2>
      {day.holiday && <p>{t.days.holiday(holidayName(day.holiday))}</p>}
      {day.absences.map((a) => (
        <p key={a.type + (a.start_time ?? '')}>
          {absenceName(a.type, a.label)}
          {a.start_time ? ` ${a.start_time}–${a.end_time}` : ''}
        </p>
      ))}
      {day.date > today() ? (
        <p>
          {t.days.planned} {duration(day.expected_minutes)}
        </p>
      ) : (
        <p>
          {t.days.worked} {duration(day.worked_minutes)} · {t.days.expected} {duration(day.expected_minutes)} ·{' '}
          {dayBalance(day).label} {dayBalance(day).value}
        </p>
      )}
      {day.anomalies.length > 0 && (
        <>
          <h3>{t.days.anomalies}</h3>
          <ul class="anomalies">
            {day.anomalies.map((type) => (
              <li key={type}>{t.days.anomaly[type]}</li>
            ))}
          </ul>
        </>
      )}
      {!log.data ? (
        <Loading error={log.error} />
      ) : punches.length === 0 ? (
        <p>{t.days.noPunches}</p>
      ) : (
        <ul class="punches">
          {punches.map((p) => (
            <li key={p.id}>
              <span class="time">{timeOf(p.ts)}</span> {t.punch[p.type]}
              {p.correction_id && <span class="badge">{t.days.edited}</span>}
            </li>
          ))}
        </ul>
      )}
      {proposed && <Done>{t.correction.sent}</Done>}
      {proposing ? (
        <ProposeCorrection
          date={day.date}
          punches={punches}
          onDone={() => {
            setProposing(false)
            setProposed(true)
            props.onProposed()
          }}
          onCancel={() => setProposing(false)}
        />
      ) : (
        <button type="button" class="secondary" onClick={() => setProposing(true)}>
          {t.correction.propose}
        </button>
      )}
    </section>
  )
}

function ProposeCorrection(props: {
  date: string
  punches: Schemas['PunchLogEntry'][]
  onDone: () => void
  onCancel: () => void
}) {
  const t = words.value
  const me = person.value!
  const [what, setWhat] = useState<'add' | 'move' | 'void'>(props.punches.length ? 'move' : 'add')
  const [punchId, setPunchId] = useState(props.punches[0]?.id ?? '')
  const [type, setType] = useState<PunchType>('out')
  const [time, setTime] = useState('')
  const [reason, setReason] = useState('')
  const action = useAction()
  // Read when sent: until then the time may be half typed.
  const change = () =>
    what === 'add'
      ? { action: 'add', type, ts: instantOf(props.date, time) }
      : what === 'move'
        ? { action: 'move', punch_id: punchId, ts: instantOf(props.date, time) }
        : { action: 'void', punch_id: punchId }
  return (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault()
        void action.run(async () => {
          await post('/attendance/corrections', { user_id: me.id, reason, changes: [change()] })
          props.onDone()
        })
      }}
    >
      <h3>{t.correction.title}</h3>
      <Select label={t.correction.what} value={what} onChange={(v) => setWhat(v as typeof what)}>
        <option value="add">{t.correction.add}</option>
        {props.punches.length > 0 && <option value="move">{t.correction.move}</option>}
        {props.punches.length > 0 && <option value="void">{t.correction.void}</option>}
      </Select>
      {what === 'add' ? (
        <Select label={t.correction.type} value={type} onChange={(v) => setType(v as PunchType)}>
          {(['in', 'break_start', 'break_end', 'out'] as const).map((p) => (
            <option value={p} key={p}>
              {t.punch[p]}
            </option>
          ))}
        </Select>
      ) : (
        <Select label={t.correction.punch} value={punchId} onChange={setPunchId}>
          {props.punches.map((p) => (
            <option value={p.id} key={p.id}>
              {timeOf(p.ts)} {t.punch[p.type]}
            </option>
          ))}
        </Select>
      )}
      {what !== 'void' && (
        <Field
          label={t.correction.time}
          type="time"
          required
          value={time}
          onInput={(e) => setTime(e.currentTarget.value)}
        />
      )}
      <Field
        label={t.correction.reason}
        hint={t.correction.reasonHint}
        required
        maxLength={1000}
        value={reason}
        onInput={(e) => setReason(e.currentTarget.value)}
      />
      <Problem error={action.error} />
      <FormButtons submit={t.correction.submit} busy={action.busy} onCancel={props.onCancel} />
    </form>
  )
}
