import { describe, expect, it } from 'vitest'
import { foldText, matchesWords, searchWords } from './search-text'

describe('catalog search text', () => {
  it('folds accents, ñ, ü and capitals', () => {
    expect(foldText('San Nicolás de los Garza')).toBe('san nicolas de los garza')
    expect(foldText('PEÑÓN DE LOS BAÑOS')).toBe('penon de los banos')
    expect(foldText('Güémez')).toBe('guemez')
  })

  it('turns punctuation into single spaces', () => {
    expect(foldText('  Cólera, no especificado (A00.9) ')).toBe('colera no especificado a00 9')
  })

  it('matches a name containing every query word, in any order', () => {
    const name = foldText('Hipertensión esencial (primaria)')
    expect(matchesWords(name, searchWords('PRIMARIA hipertension'))).toBe(true)
    expect(matchesWords(name, searchWords('hipertension secundaria'))).toBe(false)
  })

  it('gives no words for an empty or blank query', () => {
    expect(searchWords('  , ')).toEqual([])
  })
})
