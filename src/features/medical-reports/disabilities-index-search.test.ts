import { describe, expect, it } from 'vitest'
import { disabilitiesIndexSearch } from './disabilities-index-search'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

describe('the disabilities index’s address', () => {
  it('keeps ids, an issuer and days that exist, and drops the rest', () => {
    expect(
      disabilitiesIndexSearch({ type: ID, status: ID, issuer: 'imss', from: '2026-11-01', to: '2026-11-30' }),
    ).toEqual({ type: ID, status: ID, issuer: 'imss', from: '2026-11-01', to: '2026-11-30' })
    expect(
      disabilitiesIndexSearch({
        type: 'work',
        issuer: 'insurer',
        from: '2026/11/01',
        to: '2026-11-31',
        subgroup: ID,
      }),
    ).toEqual({ subgroup: ID })
  })
})
