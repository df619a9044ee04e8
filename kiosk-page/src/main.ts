/**
 * The kiosk page (docs/decisions/0013-kiosks.md): a shared tablet at the door. Paired once with a
 * device token, it asks for the identifier and PIN on a large keypad, shows the employee's name and
 * state with one button per allowed punch, confirms, and goes back to the start after a few
 * seconds. Every punch goes through the outbox: sent at once when the service answers, kept and
 * sent later, in order and once each, when it does not.
 */
import { type Connection, ONLINE, nextConnection } from '../../page-shared/connection.js'
import { type Queued, type SendOutcome, createOutbox, newKey } from '../../page-shared/outbox.js'
import { type Answer, Busy, Offline, call, deviceToken, serviceError } from './api.js'
import { type Lang, type PunchType, type State, WORDS, type Words, initialLang } from './i18n.js'

const LANG_KEY = 'jornada-kiosk-lang'
const OFFSET_KEY = 'jornada-kiosk-clock-offset'
const ALL_PUNCHES: PunchType[] = ['in', 'out', 'break_start', 'break_end']
/** A confirmation stays this long; a screen left alone goes back to the start after IDLE_MS. */
const MESSAGE_MS = 5000
const IDLE_MS = 30_000

interface Employee {
  name: string
  state: State
  /** When the state began (the last punch), or null before the first. */
  since: string | null
  allowed_punches: PunchType[]
  pin_change_required: boolean
  /** A session left open past the company's maximum (a forgotten clock-out), and its closing correction. */
  left_open_session: { started_at: string; correction_id: string | null; proposed_out_at: string | null } | null
}

/** The paired device, as `GET /kiosk` describes it. */
interface DeviceInfo {
  name: string
  company_name: string
  server_time: string
}

let lang: Lang = initialLang(localStorage.getItem(LANG_KEY), navigator.languages ?? [navigator.language])
let words: Words = WORDS[lang]
/** The link to the service (page-shared/connection.ts): online, offline, or busy and retrying. */
let link: Connection = ONLINE
let retryTimer: number | undefined
let queued = 0
let device: { name: string; company_name: string } | null = null
/** What the service's clock is ahead of this device's: punches are dated by the service's clock. */
let clockOffset = Number(localStorage.getItem(OFFSET_KEY) ?? 0)
let resetTimer: number | undefined
/** Re-renders the current screen (after a change of language). */
let redraw: () => void = () => {}

/**
 * Learns the link from how a call ended: an answer (online), a busy answer, or none (offline).
 * While busy, the kiosk asks again (sends what waits, learns the clock) after the Retry-After.
 */
function learnLink(outcome: 'answered' | Offline): void {
  const next = nextConnection(
    link,
    outcome === 'answered'
      ? { status: 200 }
      : outcome instanceof Busy
        ? { status: 503, code: 'overloaded', retryAfterSeconds: outcome.seconds }
        : { status: 0 },
  )
  // Several calls of one round come back busy together: the retry already due is for them all.
  if (next.state === 'busy' && link.state === 'busy' && retryTimer !== undefined) return
  link = next
  window.clearTimeout(retryTimer)
  retryTimer = undefined
  if (link.state === 'busy' && link.retryInSeconds !== null)
    retryTimer = window.setTimeout(() => {
      retryTimer = undefined
      void keepInTouch()
    }, link.retryInSeconds * 1000)
  renderStatus()
}

/** Who is at the kiosk: cleared when the page goes back to the start. */
let visit: { identifier: string; pin: string; session: string | null } | null = null

// ---- DOM helpers ------------------------------------------------------------------------------

type Child = Node | string | null | undefined | false

function present(children: Child[]): (Node | string)[] {
  return children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false)
}
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | ((event: Event) => void)> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value)
    else if (value === true) element.setAttribute(name, '')
    else if (value !== false) element.setAttribute(name, value)
  }
  element.append(...present(children))
  return element
}

const screen = () => document.getElementById('screen')!

