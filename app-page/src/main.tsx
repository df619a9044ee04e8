/**
 * The app (docs/decisions/0017-web-app.md): an installable web app at /app for workers and
 * managers, speaking only the public API with the session cookie. Preact renders the screens;
 * signals hold who is signed in, the language and the punches waiting on the phone.
 */
import { render } from 'preact'
import { useEffect } from 'preact/hooks'
import { whenSignedOut } from './api.js'
import { followTheService } from './connection.js'
import { chooseLanguage, language, words } from './i18n/index.js'
import { keepSending, sendWaiting, waitingPunches } from './punches.js'
import { path } from './router.js'
import { Inbox } from './screens/inbox.js'
import { MyDays } from './screens/my-days.js'
import { MyMonth } from './screens/my-month.js'
import { COMPANY_PATHS, Company } from './screens/company.js'
import { People } from './screens/people.js'
import { Profile } from './screens/profile.js'
import { Requests } from './screens/requests.js'
import { ChoosePassword, SignIn } from './screens/sign-in.js'
import { TeamMonth } from './screens/team-month.js'
import { TeamNow } from './screens/team-now.js'
import { Today } from './screens/today.js'
import { forgetPerson, loadPerson, type Person, person, seesCompany, seesTeam } from './session.js'
import { ConnectionState, Link, Loading } from './ui.js'

interface Place {
  path: string
  label: (t: typeof words.value) => string
  screen: () => preact.JSX.Element
  shownTo: (p: Person) => boolean
  /** Further addresses of the same screen (its views). */
  also?: readonly string[]
}

const everyone = () => true
const PLACES: Place[] = [
  { path: '/app', label: (t) => t.nav.today, screen: Today, shownTo: everyone },
  { path: '/app/days', label: (t) => t.nav.days, screen: MyDays, shownTo: everyone },
  { path: '/app/requests', label: (t) => t.nav.requests, screen: Requests, shownTo: everyone },
  { path: '/app/month', label: (t) => t.nav.month, screen: MyMonth, shownTo: everyone },
  { path: '/app/inbox', label: (t) => t.nav.inbox, screen: Inbox, shownTo: seesTeam },
  { path: '/app/team', label: (t) => t.nav.teamNow, screen: TeamNow, shownTo: seesTeam },
  { path: '/app/team-month', label: (t) => t.nav.teamMonth, screen: TeamMonth, shownTo: seesTeam },
  { path: '/app/people', label: (t) => t.nav.people, screen: People, shownTo: (p) => p.role === 'admin' },
  { path: '/app/company', label: (t) => t.nav.company, screen: Company, shownTo: seesCompany, also: COMPANY_PATHS },
  { path: '/app/profile', label: (t) => t.nav.profile, screen: Profile, shownTo: everyone },
]

function LanguageSwitch() {
  const t = words.value
  const other = language.value === 'es' ? 'en' : 'es'
  return (
    <button type="button" class="link language" lang={other} onClick={() => chooseLanguage(other)}>
      {t.otherLanguage}
    </button>
  )
}

function App() {
  const t = words.value
  const me = person.value
  const current = path.value.replace(/\/+$/, '') || '/app'
  useEffect(() => {
    document.documentElement.lang = language.value
  }, [language.value])

  if (current === '/app/invitation' || current === '/app/password-reset')
    return (
      <Frame>
        <ChoosePassword kind={current === '/app/invitation' ? 'invitation' : 'password-reset'} />
      </Frame>
    )
  if (me === undefined)
    return (
      <Frame>
        <Loading />
      </Frame>
    )
  if (me === null)
    return (
      <Frame>
        <SignIn />
        {waitingPunches.value.length > 0 && <p class="hint">{t.today.waitingSignedOut(waitingPunches.value.length)}</p>}
      </Frame>
    )

  const places = PLACES.filter((p) => p.shownTo(me))
  const place = places.find((p) => p.path === current || p.also?.includes(current)) ?? places[0]!
  const Screen = place.screen
  return (
    <Frame>
      <nav aria-label={t.nav.label}>
        <ul>
          {places.map((p) => (
            <li key={p.path}>
              <Link href={p.path} current={p === place}>
                {p.label(t)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">
        <Screen />
      </main>
    </Frame>
  )
}

function Frame(props: { children: preact.ComponentChildren }) {
  const t = words.value
  const me = person.value
  const signedIn = me !== null && me !== undefined
  return (
    <div class={signedIn ? 'frame signed-in' : 'frame'}>
      <a class="skip" href="#main">
        {t.skip}
      </a>
      <header class="top">
        <p class="brand">Jornada{signedIn && <span class="company"> · {me.companyName}</span>}</p>
        <LanguageSwitch />
      </header>
      <ConnectionState />
      {signedIn ? props.children : <main id="main">{props.children}</main>}
    </div>
  )
}

whenSignedOut(() => {
  // The session ended (signed out elsewhere, expired): back to the sign-in, waiting punches kept.
  forgetPerson()
})

render(<App />, document.getElementById('app')!)
loadPerson().then(
  (found) => found && sendWaiting(),
  () => {
    person.value = null
  },
)
keepSending()
followTheService()
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/app/sw.js', { scope: '/app' }).catch(() => {})
