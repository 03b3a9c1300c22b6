import { useEffect, useState } from 'react'
import type * as v from 'valibot'
import { call } from '../api/client'
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

/**
 * The reference catalogs a form offers (SPEC §7): asked of the server, and the last answer of
 * the small ones kept in local storage so they are still there offline, after a reload.
 *
 * Interim version, until the device catalog cache (the catalogs part of issue 6) lands with the
 * same signatures over Dexie.
 */

type FederalEntity = v.InferOutput<typeof FederalEntitySchema>
type Nationality = v.InferOutput<typeof NationalitySchema>

/** A small catalog from the server, its last answer kept under `storageKey` for offline use. */
function useRemembered<T>(
  storageKey: string | null,
  fetch: (signal: AbortSignal) => Promise<T[]>,
): T[] | undefined {
  const [items, setItems] = useState<T[] | undefined>(() => (storageKey ? stored<T>(storageKey) : []))
  // biome-ignore lint/correctness/useExhaustiveDependencies: `storageKey` names what `fetch` asks for
  useEffect(() => {
    if (storageKey === null) {
      setItems([])
      return
    }
    setItems(stored<T>(storageKey))
    const controller = new AbortController()
    fetch(controller.signal)
      .then((fresh) => {
        localStorage.setItem(storageKey, JSON.stringify(fresh))
        setItems(fresh)
      })
      // Offline or refused: the stored copy (if any) stays on screen.
      .catch(() => {
        if (!controller.signal.aborted) setItems((current) => current ?? stored<T>(storageKey) ?? [])
      })
    return () => controller.abort()
  }, [storageKey])
  return items
}

function stored<T>(key: string): T[] | undefined {
  try {
    const text = localStorage.getItem(key)
    // Only this module writes these keys, always with a catalog's answer.
    return text ? (JSON.parse(text) as T[]) : undefined
  } catch {
    return undefined
  }
}

export function useReferenceList(name: ReferenceListName): ReferenceItem[] | undefined {
  return useRemembered(`catalog.${name}.${currentLanguage()}`, (signal) =>
    call(referenceLists[name], { signal }),
  )
}

export function useFederalEntities(): FederalEntity[] | undefined {
  return useRemembered('catalog.federal-entities', (signal) => call(federalEntities, { signal }))
}

export function useNationalities(): Nationality[] | undefined {
  return useRemembered('catalog.nationalities', (signal) => call(nationalities, { signal }))
}

export function useMunicipalities(federalEntityCode: string | null): Municipality[] | undefined {
  return useRemembered(federalEntityCode ? `catalog.municipalities.${federalEntityCode}` : null, (signal) =>
    call(municipalities, { query: { federal_entity_code: federalEntityCode ?? undefined }, signal }),
  )
}

/** Searched on the server (the catalog is too big to keep whole here): none offline. */
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
  if (!ready) return []
  return state.status === 'error' ? [] : state.data
}
