/**
 * The front door: a password, a passkey, or the company's single sign-on; the forgotten password;
 * and the page an invitation or a reset link opens, where the person chooses a password.
 */
import { useState } from 'preact/hooks'
import { ApiError, type ErrorDetail, post } from '../api.js'
import { words } from '../i18n/index.js'
import { navigate, param } from '../router.js'
import { loadPerson, rememberedCompany } from '../session.js'
import { Done, Field, Problem, Said, Screen, useAction } from '../ui.js'
import { getCredential, passkeysAvailable } from '../webauthn.js'

async function signedIn(): Promise<void> {
  await loadPerson()
  navigate('/app', true)
}

/** The company whose single sign-on to offer: the link's `?company=`, or the one last signed in to here. */
function ssoCompany(refusal: unknown): { id: string; name: string | null } | null {
  if (refusal instanceof ApiError && refusal.code === 'sso_required') {
    const id = refusal.details.find((d) => d.field === 'tenant_id')?.value
    if (id) return { id, name: null }
  }
  const linked = param('company')
  if (linked) return { id: linked, name: null }
  const remembered = rememberedCompany()
  return remembered?.sso ? { id: remembered.id, name: remembered.name } : null
}

export function SignIn() {
  const t = words.value
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // Always offered: the service gives a remembered session only when the company allows it, and an
  // ordinary one otherwise (the sign-in screen does not know the company yet).
  const [remember, setRemember] = useState(false)
  const [companies, setCompanies] = useState<ErrorDetail[] | null>(null)
  const [forgot, setForgot] = useState(false)
  const action = useAction()

  const signIn = (tenantId?: string) =>
    action.run(async () => {
      try {
        await post(
          '/auth/login',
          { email, password, ...(tenantId ? { tenant_id: tenantId } : {}), ...(remember ? { remember } : {}) },
          { signingIn: true },
        )
      } catch (error) {
        if (error instanceof ApiError && error.code === 'tenant_choice_required') {
          setCompanies(error.details)
          return
        }
        throw error
      }
      await signedIn()
    })

  const withPasskey = () =>
    action.run(async () => {
      const options = await post<{ data: Record<string, unknown> }>(
        '/auth/passkeys/login/options',
        {},
        { signingIn: true },
      )
      let credential: Record<string, unknown>
      try {
        credential = await getCredential(options.data)
      } catch {
        throw new Said(t.signIn.passkeyCancelled)
      }
      await post(
        '/auth/passkeys/login/verify',
        { ...credential, ...(remember ? { remember } : {}) },
        { signingIn: true },
      )
      await signedIn()
    })

  if (forgot) return <ForgotPassword initialEmail={email} back={() => setForgot(false)} />
  const sso = ssoCompany(action.error)

  if (companies)
    return (
      <Screen title={t.signIn.chooseCompany}>
        <p>{t.signIn.chooseCompanyWhy}</p>
        <ul class="choices">
          {companies.map((company) => (
            <li key={company.value}>
              <button type="button" class="secondary wide" disabled={action.busy} onClick={() => signIn(company.value)}>
                {company.message}
              </button>
            </li>
          ))}
        </ul>
        <Problem error={action.error} />
      </Screen>
    )

  return (
    <Screen title={t.signIn.title}>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault()
          void signIn()
        }}
      >
        <Field
          label={t.signIn.email}
          type="email"
          autocomplete="username webauthn"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        <Field
          label={t.signIn.password}
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        <label class="check">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            aria-describedby="remember-hint"
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />{' '}
          {t.signIn.remember}
        </label>
        <p id="remember-hint" class="hint">
          {t.signIn.rememberHint}
        </p>
        <Problem error={action.error} />
        <button type="submit" class="primary wide" disabled={action.busy}>
          {t.signIn.submit}
        </button>
      </form>
      <div class="stack other-ways">
        {passkeysAvailable() && (
          <button type="button" class="secondary wide" disabled={action.busy} onClick={withPasskey}>
            {t.signIn.passkey}
          </button>
        )}
        {sso && (
          <a class="button secondary wide" href={`/auth/oidc/start?tenant_id=${encodeURIComponent(sso.id)}`}>
            {sso.name ? t.signIn.ssoOf(sso.name) : t.signIn.sso}
          </a>
        )}
        <button type="button" class="link" onClick={() => setForgot(true)}>
          {t.signIn.forgot}
        </button>
      </div>
    </Screen>
  )
}

function ForgotPassword(props: { initialEmail: string; back: () => void }) {
  const t = words.value
  const [email, setEmail] = useState(props.initialEmail)
  const [sent, setSent] = useState(false)
  const action = useAction()
  return (
    <Screen title={t.forgot.title}>
      {sent ? (
        <Done>{t.forgot.sent(email)}</Done>
      ) : (
        <form
          class="stack"
          onSubmit={(event) => {
            event.preventDefault()
            void action.run(async () => {
              await post('/auth/password-reset', { email }, { signingIn: true })
              setSent(true)
            })
          }}
        >
          <p>{t.forgot.explain}</p>
          <Field
            label={t.signIn.email}
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <Problem error={action.error} />
          <button type="submit" class="primary wide" disabled={action.busy}>
            {t.forgot.submit}
          </button>
        </form>
      )}
      <button type="button" class="link" onClick={props.back}>
        {t.forgot.back}
      </button>
    </Screen>
  )
}

/** The page of an invitation or a reset link: the token is in the address's fragment, never sent to a server log. */
export function ChoosePassword(props: { kind: 'invitation' | 'password-reset' }) {
  const t = words.value
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const action = useAction()
  const title = props.kind === 'invitation' ? t.choosePassword.welcome : t.choosePassword.title
  if (!token)
    return (
      <Screen title={title}>
        <p class="problem" role="alert">
          {t.choosePassword.noToken}
        </p>
        <a class="button secondary" href="/app">
          {t.choosePassword.toSignIn}
        </a>
      </Screen>
    )
  return (
    <Screen title={title}>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault()
          setMismatch(password !== repeat)
          if (password !== repeat) return
          void action.run(async () => {
            await post('/auth/password-reset/complete', { token, password }, { signingIn: true })
            await signedIn()
          })
        }}
      >
        <p>{t.choosePassword.rules}</p>
        <Field
          label={t.choosePassword.password}
          type="password"
          autocomplete="new-password"
          required
          minLength={8}
          maxLength={256}
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        <Field
          label={t.choosePassword.repeat}
          type="password"
          autocomplete="new-password"
          required
          value={repeat}
          error={mismatch ? t.choosePassword.mismatch : null}
          onInput={(e) => setRepeat(e.currentTarget.value)}
        />
        <Problem error={action.error} />
        <button type="submit" class="primary wide" disabled={action.busy}>
          {t.choosePassword.submit}
        </button>
      </form>
    </Screen>
  )
}
