import { describe, expect, it } from 'vitest'
import { affectedSystemsIndexSearch } from './affected-systems-index-search'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

describe('the affected systems index’s address', () => {
  it('keeps a preset, days that exist, ids and a diagnosis code, and drops the rest', () => {
    expect(
      affectedSystemsIndexSearch({
        period: 'custom',
        from: '2026-11-01',
        to: '2026-11-26',
        system: ID,
        diagnosis: 'E11.9',
        subgroup: ID,
        special_label: ID,
        sublabel: ID,
      }),
    ).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-26',
      system: ID,
      diagnosis: 'E11.9',
      subgroup: ID,
      special_label: ID,
      sublabel: ID,
    })
    expect(
      affectedSystemsIndexSearch({
        period: '2y',
        from: '2026-02-30',
        to: '26/11/2026',
        system: 'respiratory',
        diagnosis: "J00' or 1=1",
        subgroup: 3,
      }),
    ).toEqual({})
  })
})
