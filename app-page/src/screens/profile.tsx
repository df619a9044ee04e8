/**
 * Profile: my own fields (those a person keeps up to date themselves), notifications on this phone, what I
 * am reminded of and how, my password, my kiosk PIN, my passkeys, where I am signed in (end a session), my
 * personal keys, and signing out.
 */
import { useState } from 'preact/hooks'
import { ApiError, api, get, post, query, type Schemas } from '../api.js'
import { dayOf, localDate, timeOf } from '../format.js'
import { words } from '../i18n/index.js'
import { PushOnThisPhone, turnOffPush } from '../push.js'
import { ReminderChoices } from '../reminders.js'
import { forgetPerson, person } from '../session.js'
import { Done, Field, Loading, Problem, Said, Screen, useAction, useLoad } from '../ui.js'
import { createCredential, passkeysAvailable } from '../webauthn.js'

/**
 * The fields a person may change of themselves, most used first: their own non-HR fields
 * (docs/decisions/0002-tenants-keys-and-permissions.md), personal data that only they, HR and
 * administrators read (docs/decisions/0014-privacy-and-visibility.md).
 */
const OWN_FIELDS = ['phone_personal', 'personal_email', 'address', 'city', 'postal_code', 'iban'] as const
type OwnField = (typeof OWN_FIELDS)[number]

const when = (instant: string) => `${dayOf(localDate(new Date(instant)))} ${timeOf(instant)}`

export function Profile() {
  const t = words.value
  const action = useAction()
  return (
    <Screen title={t.profile.title}>
      <OwnFields />
      <PushOnThisPhone />
      <ReminderChoices />
      <PasswordChange />
      <KioskPin />
      <Passkeys />
      <Sessions />
      <PersonalKeys />
      <section class="card">
        <Problem error={action.error} />
        <button
          type="button"
          class="secondary wide"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              // The next person signing in on this phone must not get this person's reminders.
              await turnOffPush().catch(() => {})
              await post('/auth/logout')
              forgetPerson()
            })
          }
        >
          {t.profile.signOut}
        </button>
      </section>
    </Screen>
  )
}

function OwnFields() {
  const t = words.value
  const me = person.value!
  const user = useLoad(() => get<{ data: Schemas['UserFull'] }>(`/users/${me.id}`), [])
  const [edits, setEdits] = useState<Partial<Record<OwnField, string>>>({})
  const [saved, setSaved] = useState(false)
  const action = useAction()
  if (!user.data) return <Loading error={user.error} />
  const profile = user.data.data.profile as unknown as Record<string, string | null>
  const value = (field: OwnField) => edits[field] ?? profile[field] ?? ''
  return (
    <form
      class="card stack"
      aria-labelledby="own-title"
      onSubmit={(event) => {
        event.preventDefault()
        void action.run(async () => {
          const changed = Object.fromEntries(Object.entries(edits).map(([field, v]) => [field, v === '' ? null : v]))
          await api('PATCH', `/users/${me.id}`, changed)
          setEdits({})
          setSaved(true)
          user.reload()
        })
      }}
    >
      <h2 id="own-title">{t.profile.ownFields}</h2>
      <p>
        {user.data.data.full_name} · {user.data.data.email}
      </p>
      {OWN_FIELDS.map((field) => (
        <Field
          key={field}
          label={t.profile.field[field]}
          type={field === 'personal_email' ? 'email' : field === 'phone_personal' ? 'tel' : 'text'}
          autocomplete={
            field === 'phone_personal'
              ? 'tel'
              : field === 'personal_email'
                ? 'email'
                : field === 'postal_code'
                  ? 'postal-code'
                  : 'off'
          }
          value={value(field)}
          onInput={(e) => {
            setSaved(false)
            setEdits({ ...edits, [field]: e.currentTarget.value })
          }}
        />
      ))}
      {saved && <Done>{t.saved}</Done>}
      <Problem error={action.error} />
      <button type="submit" class="primary" disabled={action.busy || Object.keys(edits).length === 0}>
        {t.save}
      </button>
    </form>
  )
}

