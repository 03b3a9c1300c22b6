import type * as v from 'valibot'
import { useCall } from '../api/use-call'
import {
  federalEntities,
  localities,
  municipalities,
  nationalities,
  referenceLists,
} from '../contract/endpoints/catalogs'
import type {
  FederalEntity as FederalEntitySchema,
  Locality,
  Municipality,
  Nationality as NationalitySchema,
  ReferenceItem,
  ReferenceListName,
} from '../contract/schemas/catalogs'
import { currentLanguage } from '../i18n/language'

type FederalEntity = v.InferOutput<typeof FederalEntitySchema>
type Nationality = v.InferOutput<typeof NationalitySchema>

/**
 * The reference catalogs a form offers, read from the catalogs service while online. Undefined
 * while loading or when the call fails: a form then shows its select empty and keeps working.
 * (The device keeps its own copy of these catalogs in a later step; these signatures stay.)
 */

const loaded = <T>(state: { status: string; data?: T }) => (state.status === 'error' ? undefined : state.data)

export function useReferenceList(name: ReferenceListName): ReferenceItem[] | undefined {
  // The names come in the request's language: reload when it changes.
  return loaded(useCall(referenceLists[name], {}, `${name}:${currentLanguage()}`))
}

export function useFederalEntities(): FederalEntity[] | undefined {
  return loaded(useCall(federalEntities))
}

export function useNationalities(): Nationality[] | undefined {
  return loaded(useCall(nationalities))
}

export function useMunicipalities(federalEntityCode: string | null): Municipality[] | undefined {
  const state = useCall(
    municipalities,
    { query: { federal_entity_code: federalEntityCode ?? undefined } },
    federalEntityCode ?? '',
    federalEntityCode !== null,
  )
  return federalEntityCode === null ? [] : loaded(state)
}

export function useLocalities(
  federalEntityCode: string | null,
  municipalityCode: string | null,
  search: string,
): Locality[] | undefined {
  const ready = federalEntityCode !== null && municipalityCode !== null
  const state = useCall(
    localities,
    {
      query: {
        federal_entity_code: federalEntityCode ?? undefined,
        municipality_code: municipalityCode ?? undefined,
        search: search || undefined,
      },
    },
    `${federalEntityCode}/${municipalityCode}/${search}`,
    ready,
  )
  return ready ? loaded(state) : []
}
