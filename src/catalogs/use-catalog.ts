import { useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo } from 'react'
import type {
  BloodPressureRange,
  Diagnosis,
  FederalEntity,
  Locality,
  Municipality,
  Nationality,
  ReferenceItem,
  ReferenceListName,
} from '../contract/schemas/catalogs'
import type { CatalogueEntry, CatalogueName } from '../contract/schemas/catalogue-definitions'
import type { CovidListName } from '../contract/schemas/covid'
import { disabledInputsOf, type EditableForm } from '../contract/schemas/editable-inputs'
import type { Medicine } from '../contract/schemas/medicines'
import type { SpecialLabel } from '../contract/schemas/special-labels'
import type { LocalDb } from '../db/local-db'
import { currentSession } from '../session/session-store'
import { useSyncEngine } from '../session/use-sync-engine'
import { type CatalogName, heldVersion, refreshCatalogs, refreshOptionsFor } from './cache'
import { activeCatalogueEntries, allCatalogueEntries } from './catalogue-entries'
import { searchDiagnoses } from './diagnosis-index'
import { readDisabledInputs } from './disabled-inputs'
import { readList } from './lists'
import { fetchLocalities, searchCachedLocalities } from './localities'

/**
 * The cached catalogs for screens (issue 6): live queries over the device's database, so a
 * form's lists are there offline and follow a refresh. Each hook answers undefined while the
 * database is opening (or signed out), and an empty list before the first refresh has run.
 */

/** How long the locality search waits after a keystroke before asking the server. */
export const LOCALITY_SEARCH_DELAY_MS = 300

const collator = new Intl.Collator('es', { sensitivity: 'base' })

function useLocalDb(): LocalDb | undefined {
  return useSyncEngine()?.db
}

/**
 * The small lists are named in the language of the request that fetched them: after a language
 * change, fetch them again (online; offline they stay in the former language until then).
 */
function useListsInLanguage(db: LocalDb | undefined): void {
  const { i18n } = useLingui()
  const lang = i18n.locale
  useEffect(() => {
    if (!db) return
    void heldVersion(db, 'reference-lists')
      .then((held) =>
        held && held.lang !== lang
          ? refreshCatalogs(db, refreshOptionsFor(currentSession()?.user.permissions ?? []))
          : null,
      )
      // Offline or refused: the lists keep their names until the next pull refreshes them.
      .catch(() => null)
  }, [db, lang])
}

export function useReferenceList(name: ReferenceListName): ReferenceItem[] | undefined {
  const db = useLocalDb()
  useListsInLanguage(db)
  return useLiveQuery(async () => (db ? readList(db, name) : undefined), [db, name])
}

/** One of the COVID triage's lists (decision 0025), held with the reference lists. */
export function useCovidList(name: CovidListName): ReferenceItem[] | undefined {
  const db = useLocalDb()
  useListsInLanguage(db)
  return useLiveQuery(async () => (db ? readList(db, name) : undefined), [db, name])
}

/**
 * The blood-pressure categories a reading is classified by (issue 7), in the language of the
 * screen like the other small lists.
 */
export function useBloodPressureRanges(): BloodPressureRange[] | undefined {
  const db = useLocalDb()
  useListsInLanguage(db)
  return useLiveQuery(async () => (db ? readList(db, 'blood-pressure-ranges') : undefined), [db])
}

export function useFederalEntities(): FederalEntity[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => (db ? readList(db, 'federal-entities') : undefined), [db])
}

export function useNationalities(): Nationality[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => (db ? readList(db, 'nationalities') : undefined), [db])
}

/** A federal entity's municipalities by name; none until an entity is chosen. */
export function useMunicipalities(federalEntityCode: string | null): Municipality[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    if (!db) return undefined
    if (!federalEntityCode) return []
    const rows = await db.municipalities.where('federal_entity_code').equals(federalEntityCode).toArray()
    return rows.sort((a, b) => collator.compare(a.name, b.name))
  }, [db, federalEntityCode])
}

/**
 * Localities for a query: what the device holds at once, and — online, a moment after the last
 * keystroke — the server's answer, which is cached and so joins the list. Before an entity is
 * chosen or something is typed the list is empty and nothing is asked of the server.
 */
