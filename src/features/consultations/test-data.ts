import { MEDICINES } from '../../catalogs/test-catalogs'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { Medicine } from '../../contract/schemas/medicines'
import type { LocalDb } from '../../db/local-db'
import type { NewEncounter } from '../../sync/encounter-mutators'

/** The tenant catalogues a consultation reads, as the device caches them (decision 0018). */
const entry = (
  id: string,
  catalogue: string,
  name: string,
  code: string | null,
  position: number,
): CatalogueEntry => ({
  id,
  catalogue,
  name,
  code,
  active: true,
  parent_id: null,
  parent_name: null,
  position,
  items: [],
  updated_at: '2026-11-23T10:00:00Z',
})

export const REASON_ID = '0193b2a0-0000-7000-8000-000000000201'
export const RESPIRATORY_ID = '0193b2a0-0000-7000-8000-000000000301'
export const ENDOCRINE_ID = '0193b2a0-0000-7000-8000-000000000302'

/** Metformina with a second dose, and Paracetamol: enough to prescribe two and to repeat one. */
export const CONSULTATION_MEDICINES: Medicine[] = [
  {
    ...(MEDICINES[0] as Medicine),
    presentations: [
      ...(MEDICINES[0] as Medicine).presentations,
      {
        id: '0193b2a0-0000-7000-8000-000000000112',
        medicine_id: '0193b2a0-0000-7000-8000-000000000101',
        name: 'Tableta',
        dose: '500 mg',
        quantity: null,
        frequency: null,
        duration: null,
        via: null,
      },
    ],
  },
  {
    id: '0193b2a0-0000-7000-8000-000000000102',
    name: 'Paracetamol',
    presentations: [
      {
        id: '0193b2a0-0000-7000-8000-000000000121',
        medicine_id: '0193b2a0-0000-7000-8000-000000000102',
        name: 'Tableta',
        dose: '500 mg',
        quantity: null,
        frequency: null,
        duration: null,
        via: null,
      },
    ],
    updated_at: '2026-11-23T10:00:00Z',
  } as Medicine,
]

/** Puts on the device what the consultation screens read: reasons, affected systems, CIE-10, medicines. */
export async function holdConsultationCatalogues(db: LocalDb): Promise<void> {
  await db.catalogueEntries.bulkPut([
    entry(REASON_ID, 'consultReason', 'Enfermedad general', null, 0),
    entry(RESPIRATORY_ID, 'affected_system', 'Aparato respiratorio', 'respiratory', 0),
    entry(ENDOCRINE_ID, 'affected_system', 'Sistema endocrino', 'endocrine', 1),
  ])
  await db.diagnoses.bulkPut([
    {
      code: 'J00',
      description: 'Rinofaringitis aguda (resfriado comun)',
      chapter: 'X',
      affected_system_code: 'respiratory',
    },
    {
      code: 'E119',
      description: 'Diabetes mellitus tipo 2 sin complicaciones',
      chapter: 'IV',
      affected_system_code: 'endocrine',
    },
  ])
  await db.medicines.bulkPut(CONSULTATION_MEDICINES)
}

/** A complete on-site consultation of a patient, as the form would save it. */
export const aConsultation = (patientId: string, overrides: Partial<NewEncounter> = {}): NewEncounter => ({
  patient_id: patientId,
  type: 'initial',
  started_at: '2026-11-20T16:30:00.000Z',
  modality: 'on_site',
  call_duration: null,
  reason_id: REASON_ID,
  weight_kg: 72.5,
  height_m: 1.68,
  systolic: 120,
  diastolic: 80,
  diagnoses: [
    { code: 'J00', name: 'Rinofaringitis aguda (resfriado común)', affected_system_id: RESPIRATORY_ID },
  ],
  ...overrides,
})
