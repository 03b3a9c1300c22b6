import {
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { EmployerPart, WorkerPart } from '../../../src/contract/schemas/incident-reports'
import type { ReportFieldChange } from '../../../src/contract/schemas/report-amendments'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * The medical reports of issue 23 (docs/decisions/0028-medical-reports.md): short clinical
 * histories, health status certificates, disabilities and ST-7 reports. Each is keyed by tenant
 * and the device's id, tied to its patient, behind RLS, with the sync columns; each has its
 * append-only amendments table (NOM-004). A field of the API is a column of the same name, so
 * one piece of code (server/modules/operation/medical-reports.ts) serves all four.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id)

/** The vital signs a history or certificate records (SI units, decision 0011). */
const vitalSigns = () => ({
  weightKg: numeric('weight_kg', { mode: 'number' }),
  heightM: numeric('height_m', { mode: 'number' }),
  temperatureC: numeric('temperature_c', { mode: 'number' }),
  oximetry: integer('oximetry'),
  systolic: integer('systolic'),
  diastolic: integer('diastolic'),
  heartRate: integer('heart_rate'),
  respiratoryRate: integer('respiratory_rate'),
  glucose: numeric('glucose', { mode: 'number' }),
})

/** A report's own key, its patient's key and the tenant's policy. */
const reportKeys =
  (name: string, day: string) =>
  (t: { tenantId: PgColumn; id: PgColumn; patientId: PgColumn } & Record<string, PgColumn>) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    // A patient's reports, newest first.
    index(`${name}_patient_idx`).on(t.tenantId, t.patientId, t[day] as PgColumn),
    tenantIsolation(),
  ]

export const shortHistories = pgTable(
  'short_histories',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    type: text('type').notNull(),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    familyHistory: text('family_history'),
    personalHistory: text('personal_history'),
    occupationalHistory: text('occupational_history'),
    currentCondition: text('current_condition'),
    physicalExploration: text('physical_exploration'),
    ...vitalSigns(),
    impression: text('impression'),
    plan: text('plan'),
    ...syncColumns,
  },
  reportKeys('short_histories', 'recordedOn'),
)

export const healthCertificates = pgTable(
  'health_certificates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    result: text('result').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    restrictions: text('restrictions'),
    purpose: text('purpose'),
    observations: text('observations'),
    ...vitalSigns(),
    /** The consultation it was prefilled from (not a foreign key: it may reach the server later). */
    encounterId: uuid('encounter_id'),
    ...syncColumns,
  },
  reportKeys('health_certificates', 'issuedOn'),
)

export const disabilities = pgTable(
  'disabilities',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    cause: text('cause').notNull(),
    controlMeasures: text('control_measures'),
    reason: text('reason').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** `incapacityType` catalogue entry (the modality). */
    typeId: uuid('type_id').notNull(),
    issuer: text('issuer').notNull(),
    /** `incapacityStatus` catalogue entry. */
    statusId: uuid('status_id').notNull(),
    /** The IMSS folio. */
    assignedNumber: text('assigned_number'),
    assignedDays: integer('assigned_days').notNull(),
    comments: text('comments'),
    ...syncColumns,
  },
  (t) => [
    ...reportKeys('disabilities', 'startDate')(t),
    // The index, its spreadsheet and graph read the disabilities touching a period.
    index('disabilities_period_idx').on(t.tenantId, t.startDate, t.endDate),
  ],
)

export const incidentReports = pgTable(
  'incident_reports',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    employer: jsonb('employer').$type<EmployerPart>().notNull(),
    worker: jsonb('worker').$type<WorkerPart>().notNull(),
    accidentKind: text('accident_kind').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    occurredAt: text('occurred_at').notNull(),
    place: text('place').notNull(),
    activity: text('activity').notNull(),
    description: text('description').notNull(),
    witnesses: text('witnesses'),
    attendedOn: date('attended_on', { mode: 'string' }).notNull(),
    attendedAt: text('attended_at').notNull(),
    diagnosisCode: text('diagnosis_code').notNull(),
    diagnosisName: text('diagnosis_name').notNull(),
    injuries: text('injuries').notNull(),
    bodyPart: text('body_part').notNull(),
    treatment: text('treatment').notNull(),
    /** The disability the first attention issued (checked to be the patient's when written). */
    disabilityId: uuid('disability_id'),
    probableQualification: text('probable_qualification').notNull(),
    observations: text('observations'),
    ...syncColumns,
  },
  reportKeys('incident_reports', 'occurredOn'),
)

/**
 * A report's amendments table: each edit (NOM-004-SSA3-2012) with who, when, the version it made
 * and every changed field before and after, written in the edit's transaction; only inserted.
 */
function amendmentsOf(
  name: string,
  report: typeof shortHistories | typeof healthCertificates | typeof disabilities | typeof incidentReports,
) {
  return pgTable(
    name,
    {
      tenantId: tenantId(),
      id: uuid('id').notNull(),
      reportId: uuid('report_id').notNull(),
      version: integer('version').notNull(),
      changes: jsonb('changes').$type<Record<string, ReportFieldChange>>().notNull(),
      amendedBy: uuid('amended_by'),
      amendedAt: timestamp('amended_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.tenantId, t.id] }),
      foreignKey({ columns: [t.tenantId, t.reportId], foreignColumns: [report.tenantId, report.id] }),
      index(`${name}_report_idx`).on(t.tenantId, t.reportId, t.version),
      tenantIsolation(),
    ],
  )
}

export const shortHistoryAmendments = amendmentsOf('short_history_amendments', shortHistories)
export const healthCertificateAmendments = amendmentsOf('health_certificate_amendments', healthCertificates)
export const disabilityAmendments = amendmentsOf('disability_amendments', disabilities)
export const incidentReportAmendments = amendmentsOf('incident_report_amendments', incidentReports)
