import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { activateLanguage, currentLanguage, storedLanguage } from './language'

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
    expect(i18n._('Contraseña')).not.toBe('')
  })
})
