import { describe, expect, it } from 'vitest'
import { periodicExamsIndexSearch } from './periodic-exams-index-search'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

describe('the periodic exams’ due list’s address', () => {
  it('keeps a due state of the rule and a subgroup id, and drops the rest', () => {
    expect(periodicExamsIndexSearch({ state: 'due_soon', subgroup: ID })).toEqual({
      state: 'due_soon',
      subgroup: ID,
    })
    expect(periodicExamsIndexSearch({ state: 'soon', subgroup: 'plant' })).toEqual({})
  })
})
