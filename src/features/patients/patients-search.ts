import { UNASSIGNED } from '../../contract/schemas/unassigned'
import { searchId, searchOf } from '../../ui/url-filters'
import type { PatientFilterValues } from './patient-rows'

/**
 * The patients list's filters as its address carries them (`?special_sublabel=…`): the
 * dashboard's special labels and pregnancy figures open the list so.
 */
export type PatientsSearch = { [K in keyof PatientFilterValues]?: string }

/** An administrative status's code (a reference list's: `active`, `on-leave`…). */
const CODE = /^[a-z0-9_-]{1,40}$/i

/** The route's `validateSearch`: codes and ids of the right shape; anything else is dropped. */
export const patientsSearch = (search: Record<string, unknown>): PatientsSearch =>
  searchOf({
    administrative_status:
      typeof search.administrative_status === 'string' && CODE.test(search.administrative_status)
        ? search.administrative_status
        : undefined,
    subgroup: searchId(search.subgroup),
    special_sublabel: searchId(search.special_sublabel),
    assigned_to: search.assigned_to === UNASSIGNED ? UNASSIGNED : searchId(search.assigned_to),
  })

/** The list's filter values from the address (no filter where it names none). */
export const filtersOfSearch = (search: PatientsSearch): PatientFilterValues => ({
  administrative_status: search.administrative_status ?? null,
  subgroup: search.subgroup ?? null,
  special_sublabel: search.special_sublabel ?? null,
  assigned_to: search.assigned_to ?? null,
})

/** The list's filter values as the address carries them (the filters offer only the list's choices). */
export const searchOfFilters = (filters: PatientFilterValues): PatientsSearch =>
  searchOf({
    administrative_status: filters.administrative_status ?? undefined,
    subgroup: filters.subgroup ?? undefined,
    special_sublabel: filters.special_sublabel ?? undefined,
    assigned_to: filters.assigned_to ?? undefined,
  })
