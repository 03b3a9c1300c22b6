import { describe, expect, it } from 'vitest'
import { isStorableText, storableText } from './storable-text'

describe('text the database can keep', () => {
  it('takes any text without a NUL or a lone surrogate, emoji included', () => {
    for (const text of ['', 'Hernández', 'Niño 👶🏽', '\u00e9\ud83d\ude00']) {
      expect(isStorableText(text), text).toBe(true)
    }
  })

  it('refuses a NUL and each half of a surrogate pair alone', () => {
    for (const text of ['a\u0000b', 'a\ud800', '\ud800b', 'a\udc00', '\ude00\ud83d']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('replaces what it cannot keep, and only that', () => {
    expect(storableText('a\u0000b\ud800c👶')).toBe('a\ufffdb\ufffdc👶')
    expect(storableText('Hernández')).toBe('Hernández')
  })
})
