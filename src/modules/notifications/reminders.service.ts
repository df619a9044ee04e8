/**
 * The reminders' round (docs/decisions/0026-reminders.md), run every minute by one instance (the
 * one holding the round's lease; the others skip that minute) with the clock it is given. For each
 * company it finds what is to be reminded of now, from the other modules' facts, and writes each
 * reminder once: the unique key (person, kind, subject) drops what an earlier round, or another
 * instance, already wrote. Then it delivers those whose moment has come (held to 08:00 when it
 * falls at night), each in a transaction of its own that marks it delivered and queues its mail in
 * the outbox, so a crash either leaves it to the next round or leaves a queued mail the mail
 * dispatcher sends once; never both, never neither.
 *
 * Channels: mail through the outbox, and push through an injected `pushSender` (absent, every push
 * is suppressed). A push is sent after the commit that took the reminder, outside any transaction:
 * a crash in between loses that push rather than repeating it.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { TenantRow } from '../../db/schema.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { addDays } from '../../lib/calendar.js'
import {
  type NotificationDefaults,
  type ReminderChannel,
  type ReminderKind,
  notificationDefaultsOf,
} from '../../lib/notification-settings.js'
import { newId } from '../../lib/ids.js'
import { pendingRequestsOfCompany } from '../absences/index.js'
import { lastEffectiveIns, pendingCorrectionsOfCompany, usersWithOpenSessions } from '../attendance/index.js'
import { queueMail } from '../mail/index.js'
import { restDueBetween } from '../overtime/index.js'
import { signersOfMonth } from '../sign-off/index.js'
import { isEmployedDuring, parseEmploymentPeriods } from '../users/index.js'
import { calendarSubject, loadWorkCalendars } from '../work-calendar/index.js'
import { localDays } from '../../lib/calendar.js'
import {
  type Waiting,
  digestsOf,
  effectiveChoices,
  heldToMorning,
  isDigestTime,
  isSigningTime,
  localDateOf,
  openSessionDueAt,
  previousMonth,
} from './notifications.logic.js'
import * as repo from './notifications.repository.js'
import type { RemindersTable } from './notifications.tables.js'
import { type ReminderFacts, reminderLines, reminderMail, reminderTitle, screenOf } from './reminder-mail.js'

/** How often `jornada serve` runs the round. */
export const REMINDER_ROUND_INTERVAL_MS = 60_000

/** The round's lease: how long an instance that claimed it and died keeps the others from running it. */
export const REMINDER_ROUND_LEASE_MS = 2 * 60_000

/** The name of the reminders' round in `round_leases`. */
const ROUND_NAME = 'reminders'

/** Sessions begun longer ago than this are not reminded of: the anomaly and its correction have taken over. */
const OPEN_SESSION_LOOKBACK_MS = 2 * 86_400_000

/** A push as the push channel is asked to send it: to every installation of one person. */
export interface ReminderPush {
  title: string
  body: string
  /** The app's screen it opens (always under /app). */
  url: string
  /** One notification per reminder: a later one with the same tag replaces it on the device. */
  tag: string
}

/**
 * The push channel's injection point: sends a push to every installation of a person and says how
 * many went and how many failed. Absent: every push is suppressed. `sendPushToUser` of the push
 * module has this shape once its settings are bound (docs/notifications.md).
 */
export type PushSender = (
  unit: Unit,
  to: { tenantId: string; userId: string },
  message: ReminderPush,
) => Promise<{ sent: number; failed: number }>

/** What became of one reminder on one channel: for the metrics. */
export interface ReminderOutcome {
  kind: ReminderKind
  channel: ReminderChannel
  outcome: 'sent' | 'failed' | 'suppressed'
}

export interface ReminderSettings {
  /** `PUBLIC_URL`: the links in mails. Without it, or without `mail`, no reminder is mailed. */
  publicUrl: string | null
  /** Whether mail is set up (`SMTP_URL`). */
  mail: boolean
  /** Wakes this instance's mail dispatcher after a round queued mail. */
  mailQueued?: () => void
  pushSender?: PushSender | null
  onOutcome?: (outcome: ReminderOutcome) => void
}

