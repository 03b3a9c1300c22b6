import {
  AffectedSystemsAnswer,
  AffectedSystemsExcelQuery,
  ClosedDaysAnswer,
  CovidAnswer,
  DashboardFilters,
  DashboardPdfRequest,
  DashboardQuery,
  PatientChartsAnswer,
  PeriodicExamBucketsAnswer,
  SpecialLabelsAnswer,
  TopAffectedSystemsAnswer,
  TopDiagnosesAnswer,
  VaccinesAnswer,
} from '../schemas/dashboard'
import { endpoint } from './define'

/**
 * SPEC §7 "Dashboard reports and exports" (issue 24), under `/api/dashboard`: one call per item
 * of the `/dashboard` screen, each with the dashboard's filters, over the whole tenant for an
 * administrator (all-assignments) and over the professional's patients otherwise. The permission
 * is the screen's route name, `dashboard-index`. The figures are `rules/dashboard/`'s; the device
 * computes them itself from its cache, and a server test holds both to the same answers
 * (docs/decisions/0032-dashboard.md). The exports under `/patients/…` are the operation service's.
 */

const DASHBOARD = 'dashboard-index'

/**
 * SPEC §2 "patient charts": the patients in scope by sex and age band today. SPEC §7 lists no call
 * for it (`/patients/chart-data` is a patient's evolution); named in the dashboard calls' style
 * (decision 0036).
 */
export const dashboardPatientCharts = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/patients-chart',
  access: DASHBOARD,
  query: DashboardQuery,
  response: PatientChartsAnswer,
})

/** Affected systems over the period: every system with consultations, and their months. */
export const dashboardAffectedSystems = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/affected-system',
  access: DASHBOARD,
  query: DashboardQuery,
  response: AffectedSystemsAnswer,
})

/** SPEC §9 "top 5 affected systems". */
export const dashboardTopAffectedSystems = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/affected-system/top-five',
  access: DASHBOARD,
  query: DashboardQuery,
  response: TopAffectedSystemsAnswer,
})

/** SPEC §9 "top 5 diagnoses". */
export const dashboardDiagnoses = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/diagnostics',
  access: DASHBOARD,
  query: DashboardQuery,
  response: TopDiagnosesAnswer,
})

/** Patients per special label and sublabel, and the pregnancy figure. */
export const dashboardSpecialLabels = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/special-labels',
  access: DASHBOARD,
  query: DashboardQuery,
  response: SpecialLabelsAnswer,
})

/** Doses applied in the period by vaccine; scheme states and overdue patients today. */
export const dashboardVaccines = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/vaccines',
  access: DASHBOARD,
  query: DashboardQuery,
  response: VaccinesAnswer,
})

/** The periodic exams' buckets today (applied, due within 10 days, expired, never examined). */
export const dashboardPeriodicExams = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/periodic-exams',
  access: DASHBOARD,
  query: DashboardQuery,
  response: PeriodicExamBucketsAnswer,
})

/** Days lost to disabilities in the period ("lost days"), by type and month. */
export const dashboardClosedDays = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/closed-days-data',
  access: DASHBOARD,
  query: DashboardQuery,
  response: ClosedDaysAnswer,
})

/** Patients by the SPEC §4 status of their latest triage consultation in the period. */
export const dashboardCovid = endpoint({
  service: 'dashboard',
  method: 'GET',
  path: '/covid',
  access: DASHBOARD,
  query: DashboardQuery,
  response: CovidAnswer,
})

/**
 * The dashboard as a PDF (`src/documents/dashboard-pdf.ts`, the builder the device uses too),
 * over the filters in the body; the answer is the file, not an envelope.
 */
export const dashboardPdf = endpoint({
  service: 'dashboard',
  method: 'POST',
  path: '/download-pdf',
  reads: true,
  access: DASHBOARD,
  body: DashboardPdfRequest,
})

/** SPEC §7 `GET /get-filters/dashboard`: what the dashboard filters by (with the other filter lists). */
export const dashboardFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/dashboard',
  access: DASHBOARD,
  response: DashboardFilters,
})

/**
 * SPEC §7 `GET /patients/affected-systems/excel/{filters}`: the `/digital-record/affected-systems`
 * concentrated index as a spreadsheet, under that screen's route name.
 */
export const affectedSystemsExcel = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/affected-systems/excel',
  access: 'affected-systems-concentrated-index',
  query: AffectedSystemsExcelQuery,
})
