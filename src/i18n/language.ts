import { i18n } from '@lingui/core'

export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

const STORAGE_KEY = 'lang'

const catalogs: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  es: () => import('../../locales/es/messages.po'),
  en: () => import('../../locales/en/messages.po'),
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

/** Loads a language's catalog, makes it active, remembers it and tells the page's <html>. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]()
  // The compiled catalog's type is Lingui's Messages; the import map above is typed loosely.
  i18n.loadAndActivate({ locale: language, messages: messages as Parameters<typeof i18n.load>[1] })
  document.documentElement.lang = language
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Private modes may refuse storage; the language still applies for this visit.
  }
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'es')
