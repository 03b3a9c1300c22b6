import type { Diagnosis } from '../contract/schemas/catalogs'
import type { LocalDb } from '../db/local-db'
import { heldVersion } from './cache'
import { buildDiagnosisIndex, type DiagnosisIndex, searchDiagnosisIndex } from './diagnosis-search'

/** The device's ICD-10 index over its cached catalog (the search itself is in diagnosis-search.ts). */

const indexes = new WeakMap<LocalDb, { version: number; index: Promise<DiagnosisIndex> }>()

/**
 * The device's index of ICD-10, built from Dexie on first use and again only when the cached
 * catalog's version moves (a refresh after an import).
 */
export async function diagnosisIndex(db: LocalDb): Promise<DiagnosisIndex> {
  const version = (await heldVersion(db, 'diagnoses'))?.version ?? 0
  const held = indexes.get(db)
  if (held && held.version === version) return held.index
  const index = db.diagnoses.toArray().then(buildDiagnosisIndex)
  indexes.set(db, { version, index })
  index.catch(() => indexes.delete(db))
  return index
}

/** Searches the cached ICD-10 (see searchDiagnosisIndex); empty until the first catalog refresh. */
export async function searchDiagnoses(db: LocalDb, search: string, limit?: number): Promise<Diagnosis[]> {
  return searchDiagnosisIndex(await diagnosisIndex(db), search, limit)
}
