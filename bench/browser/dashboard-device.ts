import { v7 as uuidv7 } from 'uuid'
import { addDays } from '../../src/contract/rules/vaccination-due'
import type { SpecialLabel } from '../../src/contract/schemas/special-labels'
import { dashboardConsultationScope, packDashboardConsultations } from '../../src/db/dashboard-consultations'
import { dashboardSummaryScope, packDashboardSummaries } from '../../src/db/dashboard-summary'
import {
  type LocalCovidConsultation,
  type LocalDisability,
  type LocalEncounter,
  type LocalPatient,
  type LocalPeriodicExam,
  type LocalVaccinationRecord,
  openLocalDb,
} from '../../src/db/local-db'
import { packPeriodicExamSummaries, periodicExamSummaryScope } from '../../src/db/periodic-exam-summary'
import { packVaccinationSummaries, vaccinationSummaryScope } from '../../src/db/vaccination-summary'
import { dashboardFilterOfValues, defaultFilters } from '../../src/features/dashboard/dashboard-filters'
import { readDeviceDashboard } from '../../src/features/dashboard/device-dashboard'
import type { DashboardDeviceResult } from './api'
import { benchVaccineCatalogue } from './vaccination-due'

/**
 * `/dashboard` for a professional over a large cache (issue 24's figure: the device's dashboard
 * over 20 000 cached patients ≤ 500 ms at 4× throttle): what its live query runs on opening
 * (`readDeviceDashboard`: the catalogues, the dashboard's per-patient rows and the consultations
 * of the period's months, then every item of the dashboard by the contract's rules for today),
 * on the screen's own filters (the month so far) and over the whole history. Each patient holds
 * what a clinic's year leaves: two to three doses, one or two periodic exams, three
 * consultations with one or two diagnoses; one in five a triage consultation, one in ten a
 * disability, one in six a special label. Written as the pull writes them, in one transaction with
 * the summaries, then packed as the screen does after a sync. No server: the device is offline.
 */
const benchDb = (database: string) => openLocalDb({ tenant: 'bench', userId: `bench-${database}` })

const NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Jorge']
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez']
const FREQUENCIES = ['6-months', '1-year', '2-years']
/** Common diagnoses of an occupational clinic, filed under six affected systems. */
const DIAGNOSES = [
  ['J00', 'Rinofaringitis aguda (resfriado común)', 0],
  ['J02.9', 'Faringitis aguda, no especificada', 0],
  ['M54.5', 'Lumbago no especificado', 1],
  ['M25.5', 'Dolor en articulación', 1],
  ['I10', 'Hipertensión esencial (primaria)', 2],
  ['E11.9', 'Diabetes mellitus tipo 2 sin complicaciones', 3],
  ['K29.7', 'Gastritis, no especificada', 4],
  ['A09', 'Diarrea y gastroenteritis de presunto origen infeccioso', 4],
  ['H10.9', 'Conjuntivitis, no especificada', 5],
  ['S93.4', 'Esguince y torcedura del tobillo', 1],
] as const
const STATUSES = ['observation', 'suspicious', 'recovered', 'patient_contact', 'hospitalized']

export const BENCH_TODAY = '2026-11-26'
const ZONE = 'America/Mexico_City'

