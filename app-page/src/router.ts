/** Screens have addresses under /app (a reload or a shared link opens the same screen); the service answers the app for each. */
import { signal } from '@preact/signals'

export const path = signal(location.pathname)

export function navigate(to: string, replace = false): void {
  if (to !== location.pathname + location.search) {
    if (replace) history.replaceState(null, '', to)
    else history.pushState(null, '', to)
  }
  path.value = location.pathname
}

window.addEventListener('popstate', () => {
  path.value = location.pathname
})

/** The page's own query parameter (a day, a month). */
export function param(name: string): string | null {
  return new URLSearchParams(location.search).get(name)
}

/** The `?month=` of the address when it is a month (YYYY-MM); a mistyped one is ignored. */
export function monthParam(): string | null {
  const month = param('month')
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null
}
