import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { AGE_BANDS, CHART_SEXES } from '../rules/dashboard/patients'
import { TimeZoneName } from './bounded'
import { TRIAGE_STATUSES } from './covid'

/**
 * The dashboard's calls (SPEC §2 "Dashboard", §7 "Dashboard reports and exports", §9; issue 24;
 * docs/decisions/0032-dashboard.md): one query for every item, the filters
 * `get-filters/dashboard` offers, and each item's answer. The figures are those of
 * `rules/dashboard/`; the server adds the catalogue's names, the device looks them up itself.
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

/** The filters every item takes. */
export const dashboardFilterEntries = {
  /** The period the dated records fall in, both days included; open when absent. */
  from: v.optional(IsoDay),
  to: v.optional(IsoDay),
  /** A subgroup item (`get-filters/dashboard` `subgroups`) the patients belong to. */
  subgroup: v.optional(Id),
  /** A special label: patients carrying any of its sublabels. */
  special_label: v.optional(Id),
  /** A special sublabel the patients carry (narrower than the label). */
  sublabel: v.optional(Id),
  /** Where "today" and a record's day are read; the tenant's (central Mexico) when absent. */
  time_zone: v.optional(TimeZoneName),
}

/** `?from&to&subgroup&special_label&sublabel&time_zone`; the end may not come before the start. */
export const DashboardQuery = v.pipe(
  v.object(dashboardFilterEntries),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (query) => !query.from || !query.to || query.from <= query.to,
      'dashboard.rangeEndBeforeStart',
    ),
    ['to'],
  ),
)
export type DashboardQuery = v.InferOutput<typeof DashboardQuery>

/** POST /download-pdf: the same filters in the body; the answer is the dashboard as a PDF. */
export const DashboardPdfRequest = DashboardQuery
export type DashboardPdfRequest = DashboardQuery

const count = v.number()
const named = { name: v.string() }

/** SPEC §7 `GET /get-filters/dashboard`: the subgroup items patients carry, the special labels. */
export const DashboardFilters = v.object({
  subgroups: v.array(v.object({ id: v.string(), ...named })),
  special_labels: v.array(
    v.object({
      id: v.string(),
      ...named,
      color: v.string(),
      icon: v.string(),
      sublabels: v.array(v.object({ id: v.string(), ...named })),
    }),
  ),
})
export type DashboardFilters = v.InferOutput<typeof DashboardFilters>

const AffectedSystemCount = v.object({
  affected_system_id: v.string(),
  ...named,
  consultations: count,
  patients: count,
})

/**
 * `GET /patients-chart{query}` (decision 0036): the patients in scope by biological sex and by
 * age band today (`rules/dashboard/patients.ts`), the dashboard's "patient charts".
 */
export const PatientChartsAnswer = v.object({
  total: count,
  by_sex: v.object(
    Object.fromEntries(CHART_SEXES.map((sex) => [sex, count])) as Record<
      (typeof CHART_SEXES)[number],
      typeof count
    >,
  ),
  by_age: v.array(
    v.object({
      band: v.picklist([...AGE_BANDS.map((entry) => entry.band), 'unrecorded'] as const),
      patients: count,
    }),
  ),
})
export type PatientChartsAnswer = v.InferOutput<typeof PatientChartsAnswer>

/** `GET /affected-system{query}`: every system with consultations in the period, and by month. */
export const AffectedSystemsAnswer = v.object({
  systems: v.array(AffectedSystemCount),
  months: v.array(v.object({ affected_system_id: v.string(), month: v.string(), consultations: count })),
})
export type AffectedSystemsAnswer = v.InferOutput<typeof AffectedSystemsAnswer>

/** `GET /affected-system/top-five{query}`: at most 5, most consultations first. */
export const TopAffectedSystemsAnswer = v.array(AffectedSystemCount)
export type TopAffectedSystemsAnswer = v.InferOutput<typeof TopAffectedSystemsAnswer>

/** `GET /diagnostics{query}`: the top 5 diagnoses. */
export const TopDiagnosesAnswer = v.array(
  v.object({ code: v.string(), ...named, consultations: count, patients: count }),
)
export type TopDiagnosesAnswer = v.InferOutput<typeof TopDiagnosesAnswer>

/** `GET /special-labels{query}`: patients per label and sublabel, and the pregnancy figure. */
export const SpecialLabelsAnswer = v.object({
  labels: v.array(
    v.object({
      label_id: v.string(),
      ...named,
      color: v.string(),
      icon: v.string(),
      patients: count,
      sublabels: v.array(v.object({ sublabel_id: v.string(), ...named, patients: count })),
    }),
  ),
  pregnancy: v.object({
    total: count,
    labelled: count,
    reported_at_triage: count,
    sublabels: v.array(v.object({ sublabel_id: v.string(), ...named, patients: count })),
  }),
})
export type SpecialLabelsAnswer = v.InferOutput<typeof SpecialLabelsAnswer>

/** `GET /vaccines{query}`: doses in the period by vaccine; scheme states today. */
export const VaccinesAnswer = v.object({
  vaccines: v.array(v.object({ vaccine_id: v.string(), ...named, doses: count, patients: count })),
  complete: count,
  incomplete: count,
  overdue: count,
})
export type VaccinesAnswer = v.InferOutput<typeof VaccinesAnswer>

/** `GET /periodic-exams{query}`: patients in each due state today. */
export const PeriodicExamBucketsAnswer = v.object({
  applied: count,
  due_soon: count,
  expired: count,
  never_examined: count,
})
export type PeriodicExamBucketsAnswer = v.InferOutput<typeof PeriodicExamBucketsAnswer>

/** `GET /closed-days-data{query}`: days lost in the period, by type and by month. */
export const ClosedDaysAnswer = v.object({
  total_days: count,
  patients: count,
  types: v.array(v.object({ type_id: v.string(), ...named, days: count })),
  months: v.array(v.object({ month: v.string(), type_id: v.string(), days: count })),
})
export type ClosedDaysAnswer = v.InferOutput<typeof ClosedDaysAnswer>

/** `GET /covid{query}`: patients by the status of their latest triage consultation in the period. */
export const CovidAnswer = v.object({
  ...(Object.fromEntries(TRIAGE_STATUSES.map((status) => [status, count])) as Record<
    (typeof TRIAGE_STATUSES)[number],
    typeof count
  >),
  total: count,
})
export type CovidAnswer = v.InferOutput<typeof CovidAnswer>

/**
 * `GET /patients/affected-systems/excel/{filters}`: the `/digital-record/affected-systems` index
 * as a spreadsheet — the dashboard's filters, narrowed to one system or diagnosis.
 */
export const AffectedSystemsExcelQuery = v.pipe(
  v.object({
    ...dashboardFilterEntries,
    affected_system: v.optional(Id),
    diagnosis: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10, 'field.maxLength'))),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (query) => !query.from || !query.to || query.from <= query.to,
      'dashboard.rangeEndBeforeStart',
    ),
    ['to'],
  ),
)
export type AffectedSystemsExcelQuery = v.InferOutput<typeof AffectedSystemsExcelQuery>
