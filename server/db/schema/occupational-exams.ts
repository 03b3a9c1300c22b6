import {
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  AdmissionExamField,
  FamilyHistory,
  HygieneHousing,
  LabResults,
  PersonalBackground,
  PhysicalExploration,
  SystemsInterrogation,
  WorkBackground,
} from '../../../src/contract/schemas/admission-exams'
import type { OccupationalExposure } from '../../../src/contract/schemas/occupational-exposures'
import type { ExamFieldChange, PeriodicExamField } from '../../../src/contract/schemas/periodic-exams'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

/**
 * Occupational exams (issue 22, docs/decisions/0027-occupational-exams.md): periodic exams with
 * their clinical-exam rows, admission exams with their treatments. Keyed by tenant and the
 * device's id, tied to the patient, behind RLS. Append-only (NOM-004): an edit writes each changed
 * field before and after to an amendments table that is only ever inserted; rows are deleted
 * softly (the migration revokes DELETE). `clinical_exam_id` names an entry of the tenant's
 * `clinicalExam` catalogue (catalogue_entries, which carries no per-catalogue foreign key).
 */

type Changes<F extends string> = Partial<Record<F, ExamFieldChange>>

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id)

export const periodicExams = pgTable(
  'periodic_exams',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    examinedOn: date('examined_on', { mode: 'string' }).notNull(),
    condition: text('condition').notNull(),
    observations: text('observations'),
    recommendations: text('recommendations'),
    exposures: jsonb('exposures').$type<OccupationalExposure[]>().notNull().default([]),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    // A patient's exams newest first, and the latest exam of every patient (the due states).
    index('periodic_exams_patient_idx').on(t.tenantId, t.patientId, t.examinedOn),
    tenantIsolation(),
  ],
)

/** A clinical exam performed at a periodic exam, with its result; its files hang from it. */
export const periodicExamResults = pgTable(
  'periodic_exam_results',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    examId: uuid('exam_id').notNull(),
    /** The exam's patient, copied: the files' owner rows name their patient (decision 0023). */
    patientId: uuid('patient_id').notNull(),
    clinicalExamId: uuid('clinical_exam_id').notNull(),
    result: text('result'),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.examId],
      foreignColumns: [periodicExams.tenantId, periodicExams.id],
    }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('periodic_exam_results_exam_idx').on(t.tenantId, t.examId),
    tenantIsolation(),
  ],
)

export const periodicExamAmendments = pgTable(
  'periodic_exam_amendments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    examId: uuid('exam_id').notNull(),
    version: integer('version').notNull(),
    changes: jsonb('changes').$type<Changes<PeriodicExamField | 'clinical_exams'>>().notNull(),
    amendedBy: uuid('amended_by'),
    amendedAt: timestamp('amended_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.examId],
      foreignColumns: [periodicExams.tenantId, periodicExams.id],
    }),
    index('periodic_exam_amendments_exam_idx').on(t.tenantId, t.examId, t.version),
    tenantIsolation(),
  ],
)

/** An admission exam: its sections as jsonb, each validated by its contract schema (null while unfilled). */
export const admissionExams = pgTable(
  'admission_exams',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    examinedOn: date('examined_on', { mode: 'string' }).notNull(),
    position: text('position'),
    familyHistory: jsonb('family_history').$type<FamilyHistory>(),
    hygieneHousing: jsonb('hygiene_housing').$type<HygieneHousing>(),
    personalBackground: jsonb('personal_background').$type<PersonalBackground>(),
    workBackground: jsonb('work_background').$type<WorkBackground>(),
    systemsInterrogation: jsonb('systems_interrogation').$type<SystemsInterrogation>(),
    physicalExploration: jsonb('physical_exploration').$type<PhysicalExploration>(),
    labResults: jsonb('lab_results').$type<LabResults>(),
    result: text('result'),
    conditions: text('conditions'),
    observations: text('observations'),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('admission_exams_patient_idx').on(t.tenantId, t.patientId, t.examinedOn),
    tenantIsolation(),
  ],
)

export const admissionExamTreatments = pgTable(
  'admission_exam_treatments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    examId: uuid('exam_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    medicine: text('medicine').notNull(),
    dose: text('dose'),
    indications: text('indications'),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.examId],
      foreignColumns: [admissionExams.tenantId, admissionExams.id],
    }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('admission_exam_treatments_exam_idx').on(t.tenantId, t.examId),
    tenantIsolation(),
  ],
)

export const admissionExamAmendments = pgTable(
  'admission_exam_amendments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    examId: uuid('exam_id').notNull(),
    version: integer('version').notNull(),
    changes: jsonb('changes').$type<Changes<AdmissionExamField | 'treatments'>>().notNull(),
    amendedBy: uuid('amended_by'),
    amendedAt: timestamp('amended_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.examId],
      foreignColumns: [admissionExams.tenantId, admissionExams.id],
    }),
    index('admission_exam_amendments_exam_idx').on(t.tenantId, t.examId, t.version),
    tenantIsolation(),
  ],
)
