/**
 * My month: the monthly record as the report gives it (the days, the totals, the corrections),
 * its PDF, "sign my month" once it has ended, and the overtime owed with its deadline.
 */
import { useState } from 'preact/hooks'
import { get, post, query, type Schemas, serviceNow } from '../api.js'
import { ConfirmButton } from '../confirm.js'
import { addMonths, dayOf, duration, localDate, monthName, timeOf } from '../format.js'
import { words } from '../i18n/index.js'
import { absenceName, absenceTypes, holidayName } from '../labels.js'
import { monthParam, navigate } from '../router.js'
import { person } from '../session.js'
import { Done, Loading, Problem, Screen, ScrollRegion, useAction, useLoad } from '../ui.js'
import { MonthFigures, MonthSwitcher, dayBalance } from './my-days.js'

export function MyMonth() {
  const t = words.value
  const me = person.value!
  const current = localDate(serviceNow()).slice(0, 7)
  // The month to sign is the last one that ended.
  const [month, setMonth] = useState(() => monthParam() ?? addMonths(current, -1))
  const data = useLoad(async () => {
    const [report, overtime] = await Promise.all([
      get<{ data: Schemas['MonthlyReport'] }>(`/attendance/reports/monthly${query({ user_id: me.id, month })}`),
      get<{ data: Schemas['OvertimeBalance'] }>(`/overtime/balance${query({ user_id: me.id })}`),
      // Names the absences of the record in the person's language; the record shows without them.
      absenceTypes().catch(() => []),
    ])
    return { report: report.data, overtime: overtime.data }
  }, [month])
  const action = useAction()
  const [signed, setSigned] = useState(false)

  const changeMonth = (next: string) => {
    setMonth(next)
    setSigned(false)
    navigate(`/app/month?month=${next}`, true)
  }
  const pdf = `/api/v1/attendance/reports/monthly${query({ user_id: me.id, month, format: 'pdf' })}`

  return (
    <Screen title={t.month.title}>
      <MonthSwitcher month={month} onChange={changeMonth} />
      {!data.data ? (
        <Loading error={data.error} />
      ) : (
        <>
          <MonthRecord report={data.data.report} />
          <section aria-labelledby="signature-title" class="card">
            <h2 id="signature-title">{t.month.signature}</h2>
            <p>
              {data.data.report.signature === null
                ? t.month.notSigned
                : data.data.report.signature.status === 'valid'
                  ? t.month.signedAt(dayOf(localDate(new Date(data.data.report.signature.signed_at))))
                  : t.month.superseded}
            </p>
            {signed && <Done>{t.month.signedNow}</Done>}
            <Problem error={action.error} />
            <div class="row">
              {month < current && data.data.report.signature?.status !== 'valid' && (
                // A signature cannot be taken back: asked once more, with what it means.
                <ConfirmButton
                  label={t.month.sign}
                  look="primary"
                  question={t.confirm.sign(monthName(month))}
                  yes={t.confirm.yesSign}
                  busy={action.busy}
                  onConfirm={() =>
                    action.run(async () => {
                      await post('/attendance/reports/monthly/sign', { month })
                      setSigned(true)
                      data.reload()
                    })
                  }
                />
              )}
              <a class="button secondary" href={pdf} download={`jornada-${month}.pdf`}>
                {t.month.pdf}
              </a>
            </div>
          </section>
          <Overtime balance={data.data.overtime} />
        </>
      )}
    </Screen>
  )
}

/**
 * A day's balance in the table under "Balance": a day still to come says it is planned. Durations
 * never wrap ("0 h 00 / min"); the word before a planned one may.
 */
function BalanceCell(props: { day: Schemas['MonthlyReport']['days'][number] }) {
  const balance = dayBalance(props.day)
  if (balance.label === words.value.days.balance) return <td class="num">{balance.value}</td>
  return (
    <td>
      {balance.label} <span class="num">{balance.value}</span>
    </td>
  )
}

export function MonthRecord(props: { report: Schemas['MonthlyReport'] }) {
  const t = words.value
  const { report } = props
  const worked = report.days.filter((d) => d.sessions.length > 0 || d.absences.length > 0 || d.holiday)
  return (
    <>
      <MonthFigures report={report} />
      <ScrollRegion label={t.month.daysOf(monthName(report.month))}>
        <table class="record">
          <thead>
            <tr>
              <th scope="col">{t.month.day}</th>
              <th scope="col">{t.month.sessions}</th>
              <th scope="col">{t.days.worked}</th>
              <th scope="col">{t.days.balance}</th>
            </tr>
          </thead>
          <tbody>
            {worked.map((d) => (
              <tr key={d.date}>
                <th scope="row">{dayOf(d.date)}</th>
                <td>
                  {d.sessions.map((s) => `${timeOf(s.start)}–${s.end ? timeOf(s.end) : '…'}`).join(', ')}
                  {d.holiday ? ` ${holidayName(d.holiday)}` : ''}
                  {d.absences.map((a) => ` ${absenceName(a.type, a.label)}`).join('')}
                  {d.corrected ? ` ✎ ${t.days.corrected}` : ''}
                </td>
                <td class="num">{duration(d.worked_minutes)}</td>
                <BalanceCell day={d} />
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  )
}

function Overtime(props: { balance: Schemas['OvertimeBalance'] }) {
  const t = words.value
  const { balance } = props
  return (
    <section aria-labelledby="overtime-title" class="card">
      <h2 id="overtime-title">{t.month.overtime}</h2>
      <dl class="figures">
        <div>
          <dt>{t.month.owedRest}</dt>
          <dd>{duration(balance.owed_rest_minutes)}</dd>
        </div>
        <div>
          <dt>{t.month.owedPay}</dt>
          <dd>{duration(balance.owed_pay_minutes)}</dd>
        </div>
        <div>
          <dt>{t.month.pending}</dt>
          <dd>{duration(balance.pending_minutes)}</dd>
        </div>
        <div>
          <dt>{t.month.cap(balance.year)}</dt>
          <dd>{t.month.capOf(duration(balance.counted_toward_cap_minutes), duration(balance.cap_minutes))}</dd>
        </div>
      </dl>
      {balance.next_deadline && (
        <p>{t.month.deadline(dayOf(balance.next_deadline, { day: 'numeric', month: 'long', year: 'numeric' }))}</p>
      )}
      {balance.overdue_minutes > 0 && (
        <p class="problem" role="alert">
          {t.month.overdue(duration(balance.overdue_minutes))}
        </p>
      )}
      {/* What the annual cap (art. 35.2 ET) and the ban on minors' overtime (art. 6.3 ET) flag. */}
      {balance.at_risk_minutes > 0 && <p>{t.month.atRisk(duration(balance.at_risk_minutes))}</p>}
      {balance.over_cap_minutes > 0 && (
        <p class="problem" role="alert">
          {t.month.overCap(duration(balance.over_cap_minutes), duration(balance.cap_minutes))}
        </p>
      )}
      {/* A part-timer's complementary hours against their pact (art. 12.5 ET): flagged, never refused. */}
      {balance.complementary_minutes > 0 && (
        <p>
          {t.month.complementaryOf(
            duration(balance.complementary_minutes),
            duration(balance.complementary_limit_minutes),
          )}
        </p>
      )}
      {balance.over_pact_minutes > 0 && (
        <p class="problem" role="alert">
          {t.month.overPact(duration(balance.over_pact_minutes))}
        </p>
      )}
      {balance.violation_minutes > 0 && (
        <p class="problem" role="alert">
          {t.month.violation(duration(balance.violation_minutes))}
        </p>
      )}
    </section>
  )
}