/** The catalogues and records of `patients` patients, as the pull would bring them. */
export function dashboardDeviceRows(patients: number) {
  const { ids: vaccines, entries } = benchVaccineCatalogue()
  const systems = Array.from({ length: 6 }, () => uuidv7())
  const types = [uuidv7(), uuidv7(), uuidv7()]
  const subgroups = [uuidv7(), uuidv7(), uuidv7(), uuidv7()]
  const labels: SpecialLabel[] = [
    {
      id: uuidv7(),
      name: 'Embarazo',
      color: 'purple',
      icon: 'pregnancy',
      sublabels: [1, 2, 3].map((n) => ({ id: uuidv7(), name: `Trimestre ${n}` })),
      updated_at: '2026-11-01T10:00:00.000Z',
    },
    {
      id: uuidv7(),
      name: 'Enfermedad crónica',
      color: 'red',
      icon: 'medical',
      sublabels: ['Diabetes', 'Hipertensión'].map((name) => ({ id: uuidv7(), name })),
      updated_at: '2026-11-01T10:00:00.000Z',
    },
  ]
  const sublabels = labels.flatMap((label) => label.sublabels.map((sublabel) => sublabel.id))
  const rows = {
    patients: [] as LocalPatient[],
    doses: [] as LocalVaccinationRecord[],
    exams: [] as LocalPeriodicExam[],
    encounters: [] as LocalEncounter[],
    triage: [] as LocalCovidConsultation[],
    disabilities: [] as LocalDisability[],
  }
  const synced = { version: 1, syncState: 'synced' as const }
  const ago = (days: number) => addDays(BENCH_TODAY, -days)
  for (let index = 0; index < patients; index++) {
    const id = uuidv7()
    const age = 18 + (index % 53)
    rows.patients.push({
      id,
      name: NAMES[index % NAMES.length],
      last_name: LAST_NAMES[(index * 7) % LAST_NAMES.length],
      second_last_name: LAST_NAMES[(index * 3) % LAST_NAMES.length],
      payroll_number: `N${String(index).padStart(6, '0')}`,
      curp: `BENC${String(index).padStart(6, '0')}HDFRRN09`,
      administrative_status: 'active',
      birth_date: `${2026 - age}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      biological_sex: index % 2 === 0 ? 'F' : 'M',
      subgroups: [subgroups[index % subgroups.length] as string],
      occupational_risks: index % 5 === 0 ? ['biological'] : [],
      special_sublabel_ids: index % 6 === 0 ? [sublabels[index % sublabels.length] as string] : [],
      exam_frequency: FREQUENCIES[index % FREQUENCIES.length],
      hire_date: ago(400 + (index % 2000)),
      ...synced,
    })
    const dose = (vaccineId: string, number: number, daysAgo: number) =>
      rows.doses.push({
        id: uuidv7(),
        patient_id: id,
        vaccine_id: vaccineId,
        dose_number: number,
        folio: null,
        applied_on: ago(daysAgo),
        lot: 'L-2026',
        booster: false,
        vaccinated_abroad: false,
        country_code: null,
        adverse_reactions: [],
        early_dose_confirmed: false,
        ...synced,
      })
    for (let number = 1; number <= [3, 2, 0][index % 3]!; number++)
      dose(vaccines.td, number, 3000 - number * 40)
    if (index % 5 === 0) dose(vaccines.hb, 1, 900)
    if (index % 4 === 0) dose(vaccines.flu, 1, 200 + (index % 300))
    for (let exam = 0; exam < 1 + (index % 2); exam++)
      rows.exams.push({
        id: uuidv7(),
        patient_id: id,
        examined_on: ago((index % 700) + exam * 365),
        condition: 'compliant',
        observations: null,
        recommendations: null,
        exposures: [],
        clinical_exams: [],
        ...synced,
      })
    for (let visit = 0; visit < 3; visit++) {
      const first = DIAGNOSES[(index + visit) % DIAGNOSES.length]!
      const second = DIAGNOSES[(index * 3 + visit) % DIAGNOSES.length]!
      const picked = visit === 0 && first !== second ? [first, second] : [first]
      rows.encounters.push({
        id: uuidv7(),
        patient_id: id,
        started_at: `${ago((index * 7 + visit * 97) % 365)}T${String(14 + visit).padStart(2, '0')}:30:00.000Z`,
        diagnoses: picked.map(([code, name, system]) => ({
          code,
          name,
          affected_system_id: systems[system] as string,
        })),
        prescription: [],
        prescriber: null,
        ...synced,
      })
    }
    if (index % 5 === 0)
      rows.triage.push({
        id: uuidv7(),
        patient_id: id,
        consulted_at: `${ago(index % 200)}T16:00:00.000Z`,
        status: STATUSES[index % STATUSES.length] as string,
        proposed_classification: 'low',
        classification: 'low',
        pregnancy: index % 15 === 0,
        ...synced,
      })
    if (index % 10 === 0) {
      const start = ago(index % 300)
      const days = 3 + (index % 20)
      rows.disabilities.push({
        id: uuidv7(),
        patient_id: id,
        cause: 'Esguince de tobillo en área de carga',
        control_measures: null,
        reason: 'Reposo e inmovilización',
        start_date: start,
        end_date: addDays(start, days - 1),
        type_id: types[index % types.length] as string,
        type_name: 'Riesgo de trabajo',
        issuer: 'imss',
        status_id: uuidv7(),
        status_name: 'Vigente',
        assigned_number: null,
        assigned_days: days,
        comments: null,
        ...synced,
      })
    }
  }
  return { entries, labels, rows }
}

/** Fills a fresh database; answers how many records of each kind it holds. */
export async function dashboardDeviceSeed(
  patients: number,
  database: string,
): Promise<Record<string, number>> {
  const db = benchDb(database)
  await db.delete()
  await db.open()
  const { entries, labels, rows } = dashboardDeviceRows(patients)
  // In one transaction with the summaries, as the feed's pull writes them.
  await db.transaction(
    'rw',
    [
      db.catalogueEntries,
      db.specialLabels,
      ...vaccinationSummaryScope(db),
      ...periodicExamSummaryScope(db),
      ...dashboardSummaryScope(db),
      ...dashboardConsultationScope(db),
    ],
    async () => {
      await db.catalogueEntries.bulkPut(entries)
      await db.specialLabels.bulkPut(labels)
      await db.patients.bulkPut(rows.patients)
      await db.vaccinationRecords.bulkPut(rows.doses)
      await db.periodicExams.bulkPut(rows.exams)
      await db.encounters.bulkPut(rows.encounters)
      await db.covidConsultations.bulkPut(rows.triage)
      await db.disabilities.bulkPut(rows.disabilities)
    },
  )
  // What the screen does once after a sync brought them: each summary packed.
  await packVaccinationSummaries(db)
  await packPeriodicExamSummaries(db)
  await packDashboardSummaries(db)
  await packDashboardConsultations(db)
  db.close()
  return Object.fromEntries(Object.entries(rows).map(([kind, list]) => [kind, list.length]))
}

/** The dashboard read and worked out `rounds` times over what the seed left; the database goes after. */
export async function dashboardDeviceOpen(rounds: number, database: string): Promise<DashboardDeviceResult> {
  const db = benchDb(database)
  // What the screen opens on (the month so far), and the whole history.
  const opening = dashboardFilterOfValues(defaultFilters(BENCH_TODAY), [], ZONE)
  const everything = { ...opening, period: { from: null, to: null } }
  try {
    const openMs: number[] = []
    const allTimeMs: number[] = []
    let figures: DashboardDeviceResult['figures'] | null = null
    for (let round = 0; round < rounds; round++) {
      let start = performance.now()
      const dashboard = await readDeviceDashboard(db, opening, BENCH_TODAY)
      openMs.push(performance.now() - start)
      start = performance.now()
      await readDeviceDashboard(db, everything, BENCH_TODAY)
      allTimeMs.push(performance.now() - start)
      const { periodicExams, vaccines, covid, lostDays, topDiagnoses } = dashboard.figures
      figures = {
        examsDue: periodicExams.expired + periodicExams.due_soon,
        overdue: vaccines.overdue,
        covid: covid.total,
        lostDays: lostDays.total_days,
        topDiagnosis: topDiagnoses[0]?.code ?? '',
      }
    }
    return {
      openMs,
      allTimeMs,
      figures: figures ?? { examsDue: 0, overdue: 0, covid: 0, lostDays: 0, topDiagnosis: '' },
    }
  } finally {
    await db.delete()
  }
}
