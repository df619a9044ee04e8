/**
 * Profile's reminders (docs/notifications.md): each kind on or off by mail and on the phone, read
 * from and written to GET/PATCH /me/notifications. A box saves as it is ticked, changing only that
 * kind and channel, so what the person did not touch keeps following the company's defaults.
 */
import { useEffect, useState } from 'preact/hooks'
import { api, get, type Schemas } from './api.js'
import { words } from './i18n/index.js'
import { person, seesTeam } from './session.js'
import { Loading, Problem, useAction } from './ui.js'

type Settings = Schemas['NotificationSettings']
type Kind = keyof Settings['kinds']
type Channel = 'mail' | 'push'

/** In the order of a working day; the digest only to those who decide (supervisors, HR, administrators). */
const KINDS: Kind[] = ['open_session', 'correction_consent', 'month_to_sign', 'rest_deadline', 'approvals_digest']
const CHANNELS: Channel[] = ['mail', 'push']

export function ReminderChoices() {
  const t = words.value
  const [settings, setSettings] = useState<Settings | null>(null)
  const [loadError, setLoadError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const action = useAction()
  useEffect(() => {
    get<{ data: Settings }>('/me/notifications').then((r) => setSettings(r.data), setLoadError)
  }, [])
  const me = person.value
  const kinds = KINDS.filter((k) => k !== 'approvals_digest' || (me && seesTeam(me)))
  const change = (kind: Kind, channel: Channel, on: boolean) =>
    action.run(async () => {
      setSaved(false)
      // Shown at once; the service's answer (or a reload after a refusal) says what holds.
      setSettings((s) => (s ? { ...s, kinds: { ...s.kinds, [kind]: { ...s.kinds[kind], [channel]: on } } } : s))
      try {
        const r = await api<{ data: Settings }>('PATCH', '/me/notifications', { kinds: { [kind]: { [channel]: on } } })
        setSettings(r.data)
        setSaved(true)
      } catch (error) {
        await get<{ data: Settings }>('/me/notifications').then(
          (r) => setSettings(r.data),
          () => {},
        )
        throw error
      }
    })
  return (
    <section class="card stack" aria-labelledby="reminders-title">
      <h2 id="reminders-title">{t.reminders.title}</h2>
      <p class="hint">{t.reminders.explained}</p>
      {settings === null ? (
        <Loading error={loadError} />
      ) : (
        kinds.map((kind) => (
          <fieldset key={kind} class="choices">
            <legend>{t.reminders.kind[kind]}</legend>
            {CHANNELS.map((channel) => (
              <label key={channel} class="check">
                <input
                  type="checkbox"
                  name={`${kind}-${channel}`}
                  checked={settings.kinds[kind][channel]}
                  onChange={(e) => void change(kind, channel, e.currentTarget.checked)}
                />{' '}
                {t.reminders[channel]}
              </label>
            ))}
          </fieldset>
        ))
      )}
      <Problem error={action.error} />
      {/* Always there, so that screen readers announce the change without the focus leaving the box. */}
      <p class="hint" role="status">
        {saved ? t.reminders.saved : ''}
      </p>
    </section>
  )
}
