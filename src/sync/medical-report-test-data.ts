import type { LocalDb } from '../db/local-db'
import { catalogueEntry } from '../db/vaccination-test-data'
import type { DISABILITY, HEALTH_CERTIFICATE, INCIDENT_REPORT, SHORT_HISTORY } from './medical-report-kinds'
import type { NewReport } from './medical-report-mutators'

/**
 * Medical reports as a company's doctor records them (issue 23), for tests: a return-to-work
 * history, a certificate "fit with restrictions", an IMSS disability after a sprained ankle and
 * the ST-7 of that accident. The disability's modality and status are the tenant's catalogue
 * entries as the device caches them (`cacheDisabilityCatalogues`).
 */

export const WORK_RISK = '0193a7f2-0000-7000-8000-00000000d001'
export const GENERAL_ILLNESS = '0193a7f2-0000-7000-8000-00000000d002'
export const INITIAL = '0193a7f2-0000-7000-8000-00000000d101'
export const SUBSEQUENT = '0193a7f2-0000-7000-8000-00000000d102'

export async function cacheDisabilityCatalogues(db: LocalDb): Promise<void> {
  await db.catalogueEntries.bulkPut([
    catalogueEntry({ id: WORK_RISK, catalogue: 'incapacityType', name: 'Riesgo de trabajo', position: 1 }),
    catalogueEntry({
      id: GENERAL_ILLNESS,
      catalogue: 'incapacityType',
      name: 'Enfermedad general',
      position: 2,
    }),
    catalogueEntry({ id: INITIAL, catalogue: 'incapacityStatus', name: 'Inicial', position: 1 }),
    catalogueEntry({ id: SUBSEQUENT, catalogue: 'incapacityStatus', name: 'Subsecuente', position: 2 }),
  ])
}

export const aShortHistory = (
  patientId: string,
  over: Partial<NewReport<typeof SHORT_HISTORY>> = {},
): NewReport<typeof SHORT_HISTORY> => ({
  patient_id: patientId,
  type: 'return_to_work',
  recorded_on: '2026-11-23',
  reason: 'Reincorporación tras esguince de tobillo derecho',
  personal_history: 'Sin enfermedades crónicas. Esguince grado II hace tres semanas.',
  current_condition: 'Camina sin apoyo, dolor leve al final de la jornada.',
  systolic: 118,
  diastolic: 76,
  heart_rate: 72,
  impression: 'Apto para reincorporarse con pausas activas',
  ...over,
})

export const aCertificate = (
  patientId: string,
  over: Partial<NewReport<typeof HEALTH_CERTIFICATE>> = {},
): NewReport<typeof HEALTH_CERTIFICATE> => ({
  patient_id: patientId,
  issued_on: '2026-11-23',
  result: 'fit_with_restrictions',
  valid_from: '2026-11-23',
  valid_to: '2027-05-23',
  restrictions: 'No cargar más de 10 kg ni subir escaleras de mano durante seis semanas',
  purpose: 'A quien corresponda',
  weight_kg: 78.5,
  height_m: 1.72,
  ...over,
})

export const aDisability = (
  patientId: string,
  over: Partial<NewReport<typeof DISABILITY>> = {},
): NewReport<typeof DISABILITY> => ({
  patient_id: patientId,
  cause: 'Esguince de tobillo derecho grado II',
  control_measures: 'Vendaje, reposo y revisión en 14 días',
  reason: 'Caída en escalera del almacén',
  start_date: '2026-11-02',
  end_date: '2026-11-15',
  type_id: WORK_RISK,
  issuer: 'imss',
  status_id: INITIAL,
  assigned_number: 'lk123456',
  assigned_days: 14,
  ...over,
})

export const anIncidentReport = (
  patientId: string,
  over: Partial<NewReport<typeof INCIDENT_REPORT>> = {},
): NewReport<typeof INCIDENT_REPORT> => ({
  patient_id: patientId,
  employer: {
    business_name: 'Manufacturas del Bajío S.A. de C.V.',
    employer_registration: 'Y5412345108',
    address: 'Blvd. Adolfo López Mateos 2300, León, Gto.',
  },
  worker: {
    name: 'María Guadalupe González Martínez',
    nss: '12345678901',
    curp: null,
    occupation: 'Almacenista',
    shift: 'Matutino',
    hire_date: '2019-02-11',
  },
  accident_kind: 'at_work',
  occurred_on: '2026-11-02',
  occurred_at: '09:40',
  place: 'Almacén de producto terminado, pasillo 3',
  activity: 'Bajaba cajas de la escalera de mano',
  description: 'Perdió el apoyo en el segundo peldaño y cayó sobre el pie derecho',
  witnesses: 'Jorge Ramírez (supervisor)',
  attended_on: '2026-11-02',
  attended_at: '10:05',
  diagnosis_code: 'S934',
  diagnosis_name: 'Esguince y torcedura del tobillo',
  injuries: 'Edema y equimosis en maléolo externo derecho',
  body_part: 'Tobillo derecho',
  treatment: 'Inmovilización, analgésico y frío local',
  probable_qualification: 'work_related',
  ...over,
})