/** Shows a screen and moves the focus to its heading (or first field), so screen readers announce it. */
function show(build: () => Child[], focus?: string): void {
  redraw = () => show(build, focus)
  const main = screen()
  main.replaceChildren(...present(build()))
  renderHeader()
  const target = (focus ? main.querySelector<HTMLElement>(focus) : null) ?? main.querySelector<HTMLElement>('h1')
  target?.focus()
}

function scheduleReset(ms: number): void {
  window.clearTimeout(resetTimer)
  resetTimer = window.setTimeout(start, ms)
}

function serverNow(): Date {
  return new Date(Date.now() + clockOffset)
}

function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString(lang === 'es' ? 'es-ES' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  })
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString(lang === 'es' ? 'es-ES' : 'en-GB', { hour: '2-digit', minute: '2-digit' })
}

// ---- header and status ------------------------------------------------------------------------

function renderHeader(): void {
  document.documentElement.lang = lang
  document.title = device ? `${words.title} · ${device.name}` : words.title
  const header = document.getElementById('top')!
  header.replaceChildren(
    h('div', { class: 'place' }, device ? `${device.company_name} · ${device.name}` : words.title),
    h('div', { class: 'clock', id: 'clock', 'aria-hidden': 'true' }, timeOf(serverNow().toISOString())),
    h(
      'button',
      {
        type: 'button',
        class: 'lang',
        lang: lang === 'es' ? 'en' : 'es',
        'aria-label': words.languageLabel,
        onclick: switchLanguage,
      },
      words.language,
    ),
  )
  renderStatus()
}

function renderStatus(): void {
  const status = document.getElementById('status')!
  status.replaceChildren(
    ...present([
      h(
        'span',
        { class: link.state },
        link.state === 'online'
          ? words.online
          : link.state === 'offline'
            ? words.offline
            : link.retryInSeconds === null
              ? words.stillBusy
              : words.busy(link.retryInSeconds),
      ),
      queued > 0 ? h('span', { class: 'queued' }, ` · ${words.queued(queued)}`) : null,
    ]),
  )
}

function switchLanguage(): void {
  lang = lang === 'es' ? 'en' : 'es'
  words = WORDS[lang]
  localStorage.setItem(LANG_KEY, lang)
  redraw()
}

// ---- the keypad -------------------------------------------------------------------------------

/** A numeric field with a large on-screen keypad; the device's own keyboard works too. */
function keypadField(id: string, label: string, secret: boolean, maxLength: number): HTMLElement[] {
  const input = h('input', {
    id,
    name: id,
    type: secret ? 'password' : 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    pattern: '[0-9]*',
    maxlength: String(maxLength),
    required: true,
    class: 'entry',
  })
  return [h('label', { for: id }, label), input]
}

/** The keypad types into the field that last had the focus (the first one at the start). */
function keypad(form: HTMLFormElement): HTMLElement {
  const target = () =>
    (form.querySelector<HTMLInputElement>('input[data-active]') ?? form.querySelector<HTMLInputElement>('input'))!
  form.addEventListener('focusin', (event) => {
    if (!(event.target instanceof HTMLInputElement)) return
    for (const input of form.querySelectorAll('input[data-active]')) input.removeAttribute('data-active')
    event.target.setAttribute('data-active', '')
  })
  const digit = (d: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'key',
        onclick: () => {
          const input = target()
          if (input.value.length < input.maxLength) input.value += d
          scheduleReset(IDLE_MS)
        },
      },
      d,
    )
  return h(
    'div',
    { class: 'keypad', role: 'group', 'aria-label': words.keypad },
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(digit),
    h(
      'button',
      {
        type: 'button',
        class: 'key secondary',
        onclick: () => {
          const input = target()
          input.value = input.value.slice(0, -1)
        },
      },
      words.erase,
    ),
    digit('0'),
    h('button', { type: 'submit', class: 'key primary' }, words.ok),
  )
}

