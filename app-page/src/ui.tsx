/** The few pieces every screen is built from: a titled screen, fields, buttons, messages. */
import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, Offline, busyFor } from './api.js'
import { connection, freshness, retryNow } from './connection.js'
import { words } from './i18n/index.js'
import { navigate } from './router.js'

/** A screen: its heading takes the focus when it opens, so a screen reader announces where the person is. */
export function Screen(props: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${props.title} · Jornada`
    heading.current?.focus()
  }, [props.title])
  return (
    <section class="screen" aria-labelledby="screen-title">
      <div class="screen-head">
        <h1 id="screen-title" tabIndex={-1} ref={heading}>
          {props.title}
        </h1>
        {props.actions}
      </div>
      {props.children}
    </section>
  )
}

/** A link inside the app: it changes the screen without loading the page again. */
export function Link(props: { href: string; children: ComponentChildren; class?: string; current?: boolean }) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        navigate(props.href)
      }}
    >
      {props.children}
    </a>
  )
}

let fieldCount = 0
/** A labelled input: the label names it, the hint and the error are read with it. */
export function Field(
  props: { label: string; hint?: string; error?: string | null } & JSX.InputHTMLAttributes<HTMLInputElement>,
) {
  const [id] = useState(() => `field-${++fieldCount}`)
  const { label, hint, error, ...input } = props
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input id={id} aria-describedby={described} aria-invalid={error ? true : undefined} {...input} />
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

export function Select(props: {
  label: string
  value: string
  onChange: (value: string) => void
  children: ComponentChildren
}) {
  const [id] = useState(() => `field-${++fieldCount}`)
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.children}
      </select>
    </div>
  )
}

/** A refusal or a failure, said so that the person knows what to do next. */
export function Problem(props: { error: unknown }) {
  if (!props.error) return null
  return (
    <p class="problem" role="alert">
      {explain(props.error)}
    </p>
  )
}

/**
 * What an action came to. It takes the focus: the button that was pressed may be gone (a decided
 * request leaves the list), and a screen reader reads the message where the person now is.
 */
export function Done(props: { children: ComponentChildren }) {
  const self = useRef<HTMLParagraphElement>(null)
  useEffect(() => self.current?.focus(), [])
  return (
    <p class="done" role="status" tabIndex={-1} ref={self}>
      {props.children}
    </p>
  )
}

/** An error whose message is already written for the person (in their language). */
export class Said extends Error {}

/** What to tell the person about an error. The service's own message is written for them and names the field. */
export function explain(error: unknown): string {
  const t = words.value
  if (error instanceof Said) return error.message
  // Busy is not "no connection": the service answers, and says when to ask again.
  const busy = busyFor(error)
  if (busy) return t.connection.busyTryAgain(busy.seconds)
  if (error instanceof Offline) return error.unavailable ? t.unavailable : t.offline
  if (error instanceof ApiError) {
    const known = (t.errors as Record<string, string | undefined>)[error.code]
    const detail = error.details
      .map((d) => d.message)
      .filter(Boolean)
      .join('; ')
    if (known) return known
    return detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message
  }
  return t.unexpected
}

/** Runs what a button asks for, once at a time, keeping its error to show. */
export function useAction(): {
  busy: boolean
  error: unknown
  run: (work: () => Promise<void>) => Promise<void>
  clear: () => void
} {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  return {
    busy,
    error,
    clear: () => setError(null),
    run: async (work) => {
      if (busy) return
      setBusy(true)
      setError(null)
      try {
        await work()
      } catch (caught) {
        setError(caught)
      } finally {
        setBusy(false)
      }
    },
  }
}

/**
 * Loads what a screen shows, again whenever `deps` change or `reload` is called, and whenever what
 * it shows may be out of date (connection.ts `freshness`: a punch sent or made elsewhere, the app
 * back in the foreground, a busy service's retry).
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; error: unknown; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({ data: undefined, error: null })
  const [round, setRound] = useState(0)
  const shown = useRef(JSON.stringify(deps))
  const fresh = freshness.value
  useEffect(() => {
    let current = true
    // Something else is asked for (another month): what was shown must not stay under its title.
    // A reload of the same keeps it until the new answer is in.
    const asked = JSON.stringify(deps)
    if (asked !== shown.current) {
      shown.current = asked
      setState({ data: undefined, error: null })
    }
    load().then(
      (data) => current && setState({ data, error: null }),
      (error) => current && setState((before) => ({ data: before.data, error })),
    )
    return () => {
      current = false
    }
  }, [...deps, round, fresh])
  return { ...state, reload: () => setRound((n) => n + 1) }
}

/** Loading, or why it could not: with a button to try again (a busy service is also retried by itself). */
export function Loading(props: { error?: unknown }) {
  // A refusal (not allowed, not found) comes out the same again: no button for it.
  const refusal = props.error instanceof ApiError && !busyFor(props.error)
  if (props.error && refusal) return <Problem error={props.error} />
  if (props.error)
    return (
      <div class="load-problem">
        <Problem error={props.error} />
        <button type="button" class="secondary" onClick={retryNow}>
          {words.value.connection.retry}
        </button>
      </div>
    )
  return (
    <p class="loading" role="status">
      {words.value.loading}
    </p>
  )
}

/** A table that may be wider than a phone: it scrolls sideways, and a keyboard can reach it to scroll it. */
export function ScrollRegion(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <section class="table-scroll" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  )
}

/** A form's send and cancel buttons, side by side. */
export function FormButtons(props: { submit: string; busy: boolean; onCancel: () => void }) {
  return (
    <div class="row">
      <button type="submit" class="primary" disabled={props.busy}>
        {props.submit}
      </button>
      <button type="button" class="secondary" onClick={props.onCancel}>
        {words.value.cancel}
      </button>
    </div>
  )
}

export type Decision = 'approved' | 'rejected'

/** A screen whose content is still coming (or could not come): its heading is there from the start. */
export function LoadingScreen(props: { title: string; error: unknown }) {
  return (
    <Screen title={props.title}>
      <Loading error={props.error} />
    </Screen>
  )
}

/**
 * The link to the service, said where the person is (polite: it waits for the screen reader to
 * finish): nothing while online; offline, busy (retrying by itself after the service's
 * Retry-After) or still busy once the retries ran out, each with what to do.
 */
export function ConnectionState() {
  const t = words.value
  const now = connection.value
  return (
    <div class="connection" role="status" aria-live="polite">
      {now.state === 'offline' && <p class="problem">{t.connection.offline}</p>}
      {now.state === 'busy' && now.retryInSeconds !== null && (
        <p class="problem">{t.connection.busy(now.retryInSeconds)}</p>
      )}
      {now.state === 'busy' && now.retryInSeconds === null && (
        <p class="problem">
          {t.connection.stillBusy}{' '}
          <button type="button" class="link" onClick={retryNow}>
            {t.connection.retry}
          </button>
        </p>
      )}
    </div>
  )
}
