/** People (administrators): find a person, add one and invite them to set a password, deactivate one. */
import { useState } from 'preact/hooks'
import { getAll, post, type Schemas } from '../api.js'
import { words } from '../i18n/index.js'
import { person } from '../session.js'
import { Field, FormButtons, Loading, Problem, Screen, useAction, useLoad } from '../ui.js'

type User = Schemas['UserReduced']

export function People() {
  const t = words.value
  const [search, setSearch] = useState('')
  const [asked, setAsked] = useState('')
  const list = useLoad(
    async () => ({ data: await getAll<User>('/users', { status: 'active', q: asked || undefined }, 500) }),
    [asked],
  )
  const [said, setSaid] = useState<{ text: string; link?: string } | null>(null)
  const done = (text: string, link?: string) => {
    setSaid({ text, link })
    list.reload()
  }
  return (
    <Screen title={t.people.title}>
      {said && (
        <div class="done" role="status">
          <p>{said.text}</p>
          {said.link && <code class="secret">{said.link}</code>}
        </div>
      )}
      <AddPerson onDone={done} />
      <form
        class="row search"
        onSubmit={(event) => {
          event.preventDefault()
          setAsked(search.trim())
        }}
      >
        <Field label={t.people.search} type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
        <button type="submit" class="secondary">
          {t.people.find}
        </button>
      </form>
      {!list.data ? (
        <Loading error={list.error} />
      ) : (
        <ul class="cards">
          {list.data.data.map((u) => (
            <PersonCard key={u.id} user={u} onDone={done} />
          ))}
        </ul>
      )}
    </Screen>
  )
}

/** An invitation's answer: mailed, or (no mail server) the link to hand over, shown once. */
async function invite(userId: string): Promise<Schemas['Invitation']> {
  return (await post<{ data: Schemas['Invitation'] }>(`/users/${userId}/invite`)).data
}

function AddPerson(props: { onDone: (text: string, link?: string) => void }) {
  const t = words.value
  const [open, setOpen] = useState(false)
  const [fullName, setFullName] = useState('')
  const [email, setEmail] = useState('')
  const action = useAction()
  if (!open)
    return (
      <button type="button" class="primary" onClick={() => setOpen(true)}>
        {t.people.add}
      </button>
    )
  return (
    <form
      class="card stack"
      onSubmit={(event) => {
        event.preventDefault()
        void action.run(async () => {
          const created = await post<{ data: User }>('/users', { full_name: fullName, email })
          const invitation = await invite(created.data.id)
          setOpen(false)
          setFullName('')
          setEmail('')
          props.onDone(
            invitation.delivery === 'mail' ? t.people.invitedByMail(fullName, email) : t.people.invitedLink(fullName),
            invitation.link,
          )
        })
      }}
    >
      <h2>{t.people.add}</h2>
      <Field
        label={t.people.fullName}
        required
        maxLength={200}
        value={fullName}
        onInput={(e) => setFullName(e.currentTarget.value)}
      />
      <Field
        label={t.signIn.email}
        type="email"
        required
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <Problem error={action.error} />
      <FormButtons submit={t.people.addAndInvite} busy={action.busy} onCancel={() => setOpen(false)} />
    </form>
  )
}

function PersonCard(props: { user: User; onDone: (text: string, link?: string) => void }) {
  const t = words.value
  const { user } = props
  const [confirming, setConfirming] = useState(false)
  const action = useAction()
  const isMe = user.id === person.value?.id
  return (
    <li class="card">
      <p>
        <strong>{user.full_name}</strong> · {user.email}
        {user.role === 'admin' && <span class="badge">{t.people.admin}</span>}
      </p>
      <Problem error={action.error} />
      {!isMe && (
        <div class="row">
          <button
            type="button"
            class="secondary"
            disabled={action.busy}
            aria-label={`${t.people.invite}: ${user.full_name}`}
            onClick={() =>
              action.run(async () => {
                const invitation = await invite(user.id)
                props.onDone(
                  invitation.delivery === 'mail'
                    ? t.people.invitedByMail(user.full_name, user.email)
                    : t.people.invitedLink(user.full_name),
                  invitation.link,
                )
              })
            }
          >
            {t.people.invite}
          </button>
          {confirming ? (
            <button
              type="button"
              class="danger"
              disabled={action.busy}
              onClick={() =>
                action.run(async () => {
                  await post(`/users/${user.id}/deactivate`)
                  props.onDone(t.people.deactivated(user.full_name))
                })
              }
            >
              {t.people.confirmDeactivate(user.full_name)}
            </button>
          ) : (
            <button
              type="button"
              class="secondary"
              aria-label={`${t.people.deactivate}: ${user.full_name}`}
              onClick={() => setConfirming(true)}
            >
              {t.people.deactivate}
            </button>
          )}
        </div>
      )}
    </li>
  )
}