function numericForm(
  fields: HTMLElement[],
  onSubmit: (form: HTMLFormElement) => void,
  extra: Child[] = [],
): HTMLFormElement {
  const form = h('form', { class: 'entry-form', novalidate: true }, ...fields) as HTMLFormElement
  form.append(keypad(form), ...present(extra))
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    onSubmit(form)
  })
  return form
}

const cancelButton = () => h('button', { type: 'button', class: 'cancel', onclick: start }, words.cancel)

// ---- screens ----------------------------------------------------------------------------------

function pairScreen(problem?: string): void {
  show(() => {
    const form = h(
      'form',
      { class: 'pair' },
      h('p', {}, words.pairHelp),
      h('label', { for: 'token' }, words.pairLabel),
      h('input', {
        id: 'token',
        name: 'token',
        type: 'password',
        autocomplete: 'off',
        required: true,
        spellcheck: 'false',
      }),
      problem ? h('p', { class: 'problem', role: 'alert' }, problem) : null,
      h('button', { type: 'submit', class: 'primary wide' }, words.pairButton),
    ) as HTMLFormElement
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void pair((form.elements.namedItem('token') as HTMLInputElement).value.trim())
    })
    return [h('h1', { tabindex: '-1' }, words.pairTitle), form]
  }, '#token')
}

async function pair(token: string): Promise<void> {
  try {
    const answer = await call<{ data: DeviceInfo }>('GET', '/kiosk', undefined, {}, token)
    if (answer.status !== 200) return pairScreen(words.pairFailed)
    deviceToken.set(token)
    learnDevice(answer.body.data)
    start()
  } catch (error) {
    if (error instanceof Offline) return pairScreen(error instanceof Busy ? words.busyTryAgain : words.offline)
    throw error
  }
}

function learnDevice(data: DeviceInfo): void {
  device = { name: data.name, company_name: data.company_name }
  clockOffset = Date.parse(data.server_time) - Date.now()
  localStorage.setItem(OFFSET_KEY, String(clockOffset))
}

/** The start: who are you? */
function start(): void {
  window.clearTimeout(resetTimer)
  visit = null
  if (!deviceToken.get()) {
    pairScreen()
    return
  }
  show(
    () => [
      h('h1', { tabindex: '-1', id: 'prompt' }, words.identifierPrompt),
      numericForm(keypadField('identifier', words.identifierLabel, false, 32), (form) => {
        const identifier = (form.elements.namedItem('identifier') as HTMLInputElement).value.replace(/\D/g, '')
        if (identifier) pinScreen(identifier)
      }),
    ],
    '#identifier',
  )
}

function pinScreen(identifier: string): void {
  scheduleReset(IDLE_MS)
  show(
    () => [
      h('h1', { tabindex: '-1', id: 'prompt' }, words.pinPrompt),
      numericForm(
        keypadField('pin', words.pinLabel, true, 8),
        (form) => {
          const pin = (form.elements.namedItem('pin') as HTMLInputElement).value
          if (/^\d{4,8}$/.test(pin)) void identify(identifier, pin)
        },
        [cancelButton()],
      ),
    ],
    '#pin',
  )
}

async function identify(identifier: string, pin: string): Promise<void> {
  try {
    const answer = await call<{ data: { session: string; employee: Employee } }>('POST', '/kiosk/identify', {
      identifier,
      pin,
    })
    learnLink('answered')
    if (answer.status === 201) {
      visit = { identifier, pin, session: answer.body.data.session }
      const employee: Employee = answer.body.data.employee
      return employee.pin_change_required ? newPinScreen(employee) : employeeScreen(employee)
    }
    return refusal(answer)
  } catch (error) {
    if (!(error instanceof Offline)) throw error
    learnLink(error)
    // Busy, not offline: say so and ask again after the Retry-After, a bounded number of times.
    if (link.state === 'busy' && link.retryInSeconds !== null) return busyScreen(identifier, pin, link.retryInSeconds)
    // The PIN cannot be checked here: the punch is queued with it, and the service judges it.
    visit = { identifier, pin, session: null }
    offlineScreen()
  }
}

