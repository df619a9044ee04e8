/**
 * Company (docs/decisions/0019-representatives-and-record-export.md): the two pages a workers'
 * representative reads for the whole company, the month's totals per person and the month's
 * overtime with its compensation. Administrators and HR have them too. The service decides whose
 * rows each caller sees.
 */
import { useEffect, useState } from 'preact/hooks'
import { get, query, type Schemas, serviceNow } from '../api.js'
import { addMonths, duration, localDate, monthName } from '../format.js'
import { words } from '../i18n/index.js'
import { monthParam, navigate, path } from '../router.js'
import { Link, Loading, Screen, ScrollRegion, useLoad } from '../ui.js'
import { MonthSwitcher, readsToDate } from './my-days.js'

export const COMPANY_PATHS = ['/app/company', '/app/company/overtime']

export function Company() {
  const t = words.value
  const overtime = path.value.replace(/\/+$/, '') === '/app/company/overtime'
  const here = overtime ? '/app/company/overtime' : '/app/company'
  // Overtime is counted once a month has ended: that view shows ended months only.
  const current = localDate(serviceNow()).slice(0, 7)
  const lastEnded = addMonths(current, -1)
  const [month, setMonth] = useState(() => monthParam() ?? (overtime ? lastEnded : current))
  // A tab carries the month in its address.
  useEffect(() => {
    const asked = monthParam()
    if (asked) setMonth(asked)
  }, [here])
  const changeMonth = (next: string) => {
    setMonth(next)
    navigate(`${here}?month=${next}`, true)
  }
  const overtimeMonth = month > lastEnded ? lastEnded : month
  return (
    <Screen title={overtime ? t.company.overtimeTitle : t.company.totalsTitle}>
      <nav aria-label={t.company.views} class="tabs">
        <ul>
          <li>
            <Link href={`/app/company?month=${month}`} current={!overtime}>
              {t.company.totalsTab}
            </Link>
          </li>
          <li>
            <Link href={`/app/company/overtime?month=${overtimeMonth}`} current={overtime}>
              {t.company.overtimeTab}
            </Link>
          </li>
        </ul>
      </nav>
      <MonthSwitcher month={month} onChange={changeMonth} />
      {overtime ? <OvertimeReport month={month} /> : <Totals month={month} />}
    </Screen>
  )
}