function PasswordChange() {
  const t = words.value
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [changed, setChanged] = useState(false)
  const action = useAction()
  return (
    <form
      class="card stack"
      aria-labelledby="password-title"
      onSubmit={(event) => {
        event.preventDefault()
        void action.run(async () => {
          await post('/me/password', { current_password: current, password: next })
          setCurrent('')
          setNext('')
          setChanged(true)
        })
      }}
    >
      <h2 id="password-title">{t.profile.password}</h2>
      <Field
        label={t.profile.currentPassword}
        type="password"
        autocomplete="current-password"
        required
        value={current}
        onInput={(e) => setCurrent(e.currentTarget.value)}
      />
      <Field
        label={t.profile.newPassword}
        hint={t.choosePassword.rules}
        type="password"
        autocomplete="new-password"
        required
        minLength={8}
        value={next}
        onInput={(e) => setNext(e.currentTarget.value)}
      />
      {changed && <Done>{t.profile.passwordChanged}</Done>}
      <Problem error={action.error} />
      <button type="submit" class="primary" disabled={action.busy}>
        {t.profile.changePassword}
      </button>
    </form>
  )
}

/**
 * My kiosk PIN (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): the one way to a PIN
 * nobody else has known. Shows my identifier and whether I have a PIN, never the PIN.
 */
function KioskPin() {
  const t = words.value
  const state = useLoad(() => get<{ data: Schemas['OwnKioskPin'] }>('/me/kiosk-pin'), [])
  const [pin, setPin] = useState('')
  const [saved, setSaved] = useState(false)
  const action = useAction()
  const data = state.data?.data
  return (
    <form
      class="card stack"
      aria-labelledby="kiosk-pin-title"
      onSubmit={(event) => {
        event.preventDefault()
        void action.run(async () => {
          await api('PUT', '/me/kiosk-pin', { pin })
          setPin('')
          setSaved(true)
          state.reload()
        })
      }}
    >
      <h2 id="kiosk-pin-title">{t.profile.kioskPin}</h2>
      {!data ? (
        <Loading error={state.error} />
      ) : data.identifier === null ? (
        <p>{t.profile.kioskNoIdentifier}</p>
      ) : (
        <>
          <p>{t.profile.kioskIdentifier(data.identifier)}</p>
          <p class="hint">
            {!data.pin_set
              ? t.profile.kioskNoPin
              : data.pin_change_required
                ? t.profile.kioskTemporaryPin
                : t.profile.kioskPinSet}
          </p>
          <Field
            label={t.profile.newKioskPin}
            hint={t.profile.kioskPinRules}
            type="password"
            inputMode="numeric"
            autocomplete="off"
            pattern="[0-9]{4,8}"
            minLength={4}
            maxLength={8}
            required
            value={pin}
            onInput={(e) => {
              setSaved(false)
              setPin(e.currentTarget.value.replace(/\D/g, ''))
            }}
          />
          {saved && <Done>{t.profile.kioskPinSaved}</Done>}
          <Problem error={action.error} />
          <button type="submit" class="primary" disabled={action.busy || pin.length < 4}>
            {data.pin_set ? t.profile.changeKioskPin : t.profile.setKioskPin}
          </button>
        </>
      )}
    </form>
  )
}

/**
 * Adding a passkey or a key from a sign-in older than 10 minutes needs the current password
 * (`recent_sign_in_required`): the field appears once the service has asked for it.
 */
function StepUpPassword(props: { error: unknown; value: string; onInput: (value: string) => void }) {
  const t = words.value
  const asked = props.error instanceof ApiError && props.error.code === 'recent_sign_in_required'
  if (!asked && props.value === '') return null
  return (
    <Field
      label={t.profile.currentPassword}
      hint={t.profile.stepUpHint}
      type="password"
      autocomplete="current-password"
      value={props.value}
      onInput={(e) => props.onInput(e.currentTarget.value)}
    />
  )
}