/**
 * The service is busy: the person is told, and their identifier and PIN are sent again after the
 * Retry-After. Cancel, or the idle reset, goes back to the start and stops it. Once the retries run
 * out, the punch can still be chosen and waits on the tablet.
 */
function busyScreen(identifier: string, pin: string, seconds: number): void {
  scheduleReset(IDLE_MS)
  visit = { identifier, pin, session: null }
  const waitingFor = visit
  show(() => [
    h('h1', { tabindex: '-1' }, words.busyTitle),
    h('p', { class: 'note', role: 'status' }, words.busyRetrying(seconds)),
    cancelButton(),
  ])
  window.setTimeout(() => {
    // Only if the same person is still waiting (not cancelled, not gone back to the start).
    if (visit === waitingFor) void identify(identifier, pin)
  }, seconds * 1000)
}

/** The message of a refusal, in the page's language where the page knows the case. */
function refusalText(answer: Answer): string {
  const error = serviceError(answer.body)
  const code = error?.code
  const wait = answer.retryAfter ?? 60
  switch (code) {
    case 'kiosk_credentials_invalid':
      return words.wrongCredentials
    case 'kiosk_locked':
      return words.locked(Math.ceil(wait / 60))
    case 'kiosk_throttled':
      return words.throttled(wait)
    case 'kiosk_session_expired':
      return words.sessionExpired
    default:
      return `${words.refused} ${error?.message ?? answer.status}`
  }
}

function refusal(answer: Answer): void {
  if (answer.status === 401 && serviceError(answer.body)?.code === 'unauthenticated') unpaired()
  else message(refusalText(answer), 'problem')
}

function unpaired(): void {
  deviceToken.clear()
  pairScreen(words.unpaired)
}

function message(text: string, kind: 'done' | 'problem' | 'saved'): void {
  show(
    () => [
      // Every screen has its heading, for those who move through a page by its headings.
      h('h1', { class: 'visually-hidden' }, words.title),
      h(
        'p',
        { class: `message ${kind}`, role: kind === 'problem' ? 'alert' : 'status', tabindex: '-1', id: 'message' },
        text,
      ),
      h('button', { type: 'button', class: 'primary wide', onclick: start }, words.ok),
    ],
    '#message',
  )
  scheduleReset(kind === 'problem' ? 2 * MESSAGE_MS : MESSAGE_MS)
}

function employeeScreen(employee: Employee, note?: string): void {
  scheduleReset(IDLE_MS)
  show(() => [
    h('h1', { tabindex: '-1' }, words.hello(employee.name)),
    note ? h('p', { class: 'message done', role: 'status' }, note) : null,
    h(
      'p',
      { class: `state ${employee.state}` },
      employee.since && employee.state !== 'not_working'
        ? words.stateSince(words.state[employee.state], timeOf(employee.since))
        : words.state[employee.state],
    ),
    h('div', { class: 'punches' }, ...employee.allowed_punches.map((type) => punchButton(type))),
    cancelButton(),
  ])
}

/**
 * A forgotten clock-out, told after the punch was recorded (a session left open never stops one:
 * every day's start and end are recorded, art. 34.9 ET). The worker accepts the company's proposal
 * here, or asks HR (who then proposes the real time).
 */
