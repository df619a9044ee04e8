/**
 * The app's words: one catalogue per language (es.ts, en.ts, the same keys, checked by the type
 * checker), chosen by the browser's language and switchable; the choice is kept in the browser.
 */
import { computed, signal } from '@preact/signals'
import { en } from './en.js'
import { es } from './es.js'

export type Language = 'es' | 'en'
export type Words = typeof en

const STORAGE_KEY = 'jornada-app-language'

function initialLanguage(): Language {
  const kept = localStorage.getItem(STORAGE_KEY)
  if (kept === 'es' || kept === 'en') return kept
  return (navigator.languages ?? [navigator.language]).some((l) => l.toLowerCase().startsWith('es')) ? 'es' : 'en'
}

export const language = signal<Language>(initialLanguage())
export const words = computed<Words>(() => (language.value === 'es' ? es : en))

export function chooseLanguage(next: Language): void {
  language.value = next
  localStorage.setItem(STORAGE_KEY, next)
  document.documentElement.lang = next
}
