/**
 * A second step before an act that cannot be taken back (cancelling an absence, withdrawing a
 * proposal, signing a month, answering a correction, deciding a request): the first tap asks, in
 * words that say what will happen, and only "Yes, …" acts. The question takes the place of the
 * button, where the person is (no modal to trap the focus), and takes the focus so that a screen
 * reader reads it; "Go back" gives the focus back to the button.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { words } from './i18n/index.js'
import type { Decision } from './ui.js'

let confirmCount = 0

/** The question and its two answers, as a labelled group. */
function Question(props: { question: string; yes: string; busy: boolean; onYes: () => void; onBack: () => void }) {
  const [id] = useState(() => `confirm-${++confirmCount}`)
  const text = useRef<HTMLParagraphElement>(null)
  // A layout effect, not an effect: the focus moves before the question is painted, so a key pressed
  // as soon as it shows lands on it, not on the page the button that asked has left.
  useLayoutEffect(() => text.current?.focus(), [])
  return (
    <fieldset class="confirm stack" aria-labelledby={id}>
      <p id={id} tabIndex={-1} ref={text}>
        {props.question}
      </p>
      <div class="row">
        <button type="button" class="primary" disabled={props.busy} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" class="secondary" disabled={props.busy} onClick={props.onBack}>
          {words.value.confirm.back}
        </button>
      </div>
    </fieldset>
  )
}

/** A button whose act is asked once more before it is done. */
export function ConfirmButton(props: {
  label: string
  /** What a screen reader hears for the button, when the label alone does not say what it acts on. */
  ariaLabel?: string
  question: string
  yes: string
  busy: boolean
  look?: 'primary' | 'secondary'
  onConfirm: () => void
}) {
  const [asking, setAsking] = useState(false)
  const [returned, setReturned] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (returned) button.current?.focus()
  }, [returned])
  if (asking)
    return (
      <Question
        question={props.question}
        yes={props.yes}
        busy={props.busy}
        onYes={props.onConfirm}
        onBack={() => {
          setAsking(false)
          setReturned(true)
        }}
      />
    )
  return (
    <button
      type="button"
      class={props.look ?? 'secondary'}
      ref={button}
      disabled={props.busy}
      aria-label={props.ariaLabel}
      onClick={() => {
        setReturned(false)
        setAsking(true)
      }}
    >
      {props.label}
    </button>
  )
}

/** The two buttons of a decision, each asked once more; each names what it decides (`about`) for a screen reader. */
export function ConfirmDecision(props: {
  approve: string
  reject: string
  about: string
  /** The question for each decision and the answer that does it. */
  ask: Record<Decision, { question: string; yes: string }>
  busy: boolean
  onDecide: (decision: Decision) => void
}) {
  const [asking, setAsking] = useState<Decision | null>(null)
  const [returned, setReturned] = useState<Decision | null>(null)
  const buttons = { approved: useRef<HTMLButtonElement>(null), rejected: useRef<HTMLButtonElement>(null) }
  useLayoutEffect(() => {
    if (returned) buttons[returned].current?.focus()
  }, [returned])
  if (asking)
    return (
      <Question
        question={props.ask[asking].question}
        yes={props.ask[asking].yes}
        busy={props.busy}
        onYes={() => props.onDecide(asking)}
        onBack={() => {
          setAsking(null)
          setReturned(asking)
        }}
      />
    )
  return (
    <div class="row">
      {(
        [
          ['approved', props.approve, 'primary'],
          ['rejected', props.reject, 'secondary'],
        ] as const
      ).map(([decision, label, look]) => (
        <button
          key={decision}
          type="button"
          class={look}
          ref={buttons[decision]}
          disabled={props.busy}
          aria-label={`${label}: ${props.about}`}
          onClick={() => {
            setReturned(null)
            setAsking(decision)
          }}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
