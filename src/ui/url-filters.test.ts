import { describe, expect, it } from 'vitest'
import { searchId, searchOf, searchPick } from './url-filters'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

describe('filters in a list’s address', () => {
  it('keeps a choice the list knows and drops anything else', () => {
    expect(searchPick('expired', ['applied', 'expired'])).toBe('expired')
    expect(searchPick('EXPIRED', ['applied', 'expired'])).toBeUndefined()
    expect(searchPick(3, ['applied', 'expired'])).toBeUndefined()
    expect(searchId(ID)).toBe(ID)
    expect(searchId('1; drop table')).toBeUndefined()
  })

  it('leaves blank filters out of the address', () => {
    expect(searchOf({ status: 'recovered', classification: undefined, other: '' })).toEqual({
      status: 'recovered',
    })
  })
})
