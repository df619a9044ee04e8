/**
 * Team month: each visible employee's month as the summary counts it, with the overtime proposed
 * for it, and the month's anomalies one by one (a supervisor's team, or everyone for HR).
 */
import { useState } from 'preact/hooks'
import { getAll, type Schemas, serviceNow } from '../api.js'
import { dayOf, duration, lastDayOf, localDate, monthName } from '../format.js'
import { words } from '../i18n/index.js'
import { Loading, Screen, ScrollRegion, useLoad } from '../ui.js'
import { MonthSwitcher, readsToDate } from './my-days.js'

export function TeamMonth() {
  const t = words.value
  const [month, setMonth] = useState(() => localDate(serviceNow()).slice(0, 7))
  const data = useLoad(async () => {
    const [rows, lots] = await Promise.all([
      getAll<Schemas['AttendanceSummaryRow']>('/attendance/summary', {
        from: `${month}-01`,
        to: lastDayOf(month),
        status: 'active',
      }),
      getAll<Schemas['OvertimeLot']>('/overtime/lots', { from: month, to: month }),
    ])
    // After the summary, not beside it: both are costly, and a key runs only a few such at once.
    const anomalies = await getAll<Schemas['AttendanceAnomalyRow']>('/attendance/anomalies', {
      from: `${month}-01`,
      to: lastDayOf(month),
    })
    const overtime = new Map<string, number>()
    for (const lot of lots) overtime.set(lot.user_id, (overtime.get(lot.user_id) ?? 0) + lot.minutes)
    return { rows, overtime, anomalies }
  }, [month])
  // A month not over yet: its days still to come are planned, not owed.
  const toDate = readsToDate(month)
  return (
    <Screen title={t.team.monthTitle}>
      <MonthSwitcher month={month} onChange={setMonth} />
      {!data.data ? (
        <Loading error={data.error} />
      ) : (
        <ScrollRegion label={`${t.team.monthTitle}: ${monthName(month)}`}>
          <table class="record stacked">
            <thead>
              <tr>
                <th scope="col">{t.team.person}</th>
                <th scope="col">{t.days.worked}</th>
                <th scope="col">{toDate ? t.days.balanceToDate : t.days.balance}</th>
                <th scope="col">{t.team.overtime}</th>
                <th scope="col">{t.team.anomalies}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.rows.map((r) => (
                <tr key={r.user_id}>
                  <th scope="row">{r.full_name}</th>
                  <td class="num" data-label={t.days.worked}>
                    {duration(r.worked_minutes)}
                  </td>
                  <td class="num" data-label={toDate ? t.days.balanceToDate : t.days.balance}>
                    {duration(toDate ? r.balance_to_date_minutes : r.balance_minutes, true)}
                  </td>
                  <td class="num" data-label={t.team.overtime}>
                    {data.data!.overtime.has(r.user_id) ? duration(data.data!.overtime.get(r.user_id)!) : '—'}
                  </td>
                  <td class="num" data-label={t.team.anomalies}>
                    {r.anomaly_count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {data.data && toDate && <p class="hint">{t.days.toDateHint}</p>}
      {data.data && (
        <section aria-labelledby="team-anomalies">
          <h2 id="team-anomalies">{t.team.anomaliesTitle}</h2>
          {data.data.anomalies.length === 0 ? (
            <p>{t.team.noAnomalies}</p>
          ) : (
            <ScrollRegion label={t.team.anomaliesTitle}>
              <table class="record stacked">
                <thead>
                  <tr>
                    <th scope="col">{t.team.day}</th>
                    <th scope="col">{t.team.person}</th>
                    <th scope="col">{t.team.anomalies}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.anomalies.map((a, i) => (
                    <tr key={`${a.user_id}-${a.date}-${a.type}-${i}`}>
                      <td class="num" data-label={t.team.day}>
                        {dayOf(a.date, { day: 'numeric', month: 'short' })}
                      </td>
                      <th scope="row">{a.full_name}</th>
                      <td class="text" data-label={t.team.anomalies}>
                        {t.days.anomaly[a.type]}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </section>
      )}
    </Screen>
  )
}
