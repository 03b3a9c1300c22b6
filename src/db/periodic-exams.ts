import { periodicExamResultFiles } from '../contract/endpoints/periodic-exams'
import type { LocalDb, LocalFile, LocalPeriodicExam } from './local-db'

/** A patient's live periodic exams, newest first (by day, then by id: UUIDv7 orders by creation). */
export async function periodicExamsOf(db: LocalDb, patientId: string): Promise<LocalPeriodicExam[]> {
  const rows = await db.periodicExams.where('patient_id').equals(patientId).toArray()
  return rows
    .filter((exam) => !exam.deleted_at)
    .sort((a, b) => b.examined_on.localeCompare(a.examined_on) || b.id.localeCompare(a.id))
}

/** The exam before `exam` in the patient's history (what its exposures are compared with). */
export function previousExam(
  exams: readonly LocalPeriodicExam[],
  exam: LocalPeriodicExam | null,
): LocalPeriodicExam | null {
  if (!exam) return exams[0] ?? null
  const index = exams.findIndex((other) => other.id === exam.id)
  return index >= 0 ? (exams[index + 1] ?? null) : null
}

/** The live files of each clinical exam row of an exam, by row id. */
export async function resultFilesOf(
  db: LocalDb,
  exam: Pick<LocalPeriodicExam, 'clinical_exams'>,
): Promise<Map<string, LocalFile[]>> {
  const ids = exam.clinical_exams.map((row) => row.id)
  const files =
    ids.length === 0
      ? []
      : await db.files
          .where('[owner_kind+owner_id]')
          .anyOf(ids.map((id) => [periodicExamResultFiles.kind, id]))
          .toArray()
  const byRow = new Map<string, LocalFile[]>()
  for (const file of files) {
    if (file.deleted_at) continue
    byRow.set(file.owner_id, [...(byRow.get(file.owner_id) ?? []), file])
  }
  return byRow
}
