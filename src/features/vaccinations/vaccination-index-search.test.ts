import { describe, expect, it } from 'vitest'
import { vaccinationIndexSearch } from './vaccination-index-search'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

describe('the vaccination index’s address', () => {
  it('keeps known choices and ids and drops the rest', () => {
    expect(
      vaccinationIndexSearch({ overdue: 'yes', status: 'incomplete', vaccine: ID, risk: 'biological' }),
    ).toEqual({
      overdue: 'yes',
      status: 'incomplete',
      vaccine: ID,
      risk: 'biological',
    })
    expect(vaccinationIndexSearch({ overdue: 'maybe', status: 'done', vaccine: 'bcg', subgroup: 7 })).toEqual(
      {},
    )
  })
})
