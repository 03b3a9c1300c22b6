import { describe, expect, it } from 'vitest'
import { affectedSystemsIndexSearch } from './affected-systems-index-search'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

const EVERY_FILTER = {
  period: 'custom',
  from: '2026-11-01',
  to: '2026-11-26',
  system: ID,
  diagnosis: 'E11.9',
  subgroup: ID,
  special_label: ID,
  sublabel: ID,
}

describe('the affected systems index’s address', () => {
  it.each([
    ['keeps a preset, days that exist, ids and a diagnosis code', EVERY_FILTER, EVERY_FILTER],
    [
      'drops an unknown preset, days that do not exist, what is not an id and what is not a code',
      {
        period: '2y',
        from: '2026-02-30',
        to: '26/11/2026',
        system: 'respiratory',
        diagnosis: "J00' or 1=1",
        subgroup: 3,
      },
      {},
    ],
  ])('%s', (_, search, kept) => {
    expect(affectedSystemsIndexSearch(search)).toEqual(kept)
  })
})
