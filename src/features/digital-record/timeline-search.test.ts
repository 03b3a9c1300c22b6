import { describe, expect, it } from 'vitest'
import { filterOfSearch, searchOfFilter, validTimelineSearch } from './timeline-search'

describe('the timeline’s filter in the address', () => {
  it('keeps the known kinds, once each, and real days', () => {
    expect(
      validTimelineSearch({ kinds: 'triage,nope,consultation,triage', from: '2026-02-01', to: '2026-02-30' }),
    ).toEqual({ kinds: 'triage,consultation', from: '2026-02-01' })
    expect(validTimelineSearch({ kinds: 7, from: '01/02/2026' })).toEqual({})
  })

  it('reads the filter back from what it wrote', () => {
    const filter = { kinds: ['vaccination', 'self-tracking'] as const, from: '2026-01-01', to: null }
    const search = searchOfFilter({ ...filter, kinds: [...filter.kinds] })
    expect(search).toEqual({ kinds: 'vaccination,self-tracking', from: '2026-01-01' })
    expect(filterOfSearch(search)).toEqual({
      kinds: ['vaccination', 'self-tracking'],
      from: '2026-01-01',
      to: null,
    })
    expect(filterOfSearch({})).toEqual({ kinds: [], from: null, to: null })
  })
})
