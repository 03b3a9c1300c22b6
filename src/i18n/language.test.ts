import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { activateLanguage, currentLanguage, loadSignedInMessages, storedLanguage } from './language'

const publicText = msg`Contraseña`
/** Only a signed-in screen says it (the record's sections): it is in the signed-in catalogue. */
const signedInText = msg`Condiciones médicas`

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
    await activateLanguage('en')
    // The sign-in page's part alone: a signed-in screen's message is not in it yet.
    expect(i18n._(signedInText)).not.toBe('Medical conditions')
    await loadSignedInMessages()
    expect(i18n._(signedInText)).toBe('Medical conditions')
    expect(i18n._(publicText)).toBe('Password')
    await activateLanguage('es')
    expect(i18n._(signedInText)).toBe('Condiciones médicas')
    expect(i18n._(publicText)).toBe('Contraseña')
    await activateLanguage('en')
    expect(i18n._(signedInText)).toBe('Medical conditions')
  })
})
