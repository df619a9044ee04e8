/** Team now: who is in, on a break, out or away, as the service sees it this moment; refreshed every half minute. */
import { useEffect } from 'preact/hooks'
import { getAll, type Schemas } from '../api.js'
import { timeOf } from '../format.js'
import { words } from '../i18n/index.js'
import { Loading, Screen, useLoad } from '../ui.js'

type Row = Schemas['PresenceRow']
const ORDER: Row['state'][] = ['in', 'on_break', 'out', 'absent', 'holiday', 'off']

export function TeamNow() {
  const t = words.value
  const now = useLoad(async () => ({ data: await getAll<Row>('/attendance/now', {}) }), [])
  useEffect(() => {
    const timer = setInterval(now.reload, 30_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <Screen
      title={t.team.nowTitle}
      actions={
        <button type="button" class="secondary" onClick={now.reload}>
          {t.refresh}
        </button>
      }
    >
      {!now.data ? (
        <Loading error={now.error} />
      ) : (
        ORDER.map((state) => {
          const rows = now.data!.data.filter((r) => r.state === state)
          if (rows.length === 0) return null
          return (
            <section key={state} aria-labelledby={`state-${state}`}>
              <h2 id={`state-${state}`}>
                {t.team.state[state]} ({rows.length})
              </h2>
              <ul class="people">
                {rows.map((r) => (
                  <li key={r.user_id}>
                    <span class={`dot ${state}`} aria-hidden="true" />
                    {r.full_name}
                    {r.since && <span class="hint"> · {t.team.since(timeOf(r.since))}</span>}
                    {r.modality === 'remote' && <span class="badge">{t.team.remote}</span>}
                  </li>
                ))}
              </ul>
            </section>
          )
        })
      )}
    </Screen>
  )
}