export function useLocalities(
  federalEntityCode: string | null,
  municipalityCode: string | null,
  search: string,
): Locality[] | undefined {
  const db = useLocalDb()
  useEffect(() => {
    if (!db || (!federalEntityCode && search.trim() === '')) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetchLocalities(db, { federalEntityCode, municipalityCode, search }, controller.signal)
        // Offline, or a query the server refuses: the cached localities are the answer.
        .catch(() => null)
    }, LOCALITY_SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [db, federalEntityCode, municipalityCode, search])
  return useLiveQuery(async () => {
    if (!db) return undefined
    // Nothing chosen and nothing typed: no list (not the first localities of the country).
    if (!federalEntityCode && search.trim() === '') return []
    return searchCachedLocalities(db, { federalEntityCode, municipalityCode, search })
  }, [db, federalEntityCode, municipalityCode, search])
}

/**
 * ICD-10 for a search, from the device's index (by code or words, accent-insensitive, best
 * first), offline; follows a refresh of the catalog. Undefined while the index is built.
 */
export function useDiagnosisSearch(search: string, limit?: number): Diagnosis[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => (db ? searchDiagnoses(db, search, limit) : undefined), [db, search, limit])
}

/** The tenant's special labels with their sublabels, by name (decision 0015). */
export function useSpecialLabels(): SpecialLabel[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(
    async () =>
      db ? (await db.specialLabels.toArray()).sort((a, b) => collator.compare(a.name, b.name)) : undefined,
    [db],
  )
}

/** The tenant's medicines with their presentations, by name (decision 0015). */
export function useMedicines(): Medicine[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(
    async () =>
      db ? (await db.medicines.toArray()).sort((a, b) => collator.compare(a.name, b.name)) : undefined,
    [db],
  )
}

/**
 * Brings the device's catalogues in line at once, after a catalogue screen saved a change: the
 * other screens then show it without waiting for the next pull. Offline or refused, the next
 * pull does it.
 */
export function useRefreshCatalogs(): () => void {
  const db = useLocalDb()
  return () => {
    if (!db) return
    void refreshCatalogs(db, refreshOptionsFor(currentSession()?.user.permissions ?? [])).catch(() => null)
  }
}

/**
 * A tenant catalogue's values for a picker (decision 0018), read offline from the device's
 * copy: the active ones only, in the catalogue's order.
 */
export function useCatalogueOptions(catalogue: CatalogueName): CatalogueEntry[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => (db ? activeCatalogueEntries(db, catalogue) : undefined), [db, catalogue])
}

/** Every cached value of a tenant catalogue, inactive ones too: to name what a record carries. */
export function useCatalogueEntries(catalogue: CatalogueName): CatalogueEntry[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => (db ? allCatalogueEntries(db, catalogue) : undefined), [db, catalogue])
}

/**
 * Whether the device holds a catalog yet (a refresh has stored it once): before that its hooks
 * answer an empty list, which a screen naming records by the catalog must not take for the catalog.
 * Undefined while the database opens.
 */
export function useCatalogHeld(catalog: CatalogName): boolean | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => (db ? (await heldVersion(db, catalog)) !== null : undefined), [db, catalog])
}

/**
 * The subgroup items patients carry (a patient belongs to items, not to the subgroups that group
 * them), each named "Subgroup: item", inactive ones too: the lists' subgroup filters and names.
 */
export function useSubgroupItems(): {
  options: { value: string; label: string }[]
  names: Map<string, string>
} {
  const subgroups = useCatalogueEntries('subgroups')
  return useMemo(() => {
    const options = (subgroups ?? []).flatMap((subgroup) =>
      subgroup.items.map((item) => ({ value: item.id, label: `${subgroup.name}: ${item.name}` })),
    )
    return { options, names: new Map(options.map((option) => [option.value, option.label])) }
  }, [subgroups])
}

/**
 * The inputs of one form the tenant switched off (decision 0018), from the device's copy so the
 * form honours them offline; empty while the database opens.
 */
export function useDisabledInputs(form: EditableForm): ReadonlySet<string> {
  const db = useLocalDb()
  const keys = useLiveQuery(async () => (db ? readDisabledInputs(db) : []), [db])
  return useMemo(() => disabledInputsOf(form, keys ?? []), [form, keys])
}
