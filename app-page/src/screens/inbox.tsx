/**
 * Inbox (supervisors, HR, administrators): the absences and the corrections waiting for my
 * decision, each with who else of the team is away on those days, approved or rejected in one tap.
 * It lists what I see (docs/decisions/0014-privacy-and-visibility.md) and may decide (deciding.ts,
 * as the service rules it): an administrator sees everyone's requests but decides only those of
 * the people below them, unless in HR.
 */
import { useState } from 'preact/hooks'
import { getAll, post, type Schemas, serviceNow } from '../api.js'
import { localDate } from '../format.js'
import { words } from '../i18n/index.js'
import { person } from '../session.js'
import { ConfirmDecision } from '../confirm.js'
import { absenceName, absenceTypes } from '../labels.js'
import { type Decision, Done, LoadingScreen, Problem, Screen, useAction, useLoad } from '../ui.js'
import { absencesToDecide, correctionsToDecide, managersOf } from '../deciding.js'
import { inboxRange } from '../waiting.js'
import { absenceDates, changesOf, movedPunches } from './requests.js'

type Absence = Schemas['Absence']
type Correction = Schemas['AttendanceCorrection']

export function Inbox() {
  const t = words.value
  const me = person.value!
  const today = localDate(serviceNow())
  const data = useLoad(async () => {
    const range = inboxRange(today)
    const [pending, approved, corrections, people] = await Promise.all([
      getAll<Absence>('/absences', { ...range, status: 'pending' }),
      getAll<Absence>('/absences', { ...range, status: 'approved' }),
      getAll<Correction>('/attendance/corrections', { status: 'pending' }),
      // The directory names them; for those who are not HR, its full form (which everyone may read)
      // also says who reports to whom, the chain that says whose requests are mine to decide.
      getAll<{ id: string; full_name: string; manager_id?: string | null }>(
        '/users',
        me.isHr ? {} : { detail: 'full' },
      ),
      // Names the absences' types in the person's language.
      absenceTypes().catch(() => []),
    ])
    const managers = me.isHr ? null : managersOf(people)
    const absences = absencesToDecide(pending, me, managers)
    // Waiting for me: what an employee proposed on their own record (others' proposals wait for the employee).
    const toDecide = correctionsToDecide(corrections, me, managers)
    const away = approved.filter((o) => absences.some((a) => o.start_date <= a.end_date && o.end_date >= a.start_date))
    const names = new Map(people.map((p) => [p.id, p.full_name]))
    const moved = await movedPunches(toDecide)
    return { absences, away, corrections: toDecide, names, moved }
  }, [])
  const [said, setSaid] = useState<string | null>(null)
  if (!data.data) return <LoadingScreen title={t.inbox.title} error={data.error} />
  const { absences, away, corrections, names, moved } = data.data
  const done = (message: string) => {
    setSaid(message)
    data.reload()
  }
  return (
    <Screen title={t.inbox.title}>
      {said && <Done>{said}</Done>}
      {absences.length === 0 && corrections.length === 0 && <p>{t.inbox.empty}</p>}
      {absences.length > 0 && (
        <section aria-labelledby="inbox-absences">
          <h2 id="inbox-absences">{t.inbox.absences}</h2>
          <ul class="cards">
            {absences.map((a) => {
              const alsoAway = away.filter(
                (o) => o.user_id !== a.user_id && o.start_date <= a.end_date && o.end_date >= a.start_date,
              )
              return (
                <DecisionCard
                  key={a.id}
                  path={`/absences/${a.id}/decide`}
                  title={`${names.get(a.user_id) ?? a.user_id} · ${absenceName(a.type.key, a.type.label)}`}
                  lines={[absenceDates(a)]}
                  note={
                    alsoAway.length
                      ? t.inbox.alsoAway(alsoAway.map((o) => names.get(o.user_id) ?? o.user_id).join(', '))
                      : t.inbox.nobodyAway
                  }
                  onDone={done}
                />
              )
            })}
          </ul>
        </section>
      )}
      {corrections.length > 0 && (
        <section aria-labelledby="inbox-corrections">
          <h2 id="inbox-corrections">{t.inbox.corrections}</h2>
          <ul class="cards">
            {corrections.map((c) => (
              <DecisionCard
                key={c.id}
                path={`/attendance/corrections/${c.id}/decide`}
                title={names.get(c.user_id) ?? c.user_id}
                lines={[...changesOf(c, moved), `${t.requests.reason}: ${c.reason}`]}
                onDone={done}
              />
            ))}
          </ul>
        </section>
      )}
    </Screen>
  )
}

function DecisionCard(props: {
  path: string
  title: string
  lines: string[]
  note?: string
  onDone: (message: string) => void
}) {
  const t = words.value
  const action = useAction()
  const decide = (decision: Decision) =>
    action.run(async () => {
      await post(props.path, { decision })
      props.onDone(decision === 'approved' ? t.inbox.approved(props.title) : t.inbox.rejected(props.title))
    })
  return (
    <li class="card">
      <p>
        <strong>{props.title}</strong>
      </p>
      {props.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {props.note && <p class="hint">{props.note}</p>}
      <Problem error={action.error} />
      {/* A decision cannot be taken back: asked once more. */}
      <ConfirmDecision
        approve={t.inbox.approve}
        reject={t.inbox.reject}
        about={props.title}
        ask={{
          approved: { question: t.confirm.approve(props.title), yes: t.confirm.yesApprove },
          rejected: { question: t.confirm.reject(props.title), yes: t.confirm.yesReject },
        }}
        busy={action.busy}
        onDecide={decide}
      />
    </li>
  )
}
