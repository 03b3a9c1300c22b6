import type { CatalogueEntry } from '../contract/schemas/catalogue-definitions'
import type { LocalDb } from './local-db'

/**
 * A tenant's vaccines and scheme as the device caches them (issue 21), for tests: hepatitis B
 * (3 doses, 30 days apart) for the biological risk, Td (1 dose, a booster every 10 years) for
 * everyone, and influenza outside the scheme.
 */
export const HEPATITIS_B = '0193a7f2-0000-7000-8000-00000000b001'
export const TETANUS = '0193a7f2-0000-7000-8000-00000000b002'
export const INFLUENZA = '0193a7f2-0000-7000-8000-00000000b003'

export const catalogueEntry = (
  over: Partial<CatalogueEntry> & Pick<CatalogueEntry, 'id' | 'catalogue' | 'name'>,
): CatalogueEntry => ({
  code: null,
  active: true,
  parent_id: null,
  parent_name: null,
  position: 0,
  items: [],
  details: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
})

export const VACCINE_ENTRIES: CatalogueEntry[] = [
  catalogueEntry({
    id: HEPATITIS_B,
    catalogue: 'vaccination-records',
    name: 'Hepatitis B',
    position: 1,
    details: {
      disease: 'Hepatitis B',
      doses: 3,
      interval_days: 30,
      booster_interval_days: null,
      route: 'intramuscular',
    },
  }),
  catalogueEntry({
    id: TETANUS,
    catalogue: 'vaccination-records',
    name: 'Td',
    position: 2,
    details: {
      disease: 'Tétanos y difteria',
      doses: 1,
      interval_days: 0,
      booster_interval_days: 3650,
      route: 'intramuscular',
    },
  }),
  catalogueEntry({
    id: INFLUENZA,
    catalogue: 'vaccination-records',
    name: 'Influenza',
    position: 3,
    details: {
      disease: 'Influenza',
      doses: 1,
      interval_days: 0,
      booster_interval_days: 365,
      route: 'intramuscular',
    },
  }),
  catalogueEntry({
    id: '0193a7f2-0000-7000-8000-00000000c001',
    catalogue: 'vaccination-scheme',
    name: 'Hepatitis B, personal de salud',
    parent_id: HEPATITIS_B,
    details: { doses: null, age_from: 18, age_to: null, sex: null, subgroups: [], risks: ['biological'] },
  }),
  catalogueEntry({
    id: '0193a7f2-0000-7000-8000-00000000c002',
    catalogue: 'vaccination-scheme',
    name: 'Td, adultos',
    parent_id: TETANUS,
    details: { doses: null, age_from: 18, age_to: null, sex: null, subgroups: [], risks: [] },
  }),
]

/** Puts the vaccines and the scheme in the device's catalogue cache. */
export const cacheVaccines = (db: LocalDb) => db.catalogueEntries.bulkPut(VACCINE_ENTRIES)