function Passkeys() {
  const t = words.value
  const list = useLoad(() => get<{ data: Schemas['Passkey'][] }>('/auth/passkeys'), [])
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const action = useAction()
  return (
    <section class="card stack" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t.profile.passkeys}</h2>
      <p class="hint">{t.profile.passkeysExplained}</p>
      {!list.data ? (
        <Loading error={list.error} />
      ) : (
        <ul class="items">
          {list.data.data.map((p) => (
            <li key={p.id}>
              <span>
                {p.name} · {t.profile.lastUsed(p.last_used_at ? when(p.last_used_at) : t.profile.never)}
              </span>
              <button
                type="button"
                class="secondary small"
                aria-label={`${t.remove}: ${p.name}`}
                onClick={() =>
                  action.run(async () => {
                    await api('DELETE', `/auth/passkeys/${p.id}`)
                    list.reload()
                  })
                }
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeysAvailable() && (
        <form
          class="stack"
          onSubmit={(event) => {
            event.preventDefault()
            void action.run(async () => {
              const options = await post<{ data: Record<string, unknown> }>(
                '/auth/passkeys/registration/options',
                password ? { current_password: password } : undefined,
              )
              let credential: Record<string, unknown>
              try {
                credential = await createCredential(options.data)
              } catch {
                throw new Said(t.profile.passkeyCancelled)
              }
              await post('/auth/passkeys/registration/verify', { ...credential, ...(name ? { name } : {}) })
              setName('')
              setPassword('')
              list.reload()
            })
          }}
        >
          <Field
            label={t.profile.passkeyName}
            hint={t.profile.passkeyNameHint}
            maxLength={100}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <StepUpPassword error={action.error} value={password} onInput={setPassword} />
          <button type="submit" class="secondary" disabled={action.busy}>
            {t.profile.addPasskey}
          </button>
        </form>
      )}
      <Problem error={action.error} />
    </section>
  )
}

function Sessions() {
  const t = words.value
  const list = useLoad(() => get<{ data: Schemas['Session'][] }>('/auth/sessions'), [])
  const action = useAction()
  return (
    <section class="card stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t.profile.sessions}</h2>
      {!list.data ? (
        <Loading error={list.error} />
      ) : (
        <ul class="items">
          {list.data.data.map((s) => (
            <li key={s.id}>
              <span>
                {s.current ? (
                  <strong>{t.profile.thisDevice}</strong>
                ) : (
                  (s.user_agent ?? t.profile.unknownDevice).slice(0, 60)
                )}{' '}
                · {t.profile.lastSeen(when(s.last_seen_at))}
              </span>
              {!s.current && (
                <button
                  type="button"
                  class="secondary small"
                  aria-label={`${t.profile.endSession}: ${when(s.last_seen_at)}`}
                  onClick={() =>
                    action.run(async () => {
                      await api('DELETE', `/auth/sessions/${s.id}`)
                      list.reload()
                    })
                  }
                >
                  {t.profile.endSession}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Problem error={action.error} />
    </section>
  )
}

function PersonalKeys() {
  const t = words.value
  const me = person.value!
  const list = useLoad(
    () => get<{ data: Schemas['ApiKey'][] }>(`/keys${query({ acts_as_user_id: me.id, page_size: 100 })}`),
    [],
  )
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [created, setCreated] = useState<string | null>(null)
  const action = useAction()
  const keys = list.data?.data.filter((k) => k.personal && k.revoked_at === null) ?? []
  return (
    <section class="card stack" aria-labelledby="keys-title">
      <h2 id="keys-title">{t.profile.keys}</h2>
      <p class="hint">{t.profile.keysExplained}</p>
      {!list.data ? (
        <Loading error={list.error} />
      ) : (
        <ul class="items">
          {keys.map((k) => (
            <li key={k.id}>
              <span>
                {k.name} · {t.profile.lastUsed(k.last_used_at ? when(k.last_used_at) : t.profile.never)}
              </span>
              <button
                type="button"
                class="secondary small"
                aria-label={`${t.profile.revoke}: ${k.name}`}
                onClick={() =>
                  action.run(async () => {
                    await post(`/keys/${k.id}/revoke`)
                    list.reload()
                  })
                }
              >
                {t.profile.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      {created && (
        <div class="done" role="status">
          <p>{t.profile.keyShownOnce}</p>
          <code class="secret">{created}</code>
        </div>
      )}
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault()
          void action.run(async () => {
            const key = await post<{ data: Schemas['CreatedApiKey'] }>('/keys', {
              name,
              ...(password ? { current_password: password } : {}),
            })
            setCreated(key.data.api_key)
            setName('')
            setPassword('')
            list.reload()
          })
        }}
      >
        <Field
          label={t.profile.keyName}
          required
          maxLength={100}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <StepUpPassword error={action.error} value={password} onInput={setPassword} />
        <button type="submit" class="secondary" disabled={action.busy}>
          {t.profile.createKey}
        </button>
      </form>
      <Problem error={action.error} />
    </section>
  )
}
