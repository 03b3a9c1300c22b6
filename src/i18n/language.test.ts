import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { describe, expect, it, vi } from 'vitest'
import { activateLanguage, currentLanguage, storedLanguage } from './language'

const publicText = msg`Contraseña`
/** Only a signed-in screen says it (the record's sections): it is in the signed-in catalogue. */
const signedInText = msg`Condiciones médicas`

/** The module as a new page gets it: no catalogue loaded in any language, nothing asked yet. */
async function freshStart() {
  for (const locale of ['es', 'en']) i18n.loadAndActivate({ locale, messages: {} })
  vi.resetModules()
  return import('./language')
}

describe('language choice', () => {
  it('starts in Spanish when nothing was chosen', () => {
    expect(storedLanguage()).toBe('es')
  })

  it('ignores a stored value that is not a language we offer', () => {
    localStorage.setItem('lang', 'fr')
    expect(storedLanguage()).toBe('es')
  })

  it('activates, remembers and announces the chosen language', async () => {
    await activateLanguage('en')
    expect(currentLanguage()).toBe('en')
    expect(storedLanguage()).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(i18n._(publicText)).toBe('Password')
  })

  it("loads the signed-in screens' messages only when asked, then with every change of language", async () => {
    const fresh = await freshStart()
    await fresh.activateLanguage('es')
    await fresh.loadSignedInMessages()
    expect(i18n._(signedInText)).toBe('Condiciones médicas')
    // English was never loaded: both of its parts come with the change, the sign-in page's too.
    await fresh.activateLanguage('en')
    expect(i18n._(signedInText)).toBe('Medical conditions')
    expect(i18n._(publicText)).toBe('Password')
    await fresh.activateLanguage('es')
    expect(i18n._(publicText)).toBe('Contraseña')
    await fresh.activateLanguage('en')
    expect(i18n._(signedInText)).toBe('Medical conditions')
  })

  it("leaves the signed-in screens' messages out until a signed-in screen asks for them", async () => {
    const fresh = await freshStart()
    await fresh.activateLanguage('en')
    expect(i18n._(publicText)).toBe('Password')
    expect(i18n._(signedInText)).not.toBe('Medical conditions')
    await fresh.loadSignedInMessages()
    expect(i18n._(signedInText)).toBe('Medical conditions')
    expect(i18n._(publicText)).toBe('Password')
  })
})