/** A reminder found to be due (or waiting for its moment) in this round. */
interface Candidate {
  userId: string
  kind: ReminderKind
  subjectId: string
  facts: ReminderFacts
  dueAt: number
}

const keyOf = (c: { userId: string; kind: string; subjectId: string }) => `${c.userId}|${c.kind}|${c.subjectId}`

export interface RoundSummary {
  found: number
  delivered: number
  /** Another instance held this minute's round: this one read and wrote nothing. */
  skipped: boolean
}

/**
 * The round if this instance (`holder`) can claim it: the lease is written before any company is
 * read, and the round held until the end of its minute, so that the other instances' timers
 * skip that minute. The holder may run again (a test's rounds at one moment, or a round after its
 * own); another instance takes over once the lease ends, or expires when its holder died.
 */
export async function runLeasedReminderRound(
  unit: Unit,
  holder: string,
  tenants: () => Promise<readonly TenantRow[]>,
  settings: ReminderSettings,
): Promise<RoundSummary> {
  const now = unit.now
  const claimed = await repo.claimRound(unit.db, {
    name: ROUND_NAME,
    holder,
    now: new Date(now).toISOString(),
    until: new Date(now + REMINDER_ROUND_LEASE_MS).toISOString(),
  })
  if (!claimed) return { found: 0, delivered: 0, skipped: true }
  const endOfMinute = new Date(Math.floor(now / 60_000) * 60_000 + 60_000).toISOString()
  try {
    return await runReminderRound(unit, await tenants(), settings)
  } finally {
    await repo.endLeaseAt(unit.db, { name: ROUND_NAME, holder, until: endOfMinute })
  }
}

/** The round over every company given (all of them, in `jornada serve`). */
export async function runReminderRound(
  unit: Unit,
  tenants: readonly TenantRow[],
  settings: ReminderSettings,
): Promise<RoundSummary> {
  const summary: RoundSummary = { found: 0, delivered: 0, skipped: false }
  const failures: Error[] = []
  for (const tenant of tenants) {
    // One company whose facts cannot be read must not hold back the others.
    try {
      const one = await remindCompany(unit, tenant, settings)
      summary.found += one.found
      summary.delivered += one.delivered
    } catch (error) {
      failures.push(error instanceof Error ? error : new Error(String(error)))
    }
  }
  if (summary.delivered > 0) settings.mailQueued?.()
  if (failures.length > 0) throw new AggregateError(failures, `reminders failed for ${failures.length} companies`)
  return summary
}

async function remindCompany(
  unit: Unit,
  tenant: TenantRow,
  settings: ReminderSettings,
): Promise<Omit<RoundSummary, 'skipped'>> {
  const defaults = notificationDefaultsOf(tenant.notification_defaults)
  const people = await repo.activePeople(unit.db, tenant.id)
  // The day's digest is made by the first round from its hour (late when the service was down then), once.
  const today = localDateOf(unit.now, tenant.timezone).date
  const digestDay =
    isDigestTime(unit.now, today, defaults, tenant.timezone) && !(await repo.digestMadeOn(unit.db, tenant.id, today))
      ? today
      : null
  const candidates = await findCandidates(unit, tenant, defaults, people, digestDay !== null)
  const createdAt = nowIsoOf(unit)
  // A cheap read first: most rounds find nothing new and write nothing (no write lock on SQLite).
  const written = await repo.existingReminderKeys(
    unit.db,
    tenant.id,
    candidates.map((c) => c.subjectId),
  )
  await repo.insertNewReminders(
    unit.db,
    candidates
      .filter((c) => !written.has(keyOf(c)))
      .map(
        (c): RemindersTable => ({
          id: newId('reminder'),
          tenant_id: tenant.id,
          user_id: c.userId,
          kind: c.kind,
          subject_id: c.subjectId,
          facts: JSON.stringify(c.facts),
          created_at: createdAt,
          due_at: new Date(heldToMorning(c.dueAt, tenant.timezone)).toISOString(),
          status: 'pending',
          delivered_at: null,
          mail_outcome: null,
          mail_message_id: null,
          push_outcome: null,
          unsubscribe_token_hash: null,
          unsubscribed_at: null,
        }),
      ),
  )
  if (digestDay !== null) await repo.recordDigestMade(unit.db, tenant.id, digestDay, createdAt)
  const stillWaiting = new Set(candidates.map(keyOf))
  const byId = new Map(people.map((p) => [p.id, p]))
  let delivered = 0
  for (const reminder of await repo.dueReminders(unit.db, tenant.id, createdAt)) {
    // What was settled while the reminder waited for the morning is not reminded of; a digest says what waited at its hour.
    const relevant =
      reminder.kind === 'approvals_digest' ||
      stillWaiting.has(keyOf({ userId: reminder.user_id, kind: reminder.kind, subjectId: reminder.subject_id }))
    if (await deliver(unit, tenant, defaults, reminder, relevant ? byId.get(reminder.user_id) : undefined, settings))
      delivered++
  }
  return { found: candidates.length, delivered }
}

