import { describe, expect, it } from 'vitest'
import { triageListSearch } from './triage-list-search'

describe('the triage list’s address', () => {
  it('keeps a known status and classification and drops the rest', () => {
    expect(triageListSearch({ status: 'recovered', classification: 'high' })).toEqual({
      status: 'recovered',
      classification: 'high',
    })
    expect(triageListSearch({ status: 'cured', classification: 'extreme', page: '2' })).toEqual({})
  })
})
