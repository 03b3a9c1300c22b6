import { FEDERAL_ENTITIES } from '../../src/contract/rules/federal-entities'
import type { Db } from '../db/client'
import { federalEntities, municipalities, nationalities, referenceItems } from '../db/schema'
import { DEMO_MUNICIPALITIES, NATIONALITIES } from './places'

type Item = [code: string, es: string, en: string]

/** The fixed lists a patient registration needs (SPEC §3, §4, §7 "Reference lists"). */
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

/** Inserts the reference catalogs; existing rows are left as they are, so every start may run it. */
export async function seedReferenceLists(db: Db): Promise<void> {
  const items = Object.entries(REFERENCE_LISTS).flatMap(([list, entries]) =>
    entries.map(([code, nameEs, nameEn], sort) => ({ list, code, nameEs, nameEn, sort })),
  )
  await db.insert(referenceItems).values(items).onConflictDoNothing()
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
  await db
    .insert(municipalities)
    .values(DEMO_MUNICIPALITIES.map((m) => ({ federalEntityCode: m.stateCode, code: m.code, name: m.name })))
    .onConflictDoNothing()
  await db
    .insert(nationalities)
    .values([...NATIONALITIES])
    .onConflictDoNothing()
}
