import type { DigitalRecord } from '../contract/schemas/digital-record'
import type { Patient } from '../contract/schemas/patient'
import type { RecordSectionEntry } from '../contract/schemas/record-sections'
import type { DigitalRecordContext } from './digital-record-document'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * A realistic digital record for the documents' tests and the whole-record PDF bench: a plant
 * worker with allergies, an alert, a special label and `entries` records spread over the kinds
 * of the timeline (consultations, triages, doses, exams, readings, the medical reports), one every four days back
 * from 2026-11-23, as the change feed carries them. Times are UTC.
 */

const PATIENT_ID = '01937a4e-0000-7000-8000-0000000000a1'
const AUTHOR = { id: '01937a4e-0000-7000-8000-0000000000d1', name: 'Dra. Ana Sofía López Ruiz' }
const REASON_ID = '01937a4e-0000-7000-8000-0000000000b1'
const VACCINE_ID = '01937a4e-0000-7000-8000-0000000000b2'
const AUDIOMETRY_ID = '01937a4e-0000-7000-8000-0000000000b3'
const DISABILITY_TYPE_ID = '01937a4e-0000-7000-8000-0000000000b4'
const DISABILITY_STATUS_ID = '01937a4e-0000-7000-8000-0000000000b5'
const LABEL_ID = '01937a4e-0000-7000-8000-0000000000e1'
const SUBLABEL_ID = '01937a4e-0000-7000-8000-0000000000e2'

const idOf = (n: number) => `01937a4e-0000-7000-8000-${String(n).padStart(12, '0')}`

/** A day `back` days before 2026-11-23 (YYYY-MM-DD). */
const dayBack = (back: number) =>
  new Date(Date.UTC(2026, 10, 23) - back * 86_400_000).toISOString().slice(0, 10)

const stamps = (day: string) => ({
  version: 1,
  created_at: `${day} 18:00:00+00`,
  updated_at: `${day} 18:00:00+00`,
  deleted_at: null,
})

function consultationRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    type: n % 3 === 0 ? 'initial' : 'follow_up',
    started_at: `${day} 16:30:00+00`,
    modality: 'on_site',
    call_duration: null,
    reason_id: REASON_ID,
    weight_kg: 72.5,
    height_m: 1.62,
    bmi: 27.6,
    temperature_c: 36.8,
    oximetry: 97,
    systolic: 124 + (n % 7),
    diastolic: 80,
    heart_rate: 76,
    respiratory_rate: 16,
    glucose: 98,
    diagnoses: [
      { code: 'M545', name: 'Lumbago no especificado', affected_system_id: REASON_ID },
      { code: 'J00', name: 'Rinofaringitis aguda [resfriado común]', affected_system_id: REASON_ID },
    ],
    subjective:
      'Refiere dolor lumbar que aumenta al cargar cajas en la línea de empaque; niega irradiación a miembros inferiores. Rinorrea hialina de dos días.',
    objective:
      'Contractura paravertebral lumbar bilateral, Lasègue negativo. Faringe hiperémica sin exudado, campos pulmonares bien ventilados.',
    analysis:
      'Lumbalgia mecánica relacionada con la carga manual en su puesto; infección viral de vías altas.',
    plan: 'Higiene de columna, evitar cargas mayores de 10 kg por cinco días; control en una semana.',
    prescription: [
      {
        id: idOf(100_000 + n),
        medicine_id: REASON_ID,
        presentation_id: REASON_ID,
        medicine_name: 'Naproxeno',
        presentation_name: 'Tableta',
        dose: '250 mg',
        quantity: 1,
        unit: 'tablet',
        via: 'oral',
        every_hours: 12,
        for_days: 5,
        indications: 'Con alimentos.',
      },
    ],
    prescriber: { ...AUTHOR, title: 'Médica cirujana', professional_license: '12345678' },
    amendments: [],
    ...stamps(day),
  }
}

function triageRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    consulted_at: `${day} 15:10:00+00`,
    status: 'observation',
    temperature_c: 37.4,
    oximetry: 95,
    systolic: 118,
    diastolic: 76,
    heart_rate: 88,
    respiratory_rate: 18,
    weight_kg: 72,
    height_m: 1.62,
    pregnancy: false,
    news2_score: 2,
    proposed_classification: 'low-medium',
    chosen_classification: 'low-medium',
    classification: 'low-medium',
    notes: 'Tos seca y febrícula; seguimiento telefónico en 48 horas.',
    author: { ...AUTHOR, title: null, professional_license: null },
    ...stamps(day),
  }
}

function vaccinationRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    vaccine_id: VACCINE_ID,
    dose_number: 1 + (n % 3),
    folio: `F-${n}`,
    applied_on: day,
    lot: 'L2026-118',
    booster: n % 3 === 2,
    vaccinated_abroad: false,
    country_code: null,
    adverse_reactions: [],
    early_dose_confirmed: false,
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

function periodicExamRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    examined_on: day,
    condition: n % 2 === 0 ? 'compliant' : 'fails',
    observations: 'Hipoacusia leve bilateral en frecuencias altas.',
    recommendations: 'Uso de protección auditiva en la nave de prensas.',
    exposures: [],
    clinical_exams: [
      { id: idOf(200_000 + n), clinical_exam_id: AUDIOMETRY_ID, result: 'Umbral 30 dB a 4 kHz' },
    ],
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

function readingRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    kind: 'blood-pressure',
    taken_at: `${day} 13:00:00+00`,
    systolic: 120 + (n % 9),
    diastolic: 78,
    heart_rate: 72,
    note: null,
    recorded_by: { name: 'María Guadalupe Hernández Núñez', by_patient: true },
    ...stamps(day),
  }
}

function admissionExamRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    examined_on: day,
    position: 'Operadora de montacargas',
    family_history: null,
    hygiene_housing: null,
    personal_background: null,
    work_background: null,
    systems_interrogation: null,
    physical_exploration: { weight_kg: 70, height_m: 1.62, systolic: 118, diastolic: 76, heart_rate: 70 },
    lab_results: null,
    result: 'complies',
    conditions: null,
    observations: 'Apta para el puesto.',
    treatments: [],
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

function shortHistoryRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    type: 'return_to_work',
    recorded_on: day,
    reason: 'Reincorporación tras incapacidad',
    family_history: null,
    personal_history: null,
    occupational_history: null,
    current_condition: 'Sin dolor lumbar; movilidad completa.',
    physical_exploration: null,
    weight_kg: 72,
    height_m: 1.62,
    temperature_c: null,
    oximetry: null,
    systolic: 120,
    diastolic: 78,
    heart_rate: 70,
    respiratory_rate: null,
    glucose: null,
    impression: 'Lumbalgia resuelta.',
    plan: 'Alta a sus labores habituales.',
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

function certificateRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    issued_on: day,
    result: 'fit_with_restrictions',
    valid_from: day,
    valid_to: '2027-05-31',
    restrictions: 'No cargar más de 15 kg.',
    purpose: 'Recursos humanos',
    observations: null,
    weight_kg: null,
    height_m: null,
    temperature_c: null,
    oximetry: null,
    systolic: null,
    diastolic: null,
    heart_rate: null,
    respiratory_rate: null,
    glucose: null,
    encounter_id: null,
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

function disabilityRow(n: number, day: string) {
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10)
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    cause: 'Lumbalgia mecánica',
    control_measures: null,
    reason: 'Reposo',
    start_date: day,
    end_date: end,
    type_id: DISABILITY_TYPE_ID,
    type_name: 'Enfermedad general',
    issuer: 'imss',
    status_id: DISABILITY_STATUS_ID,
    status_name: 'Autorizada',
    assigned_number: `LM${n}`,
    assigned_days: 3,
    comments: null,
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

function incidentReportRow(n: number, day: string) {
  return {
    id: idOf(n),
    patient_id: PATIENT_ID,
    employer: {
      business_name: 'Industrias Acme del Bajío',
      employer_registration: 'Y5412345104',
      address: 'Querétaro',
    },
    worker: { name: 'María Guadalupe Hernández Núñez', nss: '12345678903', curp: 'HENG850312MGTRXD04' },
    accident_kind: 'at_work',
    occurred_on: day,
    occurred_at: '10:20',
    place: 'Nave de empaque, línea 3',
    activity: 'Estibaba cajas',
    description: 'Resbaló al bajar de la tarima.',
    witnesses: null,
    attended_on: day,
    attended_at: '10:45',
    diagnosis_code: 'S935',
    diagnosis_name: 'Esguince de tobillo',
    injuries: 'Esguince de tobillo derecho grado I',
    body_part: 'Tobillo derecho',
    treatment: 'Vendaje y analgésico',
    disability_id: null,
    probable_qualification: 'work_related',
    observations: null,
    author: AUTHOR,
    amendments: [],
    ...stamps(day),
  }
}