function leftOpenScreen(employee: Employee, open: NonNullable<Employee['left_open_session']>, recorded: string): void {
  scheduleReset(IDLE_MS)
  const proposal =
    open.correction_id && open.proposed_out_at ? { id: open.correction_id, out: open.proposed_out_at } : null
  show(() => [
    // Room on a phone for what matters: the heading is for screen readers and heading navigation.
    h('h1', { class: 'visually-hidden', tabindex: '-1' }, words.hello(employee.name)),
    h('p', { class: 'message done', role: 'status' }, recorded),
    h('p', { class: 'problem', role: 'alert' }, words.leftOpen(dayOf(open.started_at), timeOf(open.started_at))),
    proposal
      ? h('p', { class: 'note' }, words.leftOpenProposal(dayOf(proposal.out), timeOf(proposal.out)))
      : h('p', { class: 'note' }, words.leftOpenAskHr),
    h(
      'div',
      { class: 'punches' },
      proposal &&
        h(
          'button',
          { type: 'button', class: 'punch out', onclick: () => void acceptClosing(proposal.id) },
          words.acceptClosing(timeOf(proposal.out)),
        ),
      h('button', { type: 'button', class: 'wide', onclick: () => message(words.askedHr, 'saved') }, words.askHr),
    ),
    // The punch is recorded: leaving is no cancelling.
    h('button', { type: 'button', class: 'wide', onclick: start }, words.ok),
  ])
}

async function acceptClosing(correctionId: string): Promise<void> {
  if (!visit?.session) return start()
  try {
    const answer = await call<{ data: { status: string } }>(
      'POST',
      `/kiosk/corrections/${encodeURIComponent(correctionId)}/accept`,
      { session: visit.session },
    )
    if (answer.status === 200) return message(words.closingAccepted, 'done')
    refusal(answer)
  } catch (error) {
    if (!(error instanceof Offline)) throw error
    learnLink(error)
    message(error instanceof Busy ? words.busyTryAgain : words.offline, 'problem')
  }
}

function offlineScreen(): void {
  scheduleReset(IDLE_MS)
  show(() => [
    h('h1', { tabindex: '-1' }, words.offline),
    h('p', { class: 'note' }, words.offlineChoose),
    h('div', { class: 'punches' }, ...ALL_PUNCHES.map((type) => punchButton(type))),
    cancelButton(),
  ])
}

function punchButton(type: PunchType): HTMLElement {
  return h('button', { type: 'button', class: `punch ${type}`, onclick: () => void punch(type) }, words.punch[type])
}

function newPinScreen(employee: Employee, problem?: string): void {
  scheduleReset(IDLE_MS)
  show(
    () => [
      h('h1', { tabindex: '-1' }, words.newPinTitle),
      h('p', { class: 'note' }, `${words.hello(employee.name)}. ${words.newPinHelp}`),
      problem ? h('p', { class: 'problem', role: 'alert' }, problem) : null,
      numericForm(
        [
          ...keypadField('new_pin', words.newPinLabel, true, 8),
          ...keypadField('repeat_pin', words.repeatPinLabel, true, 8),
        ],
        (form) => {
          const first = (form.elements.namedItem('new_pin') as HTMLInputElement).value
          const second = (form.elements.namedItem('repeat_pin') as HTMLInputElement).value
          if (!second && first) return (form.elements.namedItem('repeat_pin') as HTMLInputElement).focus()
          if (first !== second) return newPinScreen(employee, words.pinsDiffer)
          void changePin(employee, first)
        },
        [cancelButton()],
      ),
    ],
    '#new_pin',
  )
}

async function changePin(employee: Employee, newPin: string): Promise<void> {
  if (!visit?.session) return start()
  try {
    const answer = await call<{ data: { employee: Employee } }>('POST', '/kiosk/pin', {
      session: visit.session,
      new_pin: newPin,
    })
    if (answer.status === 200) {
      visit.pin = newPin
      return employeeScreen(answer.body.data.employee)
    }
    if (answer.status === 400) {
      const error = serviceError(answer.body)
      return newPinScreen(employee, error?.details?.[0]?.message ?? error?.message)
    }
    refusal(answer)
  } catch (error) {
    if (!(error instanceof Offline)) throw error
    learnLink(error)
    message(error instanceof Busy ? words.busyTryAgain : words.offline, 'problem')
  }
}

// ---- punching through the outbox --------------------------------------------------------------

