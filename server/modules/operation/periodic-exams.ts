import { asc, eq, inArray } from 'drizzle-orm'
import type { OccupationalExposure } from '../../../src/contract/schemas/occupational-exposures'
import {
  type ClinicalExamResult,
  type ClinicalExamResultRow,
  type ExamCondition,
  type ExamFieldChange,
  PERIODIC_EXAM_FIELDS,
  type PeriodicExam,
  type PeriodicExamAmendment,
  type PeriodicExamField,
} from '../../../src/contract/schemas/periodic-exams'
import type { Tx } from '../../db/client'
import { catalogueEntries, periodicExamAmendments, periodicExamResults, periodicExams } from '../../db/schema'
import { authorsOf, sameJson } from './encounters'

export type PeriodicExamRow = typeof periodicExams.$inferSelect
export type PeriodicExamResultRow = typeof periodicExamResults.$inferSelect

const FIELDS = Object.keys(PERIODIC_EXAM_FIELDS) as PeriodicExamField[]

export interface PeriodicExamFields {
  examined_on: string
  condition: ExamCondition
  observations: string | null
  recommendations: string | null
  exposures: OccupationalExposure[]
}

/** The exam's own fields as the contract names them. */
export function fieldsOf(row: PeriodicExamRow): PeriodicExamFields {
  return {
    examined_on: row.examinedOn,
    // Written only from the contract's picklist.
    condition: row.condition as ExamCondition,
    observations: row.observations,
    recommendations: row.recommendations,
    exposures: row.exposures,
  }
}

/** The columns a create or an amendment writes, from the contract's fields (those present). */
export function columnsOf(fields: Partial<PeriodicExamFields>) {
  return {
    ...(fields.examined_on !== undefined && { examinedOn: fields.examined_on }),
    ...(fields.condition !== undefined && { condition: fields.condition }),
    ...(fields.observations !== undefined && { observations: fields.observations }),
    ...(fields.recommendations !== undefined && { recommendations: fields.recommendations }),
    ...(fields.exposures !== undefined && { exposures: fields.exposures }),
  }
}

/** What an amendment changes of the exam's own fields, before and after (NOM-004). */
export function fieldChanges(
  current: PeriodicExamFields,
  changes: Partial<PeriodicExamFields>,
): Partial<Record<PeriodicExamField, ExamFieldChange>> {
  const found: Partial<Record<PeriodicExamField, ExamFieldChange>> = {}
  for (const field of FIELDS) {
    if (!(field in changes)) continue
    const was = current[field] ?? null
    const now = changes[field] ?? null
    if (!sameJson(was, now)) found[field] = { before: was, after: now }
  }
  return found
}

/** A clinical exam row as the contract names it, with whether it was removed. */
export const resultOf = (row: PeriodicExamResultRow): ClinicalExamResult & { deleted: boolean } => ({
  id: row.id,
  clinical_exam_id: row.clinicalExamId,
  result: row.result,
  deleted: row.deletedAt !== null,
})

export async function findPeriodicExam(tx: Tx, id: string): Promise<PeriodicExamRow | null> {
  const [row] = await tx.select().from(periodicExams).where(eq(periodicExams.id, id))
  return row ?? null
}

export async function resultsOfExams(tx: Tx, examIds: string[]): Promise<PeriodicExamResultRow[]> {
  if (examIds.length === 0) return []
  return tx
    .select()
    .from(periodicExamResults)
    .where(inArray(periodicExamResults.examId, examIds))
    .orderBy(asc(periodicExamResults.createdAt), asc(periodicExamResults.id))
}

/** The names of catalogue entries (removed ones too: an old exam still shows what it named). */
async function entryNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(inArray(catalogueEntries.id, wanted))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * The exams as the API and the feed answer them: each with its clinical exams (named from the
 * catalogue), its author and its amendments, in four statements for all of them.
 */
export async function presentPeriodicExams(tx: Tx, rows: PeriodicExamRow[]): Promise<PeriodicExam[]> {
  const ids = rows.map((row) => row.id)
  const results = await resultsOfExams(tx, ids)
  const amendments =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(periodicExamAmendments)
          .where(inArray(periodicExamAmendments.examId, ids))
          .orderBy(asc(periodicExamAmendments.version))
  const names = await entryNames(
    tx,
    results.map((row) => row.clinicalExamId),
  )
  const authors = await authorsOf(tx, [
    ...rows.map((row) => row.createdBy),
    ...amendments.map((row) => row.amendedBy),
  ])
  const byExam = new Map<string, ClinicalExamResultRow[]>(ids.map((id) => [id, []]))
  for (const row of results) {
    byExam.get(row.examId)?.push({
      id: row.id,
      clinical_exam_id: row.clinicalExamId,
      clinical_exam_name: names.get(row.clinicalExamId) ?? '',
      result: row.result,
      deleted_at: row.deletedAt,
    })
  }
  const amendmentsByExam = new Map<string, PeriodicExamAmendment[]>(ids.map((id) => [id, []]))
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
    clinical_exams: byExam.get(row.id) ?? [],
    author: (row.createdBy && authors.get(row.createdBy)) || null,
    amendments: amendmentsByExam.get(row.id) ?? [],
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: row.deletedAt ?? null,
  }))
}

export async function presentPeriodicExam(tx: Tx, row: PeriodicExamRow): Promise<PeriodicExam> {
  return (await presentPeriodicExams(tx, [row]))[0] as PeriodicExam
}

/** Whether a create repeats an earlier one: the same patient, fields and clinical exams (DESIGN §5). */
export function sameCreate(
  row: PeriodicExamRow,
  results: PeriodicExamResultRow[],
  patientId: string,
  fields: PeriodicExamFields,
  clinicalExams: ClinicalExamResult[],
): boolean {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const stored = results.map(({ id, clinicalExamId, result }) => ({
    id,
    clinical_exam_id: clinicalExamId,
    result,
  }))
  const sent = clinicalExams.map(({ id, clinical_exam_id, result }) => ({ id, clinical_exam_id, result }))
  return (
    row.patientId === patientId &&
    row.version === 1 &&
    sameJson(fieldsOf(row), fields) &&
    sameJson(stored.sort(byId), sent.sort(byId))
  )
}
