/**
 * A person's reminders (GET/PATCH /me/notifications): each kind on or off by channel over the
 * company's defaults, and the language of their reminders. Only what the person changes is kept,
 * so a later change of the company's defaults reaches every choice they did not make.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { notificationDefaultsOf } from '../../lib/notification-settings.js'
import { effectiveChoices } from './notifications.logic.js'
import * as repo from './notifications.repository.js'
import type { NotificationSettingsType, UpdateNotificationSettingsType } from './notifications.schemas.js'

export async function getNotificationSettings(scope: RequestScope): Promise<NotificationSettingsType> {
  const { auth, db } = scope
  const preferences = await repo.findPreferences(db, auth.tenantId, auth.actor.id)
  return toApi(scope, preferences)
}

export async function updateNotificationSettings(
  scope: RequestScope,
  body: UpdateNotificationSettingsType,
): Promise<NotificationSettingsType> {
  const { auth } = scope
  return inTransaction(scope, async (tx) => {
    const current = await repo.findPreferences(tx.db, auth.tenantId, auth.actor.id)
    const choices = current ? (JSON.parse(current.choices) as Record<string, Record<string, boolean>>) : {}
    for (const [kind, channels] of Object.entries(body.kinds ?? {}))
      choices[kind] = { ...(choices[kind] ?? {}), ...channels }
    const row = {
      tenant_id: auth.tenantId,
      user_id: auth.actor.id,
      choices: JSON.stringify(choices),
      language: body.language !== undefined ? body.language : (current?.language ?? null),
      updated_at: nowIsoOf(tx),
    }
    await repo.savePreferences(tx.db, row)
    return toApi(tx, row)
  })
}

function toApi(
  scope: RequestScope,
  preferences: { choices: string; language: 'es' | 'en' | null } | undefined,
): NotificationSettingsType {
  const tenant = scope.auth.tenant
  const defaults = notificationDefaultsOf(tenant.notification_defaults)
  return {
    language: preferences?.language ?? tenant.language,
    language_chosen: preferences?.language != null,
    kinds: effectiveChoices(defaults, preferences ? JSON.parse(preferences.choices) : {}),
    company_defaults: defaults.kinds,
  }
}
