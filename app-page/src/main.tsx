/**
 * The app (docs/decisions/0017-web-app.md): an installable web app at /app for workers and
 * managers, speaking only the public API with the session cookie. Preact renders the screens;
 * signals hold who is signed in, the language and the punches waiting on the phone.
 */
import { render } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { post, whenSignedOut } from './api.js'
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
import { ConnectionState, Link, Loading, Problem, useAction } from './ui.js'
import { type Waiting, followWaiting, waiting } from './waiting.js'

interface Place {
  path: string
  label: (t: typeof words.value) => string
  screen: () => preact.JSX.Element
  shownTo: (p: Person) => boolean
  /** Further addresses of the same screen (its views). */
  also?: readonly string[]
}

const everyone = () => true
/** What waits behind a destination, for its badge. */
const badgeOf: Record<string, (w: Waiting) => number> = {
  '/app/requests': (w) => w.consent,
  '/app/inbox': (w) => w.inbox,
}
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

/**
 * The destinations on a phone's bar, what each person uses most: their own day, and for those who
 * look after others, what waits for them and who is in. The rest is under More.
 */
function onTheBar(me: Person): string[] {
  return seesTeam(me)
    ? ['/app', '/app/days', '/app/inbox', '/app/team']
    : ['/app', '/app/days', '/app/requests', '/app/month']
}

/** A badge: the count to the eye, and to a screen reader after the destination's name. */
function Badge(props: { count: number }) {
  if (props.count <= 0) return null
  return (
    <>
      <span class="count" aria-hidden="true">
        {props.count > 99 ? '99+' : props.count}
      </span>
      <span class="visually-hidden">{words.value.nav.waiting(props.count)}</span>
    </>
  )
}

/**
 * The sections. On a phone, a bar at the bottom with at most five destinations, the last one
 * "More", which opens the rest (Profile and Sign out among them) above the bar; on a desktop
 * (app.css), a column with all of them and Sign out. More is a disclosure button: its list takes
 * the focus when it opens, Escape closes it and gives the focus back, and so does leaving it.
 */
/** One destination, on the bar or under More: its name and what waits there. */
function PlaceItem(props: { place: Place; current: boolean; count: number }) {
  const t = words.value
  return (
    <li>
      <Link href={props.place.path} current={props.current}>
        <span class="label">{props.place.label(t)}</span>
        <Badge count={props.count} />
      </Link>
    </li>
  )
}

function Navigation(props: { places: Place[]; place: Place; bar: string[] }) {
  const t = words.value
  const [open, setOpen] = useState(false)
  const moreButton = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const nav = useRef<HTMLElement>(null)
  const signOut = useAction()
  const counts = waiting.value
  const onBar = props.places.filter((p) => props.bar.includes(p.path))
  const inMore = props.places.filter((p) => !props.bar.includes(p.path))
  const count = (p: Place) => badgeOf[p.path]?.(counts) ?? 0
  const moreCount = inMore.reduce((sum, p) => sum + count(p), 0)
  const currentInMore = inMore.includes(props.place)

  // A destination chosen (or the screen changed otherwise): the list closes.
  useEffect(() => setOpen(false), [props.place.path])
  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLElement>('a, button')?.focus()
    const outside = (event: Event) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const close = () => {
    setOpen(false)
    moreButton.current?.focus()
  }
  return (
    <nav
      ref={nav}
      class="places"
      aria-label={t.nav.label}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault()
          close()
        }
      }}
      onClick={(event) => {
        // A destination of the list chosen, even the screen already shown: the list closes.
        if (open && (event.target as HTMLElement).closest('#more-places a')) setOpen(false)
      }}
      onFocusOut={(event) => {
        // The focus left the sections (Tab past the list, a click elsewhere): the list closes.
        const next = event.relatedTarget as Node | null
        if (open && next && !nav.current?.contains(next)) setOpen(false)
      }}
    >
      <ul class="bar">
        {onBar.map((p) => (
          <PlaceItem key={p.path} place={p} current={p === props.place} count={count(p)} />
        ))}
        <li class="more">
          <button
            ref={moreButton}
            type="button"
            class={currentInMore ? 'current' : undefined}
            aria-expanded={open}
            aria-controls="more-places"
            onClick={() => setOpen(!open)}
          >
            <span class="label">{t.nav.more}</span>
            {currentInMore && <span class="visually-hidden">{t.nav.youAreIn(props.place.label(t))}</span>}
            <Badge count={moreCount} />
          </button>
        </li>
      </ul>
      <div id="more-places" class="more-places" ref={menu} hidden={!open}>
        <ul>
          {inMore.map((p) => (
            <PlaceItem key={p.path} place={p} current={p === props.place} count={count(p)} />
          ))}
          <li>
            <button
              type="button"
              class="sign-out"
              disabled={signOut.busy}
              onClick={() =>
                signOut.run(async () => {
                  await post('/auth/logout')
                  forgetPerson()
                })
              }
            >
              {t.profile.signOut}
            </button>
          </li>
        </ul>
        <Problem error={signOut.error} />
      </div>
    </nav>
  )
}

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
      <Navigation places={places} place={place} bar={onTheBar(me)} />
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
followWaiting()
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/app/sw.js', { scope: '/app' }).catch(() => {})
