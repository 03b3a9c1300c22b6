import { asc, eq, inArray } from 'drizzle-orm'
import {
  ADMISSION_EXAM_FIELDS,
  type AdmissionExam,
  type AdmissionExamAmendment,
  type AdmissionExamField,
  type AdmissionResult,
  type Treatment,
  type TreatmentRow,
} from '../../../src/contract/schemas/admission-exams'
import type { ExamFieldChange } from '../../../src/contract/schemas/periodic-exams'
import type { Tx } from '../../db/client'
import { admissionExamAmendments, admissionExams, admissionExamTreatments } from '../../db/schema'
import { authorsOf, sameJson } from './encounters'

export type AdmissionExamRow = typeof admissionExams.$inferSelect
export type TreatmentDbRow = typeof admissionExamTreatments.$inferSelect

const FIELDS = Object.keys(ADMISSION_EXAM_FIELDS) as AdmissionExamField[]

/** An exam's own fields as the contract names them (treatments apart). */
export type AdmissionExamFields = Pick<AdmissionExam, AdmissionExamField>

export function fieldsOf(row: AdmissionExamRow): AdmissionExamFields {
  return {
    examined_on: row.examinedOn,
    position: row.position,
    family_history: row.familyHistory,
    hygiene_housing: row.hygieneHousing,
    personal_background: row.personalBackground,
    work_background: row.workBackground,
    systems_interrogation: row.systemsInterrogation,
    physical_exploration: row.physicalExploration,
    lab_results: row.labResults,
    // Written only from the contract's picklist.
    result: row.result as AdmissionResult | null,
    conditions: row.conditions,
    observations: row.observations,
  }
}

/** The columns a create or an amendment writes, from the contract's fields (those present). */
export function columnsOf(fields: Partial<AdmissionExamFields>) {
  const has = (field: AdmissionExamField) => fields[field] !== undefined
  return {
    ...(has('examined_on') && { examinedOn: fields.examined_on }),
    ...(has('position') && { position: fields.position }),
    ...(has('family_history') && { familyHistory: fields.family_history }),
    ...(has('hygiene_housing') && { hygieneHousing: fields.hygiene_housing }),
    ...(has('personal_background') && { personalBackground: fields.personal_background }),
    ...(has('work_background') && { workBackground: fields.work_background }),
    ...(has('systems_interrogation') && { systemsInterrogation: fields.systems_interrogation }),
    ...(has('physical_exploration') && { physicalExploration: fields.physical_exploration }),
    ...(has('lab_results') && { labResults: fields.lab_results }),
    ...(has('result') && { result: fields.result }),
    ...(has('conditions') && { conditions: fields.conditions }),
    ...(has('observations') && { observations: fields.observations }),
  }
}

/** What an amendment changes of the exam's own fields, before and after (NOM-004). */
export function fieldChanges(
  current: AdmissionExamFields,
  changes: Partial<AdmissionExamFields>,
): Partial<Record<AdmissionExamField, ExamFieldChange>> {
  const found: Partial<Record<AdmissionExamField, ExamFieldChange>> = {}
  for (const field of FIELDS) {
    if (!(field in changes)) continue
    const was = current[field] ?? null
    const now = changes[field] ?? null
    if (!sameJson(was, now)) found[field] = { before: was, after: now }
  }
  return found
}

export const treatmentOf = (row: TreatmentDbRow): Treatment & { deleted: boolean } => ({
  id: row.id,
  medicine: row.medicine,
  dose: row.dose,
  indications: row.indications,
  deleted: row.deletedAt !== null,
})

export async function findAdmissionExam(tx: Tx, id: string): Promise<AdmissionExamRow | null> {
  const [row] = await tx.select().from(admissionExams).where(eq(admissionExams.id, id))
  return row ?? null
}

export async function treatmentsOfExams(tx: Tx, examIds: string[]): Promise<TreatmentDbRow[]> {
  if (examIds.length === 0) return []
  return tx
    .select()
    .from(admissionExamTreatments)
    .where(inArray(admissionExamTreatments.examId, examIds))
    .orderBy(asc(admissionExamTreatments.createdAt), asc(admissionExamTreatments.id))
}

/** The exams as the API and the feed answer them, with treatments, author and amendments. */
export async function presentAdmissionExams(tx: Tx, rows: AdmissionExamRow[]): Promise<AdmissionExam[]> {
  const ids = rows.map((row) => row.id)
  const treatments = await treatmentsOfExams(tx, ids)
  const amendments =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(admissionExamAmendments)
          .where(inArray(admissionExamAmendments.examId, ids))
          .orderBy(asc(admissionExamAmendments.version))
  const authors = await authorsOf(tx, [
    ...rows.map((row) => row.createdBy),
    ...amendments.map((row) => row.amendedBy),
  ])
  const treatmentsByExam = new Map<string, TreatmentRow[]>(ids.map((id) => [id, []]))
  for (const row of treatments) {
    const { deleted: _, ...treatment } = treatmentOf(row)
    treatmentsByExam.get(row.examId)?.push({ ...treatment, deleted_at: row.deletedAt })
  }
  const amendmentsByExam = new Map<string, AdmissionExamAmendment[]>(ids.map((id) => [id, []]))
  for (const row of amendments) {
    const author = row.amendedBy ? authors.get(row.amendedBy) : undefined
    amendmentsByExam.get(row.examId)?.push({
      id: row.id,
      version: row.version,
      amended_at: row.amendedAt,
      amended_by: author ? { id: author.id, name: author.name } : null,
      changes: row.changes,
    })
  }
  return rows.map((row) => ({
    id: row.id,
    patient_id: row.patientId,
    ...fieldsOf(row),
    treatments: treatmentsByExam.get(row.id) ?? [],
    author: (row.createdBy && authors.get(row.createdBy)) || null,
    amendments: amendmentsByExam.get(row.id) ?? [],
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: row.deletedAt ?? null,
  }))
}

export async function presentAdmissionExam(tx: Tx, row: AdmissionExamRow): Promise<AdmissionExam> {
  return (await presentAdmissionExams(tx, [row]))[0] as AdmissionExam
}

/** Whether a create repeats an earlier one: the same patient, fields and treatments (DESIGN §5). */
export function sameCreate(
  row: AdmissionExamRow,
  treatments: TreatmentDbRow[],
  patientId: string,
  fields: AdmissionExamFields,
  sent: Treatment[],
): boolean {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const stored = treatments.map((t) => {
    const { deleted: _, ...treatment } = treatmentOf(t)
    return treatment
  })
  return (
    row.patientId === patientId &&
    row.version === 1 &&
    sameJson(fieldsOf(row), fields) &&
    sameJson(stored.sort(byId), [...sent].sort(byId))
  )
}