function Totals(props: { month: string }) {
  const t = words.value
  const data = useLoad(
    async () =>
      (await get<{ data: Schemas['CompanyReport'] }>(`/attendance/reports/company${query({ month: props.month })}`))
        .data,
    [props.month],
  )
  const file = (format: 'pdf' | 'csv') => `/api/v1/attendance/reports/company${query({ month: props.month, format })}`
  if (!data.data) return <Loading error={data.error} />
  const report = data.data
  // Part-timers' complementary hours apart from overtime (art. 12.4.c ET), in a month that has any.
  const complementary = report.totals.complementary_minutes > 0
  // A month not over yet: expected and balance to date, its days still to come planned, not owed.
  const toDate = readsToDate(props.month)
  return (
    <>
      <p class="hint">{t.company.totalsHint}</p>
      {toDate && <p class="hint">{t.days.toDateHint}</p>}
      <ScrollRegion label={`${t.company.totalsTitle}: ${monthName(props.month)}`}>
        <table class="record stacked">
          <thead>
            <tr>
              <th scope="col">{t.team.person}</th>
              <th scope="col">{t.days.worked}</th>
              <th scope="col">{toDate ? t.days.expectedToDate : t.company.expected}</th>
              <th scope="col">{toDate ? t.days.balanceToDate : t.days.balance}</th>
              <th scope="col">{t.team.overtime}</th>
              {complementary && <th scope="col">{t.month.complementary}</th>}
              <th scope="col">{t.company.daysWorked}</th>
            </tr>
          </thead>
          <tbody>
            {report.employees.map((row) => (
              <tr key={row.user_id}>
                <th scope="row">{row.full_name}</th>
                <TotalsCells row={row} toDate={toDate} complementary={complementary} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.company.total(report.employees.length)}</th>
              <TotalsCells row={report.totals} toDate={toDate} complementary={complementary} />
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      <div class="row">
        <a class="button secondary" href={file('pdf')} download={`jornada-${props.month}-company.pdf`}>
          {t.company.pdf}
        </a>
        <a class="button secondary" href={file('csv')} download={`jornada-${props.month}-company.csv`}>
          {t.company.csv}
        </a>
      </div>
    </>
  )
}

type TotalsRow = Schemas['CompanyReport']['totals']

/**
 * A person's (or the total's) figures of the month, each cell carrying its column's name for a
 * phone, where the table reads as cards (app.css `.stacked`).
 */
function TotalsCells(props: { row: TotalsRow; toDate: boolean; complementary: boolean }) {
  const t = words.value
  const { row, toDate } = props
  return (
    <>
      <td class="num" data-label={t.days.worked}>
        {duration(row.worked_minutes)}
      </td>
      <td class="num" data-label={toDate ? t.days.expectedToDate : t.company.expected}>
        {duration(toDate ? row.expected_to_date_minutes : row.expected_minutes)}
      </td>
      <td class="num" data-label={toDate ? t.days.balanceToDate : t.days.balance}>
        {duration(toDate ? row.balance_to_date_minutes : row.balance_minutes, true)}
      </td>
      <td class="num" data-label={t.team.overtime}>
        {duration(row.overtime_minutes)}
      </td>
      {props.complementary && (
        <td class="num" data-label={t.month.complementary}>
          {duration(row.complementary_minutes)}
        </td>
      )}
      <td class="num" data-label={t.company.daysWorked}>
        {row.worked_days}
      </td>
    </>
  )
}

function OvertimeReport(props: { month: string }) {
  const t = words.value
  const data = useLoad(
    async () =>
      (await get<{ data: Schemas['OvertimeReport'] }>(`/overtime/reports/monthly${query({ month: props.month })}`))
        .data,
    [props.month],
  )
  if (!data.data) return <Loading error={data.error} />
  const report = data.data
  if (report.employees.length === 0) return <p class="empty">{t.company.noOvertime}</p>
  return (
    <>
      <p class="hint">{t.company.overtimeHint}</p>
      <p class="hint">{t.company.capHint}</p>
      <ScrollRegion label={`${t.company.overtimeTitle}: ${monthName(props.month)}`}>
        <table class="record stacked">
          <thead>
            <tr>
              <th scope="col">{t.team.person}</th>
              <th scope="col">{t.company.pending}</th>
              <th scope="col">{t.company.approved}</th>
              <th scope="col">{t.company.byRest}</th>
              <th scope="col">{t.company.byPay}</th>
              <th scope="col">{t.company.owed}</th>
              <th scope="col">{t.company.cap}</th>
            </tr>
          </thead>
          <tbody>
            {report.employees.map((row) => (
              <tr key={row.user_id}>
                <th scope="row">{row.full_name}</th>
                <td class="num" data-label={t.company.pending}>
                  {duration(row.pending_minutes)}
                </td>
                <td class="num" data-label={t.company.approved}>
                  {duration(row.approved_minutes)}
                </td>
                <td class="num" data-label={t.company.byRest}>
                  {duration(row.rest_minutes)}
                </td>
                <td class="num" data-label={t.company.byPay}>
                  {duration(row.pay_minutes)}
                </td>
                <td data-label={t.company.owed}>
                  <span class="num">{duration(row.owed_minutes)}</span>
                  {row.overdue_minutes > 0 && (
                    <span class="badge">{t.company.overdue(duration(row.overdue_minutes))}</span>
                  )}
                </td>
                <td data-label={t.company.cap}>
                  {t.company.capOf(duration(row.year_counted_toward_cap_minutes), duration(row.cap_minutes))}
                  {row.year_at_risk_minutes > 0 && (
                    <span class="badge">{t.company.atRisk(duration(row.year_at_risk_minutes))}</span>
                  )}
                  {row.year_over_cap_minutes > 0 && (
                    <span class="badge problem">{t.company.overCap(duration(row.year_over_cap_minutes))}</span>
                  )}
                  {row.violation_minutes > 0 && (
                    <span class="badge problem">{t.company.violation(duration(row.violation_minutes))}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div class="row">
        <a
          class="button secondary"
          href={`/api/v1/overtime/reports/monthly${query({ month: props.month, format: 'csv' })}`}
          download={`jornada-${props.month}-overtime.csv`}
        >
          {t.company.csv}
        </a>
      </div>
    </>
  )
}
