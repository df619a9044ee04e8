/** Team month: each visible employee's month as the summary counts it, with the overtime proposed for it. */
import { useState } from 'preact/hooks'
import { getAll, type Schemas, serviceNow } from '../api.js'
import { duration, lastDayOf, localDate, monthName } from '../format.js'
import { words } from '../i18n/index.js'
import { Loading, Screen, ScrollRegion, useLoad } from '../ui.js'
import { MonthSwitcher } from './my-days.js'

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
    const overtime = new Map<string, number>()
    for (const lot of lots) overtime.set(lot.user_id, (overtime.get(lot.user_id) ?? 0) + lot.minutes)
    return { rows, overtime }
  }, [month])
  return (
    <Screen title={t.team.monthTitle}>
      <MonthSwitcher month={month} onChange={setMonth} />
      {!data.data ? (
        <Loading error={data.error} />
      ) : (
        <ScrollRegion label={`${t.team.monthTitle}: ${monthName(month)}`}>
          <table class="record">
            <thead>
              <tr>
                <th scope="col">{t.team.person}</th>
                <th scope="col">{t.days.worked}</th>
                <th scope="col">{t.days.balance}</th>
                <th scope="col">{t.team.overtime}</th>
                <th scope="col">{t.team.anomalies}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.rows.map((r) => (
                <tr key={r.user_id}>
                  <th scope="row">{r.full_name}</th>
                  <td>{duration(r.worked_minutes)}</td>
                  <td>{duration(r.balance_minutes, true)}</td>
                  <td>{data.data!.overtime.has(r.user_id) ? duration(data.data!.overtime.get(r.user_id)!) : '—'}</td>
                  <td>{r.anomaly_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Screen>
  )
}