interface KioskPunchRequest {
  identifier: string
  pin: string
  type: PunchType
  ts: string
}
type QueuedPunch = Queued<KioskPunchRequest>
/** A locked identifier holds back its own later punches only. */
const outbox = createOutbox<KioskPunchRequest>('jornada-kiosk', (body) => body.identifier)

/** What became of each punch sent in this page's life, by Idempotency-Key. */
const outcomes = new Map<string, { ts: string; type: PunchType; employee: Employee } | { refused: string }>()

async function send(punch: QueuedPunch): Promise<SendOutcome> {
  try {
    const answer = await call<{ data: { ts: string; type: PunchType; employee: Employee } }>(
      'POST',
      '/kiosk/punches',
      punch.body,
      { 'idempotency-key': punch.idempotencyKey },
    )
    learnLink('answered')
    if (answer.status === 201) {
      const { ts, type, employee } = answer.body.data
      outcomes.set(punch.idempotencyKey, { ts, type, employee })
      return 'sent'
    }
    const code = serviceError(answer.body)?.code
    // Not for good. A locked identifier holds its own punches back until the lock runs out; the
    // device revoked (the punch waits for a new pairing), slowed or rate limited, or the same
    // request still running, holds every punch back.
    if (code === 'kiosk_locked') return 'hold'
    if (
      answer.status === 429 ||
      (answer.status === 401 && code === 'unauthenticated') ||
      code === 'idempotency_key_in_use'
    )
      return 'later'
    outcomes.set(punch.idempotencyKey, { refused: refusalText(answer) })
    return 'refused'
  } catch (error) {
    if (!(error instanceof Offline)) throw error
    learnLink(error)
    return 'later'
  }
}

async function sendWaiting(): Promise<void> {
  await outbox.flush(send)
  queued = (await outbox.waiting()).length
  renderStatus()
}

async function punch(type: PunchType): Promise<void> {
  if (!visit) return start()
  const queuedPunch: QueuedPunch = {
    idempotencyKey: newKey(),
    body: { identifier: visit.identifier, pin: visit.pin, type, ts: serverNow().toISOString() },
  }
  await outbox.enqueue(queuedPunch)
  await sendWaiting()
  const outcome = outcomes.get(queuedPunch.idempotencyKey)
  if (!outcome) {
    const what = words.punch[type]
    const at = timeOf(queuedPunch.body.ts)
    return message(
      link.state === 'busy' ? words.savedBusy(what, at, link.retryInSeconds) : words.savedOffline(what, at),
      'saved',
    )
  }
  if ('refused' in outcome) return message(outcome.refused, 'problem')
  const recorded = words.recorded(words.punch[outcome.type], timeOf(outcome.ts))
  // Recorded; a session left open earlier is told now, with the company's proposal to close it.
  const open = outcome.employee.left_open_session
  if (open) return leftOpenScreen(outcome.employee, open, recorded)
  message(recorded, 'done')
}

// ---- keeping in touch -------------------------------------------------------------------------

/** Learns the service's clock, whether it answers, and sends what waits. */
async function keepInTouch(): Promise<void> {
  if (!deviceToken.get()) return
  try {
    const answer = await call<{ data: DeviceInfo }>('GET', '/kiosk')
    learnLink('answered')
    if (answer.status === 200) learnDevice(answer.body.data)
    else if (answer.status === 401) return unpaired()
  } catch (error) {
    if (!(error instanceof Offline)) throw error
    learnLink(error)
  }
  await sendWaiting()
}

function tick(): void {
  const clock = document.getElementById('clock')
  if (clock) clock.textContent = timeOf(serverNow().toISOString())
}

async function boot(): Promise<void> {
  renderHeader()
  if (deviceToken.get()) await keepInTouch()
  start()
  window.setInterval(tick, 1000)
  window.setInterval(() => void keepInTouch(), 15_000)
  window.addEventListener('online', () => void keepInTouch())
  document.addEventListener('keydown', () => {
    if (visit) scheduleReset(IDLE_MS)
  })
}

void boot()