const section = (n: number, name: RecordSectionEntry['section'], fields: Record<string, unknown>) => ({
  id: idOf(900_000 + n),
  patient_id: PATIENT_ID,
  section: name,
  ...fields,
  ...stamps(dayBack(400 + n)),
})

/** The record of a worker with `entries` records over the timeline's kinds. */
export function exampleDigitalRecord(entries = 24): DigitalRecord {
  const records: DigitalRecord['records'] = {
    consultation: [],
    triage: [],
    vaccination: [],
    'periodic-exam': [],
    'admission-exam': [],
    'self-tracking': [],
    'short-history': [],
    'health-certificate': [],
    disability: [],
    'incident-report': [],
  }
  const makers = [
    ['consultation', consultationRow],
    ['triage', triageRow],
    ['vaccination', vaccinationRow],
    ['periodic-exam', periodicExamRow],
    ['self-tracking', readingRow],
    ['short-history', shortHistoryRow],
    ['health-certificate', certificateRow],
    ['disability', disabilityRow],
    ['incident-report', incidentReportRow],
    ['admission-exam', admissionExamRow],
  ] as const
  for (let n = 1; n <= entries; n++) {
    const [kind, make] = makers[n % makers.length] as (typeof makers)[number]
    records[kind].push(make(n, dayBack(n * 4)))
  }
  const patient = {
    id: PATIENT_ID,
    payroll_number: 'E2041',
    name: 'María Guadalupe',
    last_name: 'Hernández',
    second_last_name: 'Núñez',
    birth_date: '1985-03-12',
    curp: 'HENG850312MGTRXD04',
    nss: '12345678903',
    biological_sex: 'female',
    blood_type: 'O+',
    special_sublabel_ids: [SUBLABEL_ID],
    has_account: false,
    ...stamps('2026-01-10'),
  } as unknown as Patient // the fields the record prints; the rest of a patient is not read
  const sections = [
    section(1, 'allergies-tolerances', { description: 'Penicilina' }),
    section(2, 'alerts-and-special-needs', { description: 'Usa lentes de armazón' }),
    section(3, 'medical-conditions', { medical_condition_id: REASON_ID, note: 'Controlada', year: 2019 }),
    section(4, 'active-medications', { medicine_id: null, medicine: 'Metformina 850 mg' }),
    section(5, 'surgical-histories', { title: 'Apendicectomía', note: null, year: 2004 }),
    section(6, 'social-habits', { habit: 'Camina 30 minutos diarios' }),
  ] as RecordSectionEntry[]
  return { patient, sections, records }
}

/** The names and letterhead the example's document is printed with. */
export function exampleRecordContext(language: DocumentLanguage = 'es'): DigitalRecordContext {
  return {
    language,
    timeZone: 'America/Mexico_City',
    tenant: {
      name: 'Industrias Acme del Bajío',
      logo: null,
      address: 'Av. 5 de Febrero 1351, Querétaro, Qro.',
    },
    names: {
      catalogue: new Map([
        [REASON_ID, 'Enfermedad general'],
        [VACCINE_ID, 'Td (tétanos y difteria)'],
        [AUDIOMETRY_ID, 'Audiometría'],
        [DISABILITY_TYPE_ID, 'Enfermedad general'],
        [DISABILITY_STATUS_ID, 'Autorizada'],
      ]),
      lists: { 'covid-statuses': new Map([['observation', 'En observación']]) },
      countries: new Map(),
    },
    sex: language === 'es' ? 'Mujer' : 'Female',
    specialLabels: [
      {
        id: LABEL_ID,
        name: 'Riesgo',
        color: 'red',
        icon: 'alert',
        sublabels: [{ id: SUBLABEL_ID, name: 'Trabajo en alturas' }],
        updated_at: '2026-01-01 00:00:00+00',
      },
    ],
    now: new Date('2026-11-23T20:00:00Z'),
  }
}
