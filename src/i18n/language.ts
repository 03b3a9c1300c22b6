import { i18n, type Messages } from '@lingui/core'
import { LANGUAGE_KEY } from './language-key'

export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

const STORAGE_KEY = LANGUAGE_KEY

type Catalog = () => Promise<{ messages: Messages }>

/**
 * Each language's catalogue in two parts (lingui.config.ts, DESIGN §7): what the public pages
 * show, loaded before the first render, and what the signed-in screens show, a lazy chunk of its
 * own that the sign-in page never downloads (the service worker precaches it like any chunk).
 */
const PUBLIC: Record<Language, Catalog> = {
  es: () => import('../../locales/es/public.po'),
  en: () => import('../../locales/en/public.po'),
}
const SIGNED_IN: Record<Language, Catalog> = {
  es: () => import('../../locales/es/app.po'),
  en: () => import('../../locales/en/app.po'),
}

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** The language the user chose before (kept in local storage), else Spanish (SPEC §1). */
export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isLanguage(saved) ? saved : 'es'
  } catch {
    return 'es'
  }
}

/** The language being activated or active: the one the signed-in messages must be loaded in. */
let chosen: Language | null = null
/** Once a signed-in screen wanted its messages, a change of language loads both parts. */
let signedInWanted = false
/** One load per language: the entry, the layout's guard and a preload share it. */
const signedInLoads = new Map<Language, Promise<void>>()

function loadSignedIn(language: Language): Promise<void> {
  let load = signedInLoads.get(language)
  if (!load) {
    // A copy: Lingui keeps the first object loaded for a language and merges the next ones into it.
    load = SIGNED_IN[language]().then(({ messages }) => i18n.load(language, { ...messages }))
    // A failed load (a network error before the chunk was cached) may be tried again.
    load.catch(() => signedInLoads.delete(language))
    signedInLoads.set(language, load)
  }
  return load
}

/**
 * The signed-in screens' messages in the chosen language, merged into the active catalogue. The
 * signed-in layout awaits it before it renders; the entry starts it as soon as a session exists,
 * so that it arrives alongside the route's chunks rather than after them.
 */
export function loadSignedInMessages(): Promise<void> {
  signedInWanted = true
  return loadSignedIn(chosen ?? storedLanguage())
}

/** Loads a language's catalog, makes it active, remembers it and tells the page's <html>. */
export async function activateLanguage(language: Language): Promise<void> {
  chosen = language
  const [{ messages }] = await Promise.all([
    PUBLIC[language](),
    signedInWanted ? loadSignedIn(language) : undefined,
  ])
  // Merged, not replaced (as loadAndActivate would): the signed-in part may be loaded already.
  i18n.load(language, { ...messages })
  i18n.activate(language)
  document.documentElement.lang = language
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Private modes may refuse storage; the language still applies for this visit.
  }
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'es')
