import type { AdmissionExam } from '../contract/schemas/admission-exams'
import type { LocalAdmissionExam, LocalDb } from '../db/local-db'
import { admissionExamDocumentOf, type ExamContext } from '../documents/exam-document'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { sexOf } from './document-frame'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

/**
 * What the admission exam's document needs beyond the row, read from the device's cache as the
 * server reads it (`exam-documents.routes.ts`): the letterhead's name and logo, and the patient.
 */
async function contextOf(
  db: LocalDb,
  exam: LocalAdmissionExam,
  language: DocumentLanguage,
  timeZone: string,
): Promise<ExamContext> {
  const [patient, letterhead] = await Promise.all([
    db.patients.get(exam.patient_id),
    readLetterhead(db).then((held) => held ?? refreshLetterhead(db)),
  ])
  const row = (patient ?? {}) as Record<string, unknown>
  const text = (field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null)
  return {
    language,
    timeZone,
    tenant: { name: letterhead?.name ?? '', logo: letterhead?.logo ?? null, address: null },
    patient: {
      name: [text('name'), text('last_name'), text('second_last_name')].filter(Boolean).join(' '),
      birth_date: text('birth_date'),
      sex: await sexOf(db, row),
      curp: text('curp'),
    },
  }
}

/**
 * The whole admission exam as a PDF built on the device (issue 22) through the mapping and the
 * builder the server's `pdf` call uses, so the bytes are the server's for the same exam asked in
 * the same time zone. Needs no network; jsPDF loads here only.
 */
export async function admissionExamDocumentFromDevice(
  db: LocalDb,
  exam: LocalAdmissionExam,
  language: DocumentLanguage,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const context = await contextOf(db, exam, language, timeZone)
  // The exam as the server answers it, and nothing of the device's own (its sync state): the
  // document's file id is made from its input. A row the server has not answered yet has no
  // history nor server dates: its own fields stand.
  const at = (value: unknown) => (typeof value === 'string' ? value : `${exam.examined_on}T12:00:00.000Z`)
  const stored: AdmissionExam = {
    id: exam.id,
    patient_id: exam.patient_id,
    examined_on: exam.examined_on,
    position: exam.position,
    family_history: exam.family_history,
    hygiene_housing: exam.hygiene_housing,
    personal_background: exam.personal_background,
    work_background: exam.work_background,
    systems_interrogation: exam.systems_interrogation,
    physical_exploration: exam.physical_exploration,
    lab_results: exam.lab_results,
    result: exam.result,
    conditions: exam.conditions,
    observations: exam.observations,
    treatments: exam.treatments.map((row) => ({ ...row, deleted_at: row.deleted_at ?? null })),
    author: exam.author ?? null,
    amendments: exam.amendments ?? [],
    version: exam.version,
    created_at: at(exam.created_at),
    updated_at: at(exam.updated_at),
    deleted_at: exam.deleted_at ?? null,
  }
  const { buildAdmissionExamPdf } = await import('../documents/admission-exam-pdf')
  return buildAdmissionExamPdf(admissionExamDocumentOf(stored, context))
}

/** Builds the exam's document on the device and saves it as a download; answers the file's name. */
export async function downloadAdmissionExamDocument(
  db: LocalDb,
  exam: LocalAdmissionExam,
  language: DocumentLanguage,
): Promise<string> {
  const { bytes, fileName } = await admissionExamDocumentFromDevice(db, exam, language)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}