/** What is to be reminded of at the unit's moment, each with the moment it may go. */
async function findCandidates(
  unit: Unit,
  tenant: TenantRow,
  defaults: NotificationDefaults,
  people: readonly repo.ActivePerson[],
  digest: boolean,
): Promise<Candidate[]> {
  const { db, now } = unit
  const zone = tenant.timezone
  const today = localDateOf(now, zone)
  const active = new Set(people.map((p) => p.id))
  const found: Candidate[] = []

  // A session still open past the day's expected end and the margin: to the worker, once per session.
  // Only the sessions of the last two days not reminded of yet are judged against their day's plan.
  const starts = (await lastEffectiveIns(db, tenant.id, await usersWithOpenSessions(db, tenant.id))).filter(
    (s) => Date.parse(s.ts) >= now - OPEN_SESSION_LOOKBACK_MS,
  )
  const reminded = await repo.remindedSubjects(
    db,
    tenant.id,
    'open_session',
    starts.map((s) => s.id),
  )
  for (const start of starts) {
    const inMs = Date.parse(start.ts)
    // A session younger than the margin is not due whatever its day's plan: not judged yet.
    if (reminded.has(start.id) || now < inMs + (defaults.open_session_margin_minutes + 1) * 60_000) continue
    const date = localDateOf(inMs, zone).date
    const dueAt = openSessionDueAt(
      inMs,
      await expectedMinutesOn(unit, tenant, start.user_id, date),
      defaults.open_session_margin_minutes,
    )
    if (dueAt > now) continue
    found.push({
      userId: start.user_id,
      kind: 'open_session',
      subjectId: start.id,
      facts: { kind: 'open_session', started_at: start.ts },
      dueAt,
    })
  }

  // Corrections someone else proposed wait for the worker's consent: at once. Those the worker
  // proposed wait for a supervisor's or HR's decision: in the digest.
  const corrections = await pendingCorrectionsOfCompany(db, tenant.id)
  for (const c of corrections)
    if (c.proposed_by !== c.user_id && active.has(c.user_id))
      found.push({
        userId: c.user_id,
        kind: 'correction_consent',
        subjectId: c.id,
        facts: { kind: 'correction_consent', proposed_at: c.proposed_at },
        dueAt: now,
      })

  if (digest) {
    const waiting: Waiting[] = [
      ...(await pendingRequestsOfCompany(db, tenant.id)).map((r) => ({ user_id: r.user_id, what: 'request' as const })),
      ...corrections
        .filter((c) => c.proposed_by === c.user_id)
        .map((c) => ({ user_id: c.user_id, what: 'correction' as const })),
    ]
    for (const [decider, lines] of digestsOf(waiting, people, tenant.hr_department_id))
      found.push({
        userId: decider,
        kind: 'approvals_digest',
        subjectId: today.date,
        facts: { kind: 'approvals_digest', lines },
        dueAt: now,
      })
  }

  if (isSigningTime(today.day, defaults)) {
    const month = previousMonth(today.month)
    const signed = new Set(await signersOfMonth(db, tenant.id, month))
    const monthEnd = addDays(`${today.month}-01`, -1)
    for (const p of people)
      if (
        !signed.has(p.id) &&
        isEmployedDuring(p.hire_date, parseEmploymentPeriods(p.employment_periods), `${month}-01`, monthEnd)
      )
        found.push({
          userId: p.id,
          kind: 'month_to_sign',
          subjectId: month,
          facts: { kind: 'month_to_sign', month },
          dueAt: now,
        })
  }

  const lots = await restDueBetween(db, tenant.id, today.date, addDays(today.date, defaults.rest_deadline_days))
  const hr = tenant.hr_department_id === null ? [] : people.filter((p) => p.department_id === tenant.hr_department_id)
  for (const lot of lots) {
    const worker = people.find((p) => p.id === lot.user_id)
    if (!worker) continue
    const facts = { compensate_by: lot.compensate_by, owed_minutes: lot.owed_minutes }
    found.push({
      userId: worker.id,
      kind: 'rest_deadline',
      subjectId: lot.id,
      facts: { kind: 'rest_deadline', worker: null, ...facts },
      dueAt: now,
    })
    for (const member of hr)
      if (member.id !== worker.id)
        found.push({
          userId: member.id,
          kind: 'rest_deadline',
          subjectId: lot.id,
          facts: { kind: 'rest_deadline', worker: worker.full_name, ...facts },
          dueAt: now,
        })
  }
  return found
}

