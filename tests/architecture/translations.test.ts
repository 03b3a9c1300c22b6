import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The catalogs of lingui.config.ts: the public pages' messages and the signed-in screens' ones
 * (issue 17, DESIGN §7).
 */
const CATALOGS = ['public', 'app'] as const

/** The msgid → msgstr pairs of a gettext catalogue (single-line entries, as Lingui writes them). */
function catalogue(language: string, name: string): Map<string, string> {
  const text = readFileSync(new URL(`../../locales/${language}/${name}.po`, import.meta.url), 'utf8')
  const entries = new Map<string, string>()
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    if (match[1]) entries.set(match[1], match[2] ?? '')
  }
  return entries
}

/**
 * Every visible text goes through Lingui (DESIGN §4) and exists in both languages: a message
 * without its English text fails here, before a user meets Spanish in the English interface.
 */
describe.each(CATALOGS)('the %s translation catalogue', (name) => {
  const spanish = catalogue('es', name)
  const english = catalogue('en', name)

  it('holds the same messages in both languages', () => {
    expect([...english.keys()].sort()).toEqual([...spanish.keys()].sort())
    expect(spanish.size).toBeGreaterThan(50)
  })

  it('translates every message into English', () => {
    const missing = [...english].filter(([, text]) => text.trim() === '').map(([id]) => id)
    expect(missing).toEqual([])
  })
})

describe('the translation catalogues', () => {
  const english = new Map(CATALOGS.flatMap((name) => [...catalogue('en', name)]))

  it('keep the spec’s English texts word for word', () => {
    expect(english.get('Lo sentimos no tiene permiso para acceder')).toBe(
      'Sorry, you do not have permission to access',
    )
    expect(english.get('No hemos podido procesar tu solicitud, inténtalo nuevamente.')).toBe(
      'We were unable to process your request, please try again.',
    )
    expect(english.get('La sesión ha expirado. Inicia sesión de nuevo para continuar.')).toBe(
      'Session has expired. Please log in again to continue.',
    )
    expect(english.get('Elige una imagen con extensión .png o .jpg')).toBe(
      'Choose an image with .png or .jpg extension',
    )
  })
})
