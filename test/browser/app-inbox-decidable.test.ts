/**
 * The Inbox lists, and its badge counts, only what the person signed in may decide (docs/app.md,
 * "What waits"), in Debian's Chromium on both engines, at 360x640 in Spanish: an administrator
 * outside HR who supervises one person sees that person's pending absence, badged 1, and neither
 * the absence nor the correction of someone outside their chain, though the service shows them
 * everyone's; HR sees all three. Both screens pass axe-core.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { PASSWORD } from '../helpers/accounts.js'
import { openSection, sectionLink } from '../helpers/app-sections.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  showingThePage,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
/** A Wednesday morning in November. */
const now = at('2026-11-18', '10:00')

if (!HAS_CHROMIUM) console.log(`# App Inbox browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

/**
 * HR (Hana); Ana, an administrator outside HR who supervises Pablo; Tomás, who reports to nobody.
 * Pablo and Tomás each ask for vacation, and Tomás proposes a correction of his own record.
 */
async function company(tenant: TestTenant) {
  const hrDepartment = (await tenant.admin.post('/api/v1/departments', { name: 'Personas' })).body.data
  await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDepartment.id, name: 'Talleres Ebro' })
  const person = (full_name: string, email: string, fields: Record<string, unknown> = {}) =>
    tenant.createUser({ full_name, email: `${email}.${tenant.id}@example.com`, password: PASSWORD, ...fields })
  const hana = await person('Hana Novák', 'hana', { department_id: hrDepartment.id })
  const ana = await person('Ana Admin', 'ana', { role: 'admin' })
  const pablo = await person('Pablo Íñiguez', 'pablo', { manager_id: ana.id })
  const tomas = await person('Tomás Gil', 'tomas')
  for (const [who, start] of [
    [pablo, '2026-12-22'],
    [tomas, '2026-12-29'],
  ] as const) {
    const asked = await (await tenant.keyFor(who.id)).post('/api/v1/absences', {
      user_id: who.id,
      type: 'vacation',
      start_date: start,
      end_date: start,
    })
    assert.equal(asked.status, 201, JSON.stringify(asked.body))
  }
  const proposal = await (await tenant.keyFor(tomas.id)).post('/api/v1/attendance/corrections', {
    user_id: tomas.id,
    reason: 'Olvidé fichar',
    changes: [{ action: 'add', type: 'in', ts: new Date(at('2026-11-17', '08:00')).toISOString() }],
  })
  assert.equal(proposal.status, 201, JSON.stringify(proposal.body))
  // The service shows the administrator everything that waits, and lets her decide only Pablo's.
  const anaKey = await tenant.keyFor(ana.id)
  const seen = (await anaKey.get('/api/v1/absences?status=pending&from=2026-12-01&to=2026-12-31')).body.data
  assert.equal(seen.length, 2)
  return { hana, ana }
}

forEachEngine(
  'what the Inbox offers to decide',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildAppPage()
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    async function signedIn(email: string): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      await page.goto(`${origin}/app`)
      await page.getByLabel('Correo electrónico').fill(email)
      await page.getByLabel('Contraseña').fill(PASSWORD)
      await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
      return page
    }

    /** The Inbox's cards, by their titles in alphabetical order, once it has loaded. */
    async function inboxCards(page: Page): Promise<string[]> {
      await openSection(page, 'Bandeja')
      await page.getByRole('heading', { name: 'Bandeja', level: 1 }).waitFor()
      await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
      return (await page.locator('.card strong').allTextContents()).sort()
    }

    it('an administrator outside HR: her report’s absence, badged 1; nothing of anyone else', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { ana } = await company(tenant)
      const page = await signedIn(ana.email)
      await showingThePage(page, async () => {
        await sectionLink(page, 'Bandeja')
          .and(page.getByRole('link', { name: /, 1 pendiente$/ }))
          .waitFor()
        await page.getByRole('link', { name: 'Una solicitud espera su decisión en la Bandeja.' }).waitFor()
        assert.deepEqual(await inboxCards(page), ['Pablo Íñiguez · Vacaciones'])
        assert.equal(await page.getByText('Tomás Gil').count(), 0)
        assert.equal(await page.getByRole('heading', { name: 'Correcciones por decidir' }).count(), 0)
        assert.deepEqual(await accessibilityProblems(page), [], 'the administrator’s Inbox')
        // The badge still says 1 on the Inbox itself.
        await sectionLink(page, 'Bandeja')
          .and(page.getByRole('link', { name: /, 1 pendiente$/ }))
          .waitFor()
      })
      await page.context().close()
    })

    it('HR: every absence and the correction, badged 3', { skip: NO_CHROMIUM }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { hana } = await company(tenant)
      const page = await signedIn(hana.email)
      await showingThePage(page, async () => {
        await sectionLink(page, 'Bandeja')
          .and(page.getByRole('link', { name: /, 3 pendientes$/ }))
          .waitFor()
        await page.getByRole('link', { name: '3 solicitudes esperan su decisión en la Bandeja.' }).waitFor()
        assert.deepEqual(await inboxCards(page), ['Pablo Íñiguez · Vacaciones', 'Tomás Gil', 'Tomás Gil · Vacaciones'])
        await page.getByText('Motivo: Olvidé fichar').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'HR’s Inbox')
      })
      await page.context().close()
    })
  },
  { app: { clock: () => now } },
)