/** The minutes the person's schedule expects on a local day (0 when none, or no schedule). */
async function expectedMinutesOn(unit: Unit, tenant: TenantRow, userId: string, date: string): Promise<number> {
  const subject = await calendarSubject(unit.db, tenant.id, userId)
  if (!subject) return 0
  const planOf = (await loadWorkCalendars(unit.db, tenant, [userId], date, date))(subject)
  return planOf(date, localDays(date, date, tenant.timezone).weekdays[0]!).scheduleMinutes
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

/** The link of a reminder mail that turns its kind off by mail, without signing in. */
export function unsubscribeUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1/notifications/unsubscribe?token=${token}`
}

/**
 * Delivers one reminder: takes it (only one transaction can), and on each channel sends it, or
 * suppresses it (the person turned it off, the channel is not set up, or what it was about was
 * settled while it waited). Answers whether this call took it.
 */
async function deliver(
  unit: Unit,
  tenant: TenantRow,
  defaults: NotificationDefaults,
  reminder: Awaited<ReturnType<typeof repo.dueReminders>>[number],
  person: repo.ActivePerson | undefined,
  settings: ReminderSettings,
): Promise<boolean> {
  const at = nowIsoOf(unit)
  const outcomes: ReminderOutcome[] = []
  const note = (channel: ReminderChannel, outcome: ReminderOutcome['outcome']) =>
    outcomes.push({ kind: reminder.kind, channel, outcome })
  let push: ReminderPush | null = null
  const taken = await inTransaction(unit, async (tx) => {
    if (!(await repo.takeReminder(tx.db, reminder.id, at))) return false
    if (!person) {
      await repo.recordDelivery(tx.db, reminder.id, { mail_outcome: 'suppressed', push_outcome: 'suppressed' })
      note('mail', 'suppressed')
      note('push', 'suppressed')
      return true
    }
    const preferences = await repo.findPreferences(tx.db, tenant.id, person.id)
    const choice = effectiveChoices(defaults, preferences ? JSON.parse(preferences.choices) : {})[reminder.kind]
    const language = preferences?.language ?? tenant.language
    const facts = JSON.parse(reminder.facts) as ReminderFacts
    const changes: Parameters<typeof repo.recordDelivery>[2] = {}
    if (choice.mail && settings.mail && settings.publicUrl) {
      const token = randomBytes(32).toString('base64url')
      const message = reminderMail({
        to: person.email,
        name: person.full_name,
        language,
        zone: tenant.timezone,
        facts,
        publicUrl: settings.publicUrl,
        unsubscribeUrl: unsubscribeUrlOf(settings.publicUrl, token),
      })
      changes.mail_message_id = await queueMail(tx, {
        tenantId: tenant.id,
        userId: person.id,
        kind: 'reminder',
        message,
        linkExpiresAt: null,
      })
      changes.mail_outcome = 'queued'
      changes.unsubscribe_token_hash = sha256(token)
      note('mail', 'sent')
    } else {
      changes.mail_outcome = 'suppressed'
      note('mail', 'suppressed')
    }
    if (choice.push && settings.pushSender) {
      const lines = reminderLines(facts, language, tenant.timezone)
      push = {
        title: reminderTitle(reminder.kind, language),
        body: lines.map((l) => (typeof l === 'string' ? l : l.join(', '))).join(' '),
        url: screenOf(reminder.kind),
        tag: `reminder-${reminder.id}`,
      }
    } else {
      changes.push_outcome = 'suppressed'
      note('push', 'suppressed')
    }
    await repo.recordDelivery(tx.db, reminder.id, changes)
    return true
  })
  if (taken && push && settings.pushSender) {
    let outcome: 'sent' | 'failed' | 'suppressed'
    try {
      const result = await settings.pushSender(unit, { tenantId: tenant.id, userId: reminder.user_id }, push)
      // No installation to push to is a push not sent, not one that failed.
      outcome = result.sent > 0 ? 'sent' : result.failed > 0 ? 'failed' : 'suppressed'
    } catch {
      outcome = 'failed'
    }
    await repo.recordDelivery(unit.db, reminder.id, { push_outcome: outcome })
    note('push', outcome)
  }
  for (const outcome of outcomes) settings.onOutcome?.(outcome)
  return taken
}

/** Turns the kind of the reminder whose mail carried `token` off by mail; answers false for a token unknown or used. */
export async function unsubscribe(
  unit: Unit,
  token: string,
): Promise<{ kind: ReminderKind; language: 'es' | 'en' } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  return inTransaction(unit, async (tx) => {
    const reminder = await repo.reminderByTokenHash(tx.db, sha256(token))
    if (!reminder || !(await repo.spendUnsubscribeToken(tx.db, reminder.id, nowIsoOf(tx)))) return null
    const current = await repo.findPreferences(tx.db, reminder.tenant_id, reminder.user_id)
    const choices = current ? (JSON.parse(current.choices) as Record<string, Record<string, boolean>>) : {}
    choices[reminder.kind] = { ...(choices[reminder.kind] ?? {}), mail: false }
    await repo.savePreferences(tx.db, {
      tenant_id: reminder.tenant_id,
      user_id: reminder.user_id,
      choices: JSON.stringify(choices),
      language: current?.language ?? null,
      updated_at: nowIsoOf(tx),
    })
    const language = current?.language ?? (await repo.languageOfCompany(tx.db, reminder.tenant_id))
    return { kind: reminder.kind, language }
  })
}

/**
 * How long a delivered reminder is kept: its row is what keeps it from being sent again, and every
 * subject stops being reminded of long before (a session after two days, a month after the next, a
 * day's digest that day), but for a correction left pending for more than a year, which is then
 * reminded of once more.
 */
export const KEEP_REMINDERS_MS = 400 * 86_400_000

/**
 * Removes the reminders delivered more than 400 days before the unit's moment, and the records of
 * digests made more than a week before (only the day's own is read) (housekeeping).
 */
export async function purgeReminders(unit: Unit): Promise<number> {
  await repo.deleteDigestDaysBefore(unit.db, new Date(unit.now - 7 * 86_400_000).toISOString())
  return repo.deleteDeliveredBefore(unit.db, new Date(unit.now - KEEP_REMINDERS_MS).toISOString())
}
