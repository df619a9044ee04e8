/**
 * Moving around the app (docs/app.md, "Navigation") in the browser tests: on a phone the sections
 * are a bar of at most five destinations, the rest under "More"; on a desktop, a column with all.
 */
import type { Locator, Page } from 'playwright-core'

/** The app's sections (the navigation landmark), in either language. */
export function sections(page: Page): Locator {
  return page.getByRole('navigation', { name: /^(Secciones|Sections)$/ })
}

/** A destination's link by its name, whatever its badge adds after it ("Solicitudes, 1 pendiente"). */
export function sectionLink(page: Page, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // Also while hidden under a closed "More": whether it is shown is the caller's question.
  return sections(page).getByRole('link', { name: new RegExp(`^${escaped}(\\s|,|$)`), includeHidden: true })
}

/** The "More" button of a phone's bar, in either language. */
export function moreButton(page: Page): Locator {
  return sections(page).getByRole('button', { name: /^(Más|More)\s*(,|$)/ })
}

/** Opens a section by its name: from the bar, or from under "More" when it is there. */
export async function openSection(page: Page, name: string): Promise<void> {
  const link = sectionLink(page, name)
  if (!(await link.isVisible())) {
    await moreButton(page).click()
    await link.waitFor()
  }
  await link.click()
}
