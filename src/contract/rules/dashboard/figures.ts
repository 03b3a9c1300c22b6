import type { DueSchemeEntry, DueVaccine } from '../vaccination-due'
import type { AffectedSystemsByPeriod } from './affected-systems'
import { type AffectedSystemCount, affectedSystemsByPeriod, firstFiveSystems } from './affected-systems'
import { consultationsInPeriod, type DashboardConsultation } from './consultations'
import { type CovidCounts, covidCounts, lastTriageConsultations, type TriagePatient } from './covid'
import { type DiagnosisCount, topDiagnoses } from './diagnoses'
import { type DisabilityPatient, type LostDaysFigures, lostDaysFigures } from './lost-days'
import { type PatientCharts, patientCharts } from './patients'
import { type ExamBuckets, type ExamDuePatient, examBuckets, examDueStates } from './periodic-exams'
import { type PregnancyCount, pregnancyCount } from './pregnancy'
import { type DashboardFilter, patientsInScope, type ScopePatient } from './scope'
import { type DashboardLabel, type SpecialLabelCount, specialLabelCounts } from './special-labels'
import { type DashboardTasks, dashboardTasks } from './tasks'
import {
  type VaccinationPatient,
  type VaccinationStateOf,
  type VaccineFigures,
  vaccinationStateOf,
  vaccinationStates,
  vaccineFigures,
} from './vaccines'

/**
 * A patient as every item reads it, with their own live records (doses, triage consultations,
 * disabilities) and their next periodic exam's due day: each item walks the patients in scope
 * once, and nothing is regrouped by patient (the device holds them so, one row per patient).
 */
export type DashboardPatient = ScopePatient &
  ExamDuePatient &
  VaccinationPatient &
  TriagePatient &
  DisabilityPatient

/** Everything the dashboard counts, as plain rows (the device's cache, or the server's tables). */
export interface DashboardData {
  patients: readonly DashboardPatient[]
  consultations: readonly DashboardConsultation[]
  /** The tenant's live special labels with their live sublabels, in the catalogue's order. */
  labels: readonly DashboardLabel[]
  /** The vaccination catalogue and scheme, as `rules/vaccination-due.ts` reads them. */
  vaccines: readonly DueVaccine[]
  scheme: readonly DueSchemeEntry[]
}

/** Every item of the dashboard: what each SPEC §7 dashboard call answers, without the names. */
export interface DashboardFigures {
  patients: PatientCharts
  affectedSystems: AffectedSystemsByPeriod
  topAffectedSystems: AffectedSystemCount[]
  topDiagnoses: DiagnosisCount[]
  specialLabels: SpecialLabelCount[]
  pregnancy: PregnancyCount
  vaccines: VaccineFigures
  periodicExams: ExamBuckets
  lostDays: LostDaysFigures
  covid: CovidCounts
  tasks: DashboardTasks
}

/**
 * The whole dashboard on `today` (YYYY-MM-DD in the filter's zone) under the filters: the device
 * runs this over its cache; the agreement test runs it over the rows the server's SQL counts.
 * `stateOf` is the vaccination rule over the data's catalogue unless the caller keeps states
 * (the device does, per patient row, `features/dashboard/kept-vaccination-states.ts`).
 */
export function dashboardFigures(
  data: DashboardData,
  filter: DashboardFilter,
  today: string,
  stateOf: VaccinationStateOf = vaccinationStateOf(data.vaccines, data.scheme),
): DashboardFigures {
  const scope = patientsInScope(data.patients, filter)
  const consultations = consultationsInPeriod(data.consultations, scope, filter)
  const lastTriage = lastTriageConsultations(data.patients, scope, filter.timeZone)
  const examStates = examDueStates(data.patients, scope, today)
  const states = vaccinationStates(stateOf, data.patients, scope, today)
  const affectedSystems = affectedSystemsByPeriod(consultations)
  return {
    patients: patientCharts(data.patients, scope, today),
    affectedSystems,
    topAffectedSystems: firstFiveSystems(affectedSystems.systems),
    topDiagnoses: topDiagnoses(consultations),
    specialLabels: specialLabelCounts(data.labels, data.patients, scope),
    pregnancy: pregnancyCount(data.labels, data.patients, lastTriage, scope, today),
    vaccines: vaccineFigures(data.patients, states, scope, filter.period),
    periodicExams: examBuckets(examStates),
    lostDays: lostDaysFigures(data.patients, scope, filter.period),
    covid: covidCounts(lastTriage, filter),
    tasks: dashboardTasks({
      examStates,
      vaccinationStates: states,
      lastTriage,
      patients: data.patients,
      scope,
      today,
    }),
  }
}
