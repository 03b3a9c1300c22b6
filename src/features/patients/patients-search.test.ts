import { describe, expect, it } from 'vitest'
import { NO_FILTERS } from './patient-rows'
import { filtersOfSearch, patientsSearch, searchOfFilters } from './patients-search'

const ID = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b'

describe('the patients list’s address', () => {
  it('keeps codes and ids of the right shape and drops the rest', () => {
    expect(
      patientsSearch({
        special_sublabel: ID,
        assigned_to: 'none',
        administrative_status: 'a b',
        subgroup: 'x',
      }),
    ).toEqual({ special_sublabel: ID, assigned_to: 'none' })
    expect(patientsSearch({ administrative_status: 'active', assigned_to: ID })).toEqual({
      administrative_status: 'active',
      assigned_to: ID,
    })
  })

  it('turns into the list’s filter values and back', () => {
    expect(filtersOfSearch({})).toEqual(NO_FILTERS)
    const filters = { ...NO_FILTERS, subgroup: ID, special_sublabel: ID }
    expect(searchOfFilters(filters)).toEqual({ subgroup: ID, special_sublabel: ID })
    expect(filtersOfSearch(searchOfFilters(filters))).toEqual(filters)
  })
})
