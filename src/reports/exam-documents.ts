import type { AdmissionExam } from '../contract/schemas/admission-exams'
import type { PeriodicExam } from '../contract/schemas/periodic-exams'
import type { LocalAdmissionExam, LocalDb, LocalPatient, LocalPeriodicExam } from '../db/local-db'
import { admissionExamDocumentOf, type ExamContext, periodicExamDocumentOf } from '../documents/exam-document'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { sexOf } from './document-frame'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

/**
 * The occupational exams' PDFs built on the device (issue 22), through the mappings the server's
 * `…/periodic-exams/{id}/download` and `admission-medical-exam/pdf/{id}` use
 * (`src/documents/exam-document.ts`), so both print the same bytes for the same exam in the same
 * zone. Needs no network; jsPDF loads here only.
 */

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

async function contextOf(
  db: LocalDb,
  patient: LocalPatient | undefined,
  language: DocumentLanguage,
  timeZone: string,
): Promise<ExamContext> {
  const letterhead = (await readLetterhead(db)) ?? (await refreshLetterhead(db))
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
 * The exam as the API answers it, from the device's row: a row recorded here and not yet answered
 * is dated by its own day, and its clinical exams are named from the cached catalogue.
 */
async function periodicExamOf(db: LocalDb, row: LocalPeriodicExam): Promise<PeriodicExam> {
  const names = new Map(
    (await db.catalogueEntries.where('catalogue').equals('clinicalExam').toArray()).map((e) => [
      e.id,
      e.name,
    ]),
  )
  const stamp = typeof row.updated_at === 'string' ? row.updated_at : `${row.examined_on}T12:00:00.000Z`
  return {
    id: row.id,
    patient_id: row.patient_id,
    examined_on: row.examined_on,
    condition: row.condition,
    observations: row.observations ?? null,
    recommendations: row.recommendations ?? null,
    exposures: row.exposures ?? [],
    clinical_exams: row.clinical_exams.map((exam) => ({
      id: exam.id,
      clinical_exam_id: exam.clinical_exam_id,
      result: exam.result ?? null,
      clinical_exam_name: exam.clinical_exam_name ?? names.get(exam.clinical_exam_id) ?? '',
      deleted_at: exam.deleted_at ?? null,
    })),
    author: row.author ?? null,
    amendments: row.amendments ?? [],
    version: row.version,
    created_at: typeof row.created_at === 'string' ? row.created_at : stamp,
    updated_at: stamp,
    deleted_at: row.deleted_at ?? null,
  }
}

/** A periodic exam's PDF from its row and the cache. */
export async function periodicExamDocumentFromDevice(
  db: LocalDb,
  row: LocalPeriodicExam,
  language: DocumentLanguage,
  timeZone = deviceZone(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const patient = await db.patients.get(row.patient_id)
  const context = await contextOf(db, patient, language, timeZone)
  const frequency = typeof patient?.exam_frequency === 'string' ? patient.exam_frequency : null
  const { buildPeriodicExamPdf } = await import('../documents/periodic-exam-pdf')
  return buildPeriodicExamPdf(periodicExamDocumentOf(await periodicExamOf(db, row), context, frequency))
}

/** Builds a periodic exam's PDF on the device and saves it as a download; answers its name. */
export async function downloadPeriodicExamDocument(
  db: LocalDb,
  row: LocalPeriodicExam,
  language: DocumentLanguage,
): Promise<string> {
  const { bytes, fileName } = await periodicExamDocumentFromDevice(db, row, language)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}

/** An admission exam's PDF from its row and the cache (the exams-admission screens offer it). */
export async function admissionExamDocumentFromDevice(
  db: LocalDb,
  row: LocalAdmissionExam,
  language: DocumentLanguage,
  timeZone = deviceZone(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const patient = await db.patients.get(row.patient_id)
  const context = await contextOf(db, patient, language, timeZone)
  const stamp = typeof row.updated_at === 'string' ? row.updated_at : `${row.examined_on}T12:00:00.000Z`
  const { syncState: _, ...fields } = row
  const exam = {
    ...fields,
    treatments: row.treatments.map((treatment) => ({
      ...treatment,
      deleted_at: treatment.deleted_at ?? null,
    })),
    author: row.author ?? null,
    amendments: row.amendments ?? [],
    created_at: typeof row.created_at === 'string' ? row.created_at : stamp,
    updated_at: stamp,
    deleted_at: row.deleted_at ?? null,
  } as AdmissionExam // the row holds the API's fields under their own names
  const { buildAdmissionExamPdf } = await import('../documents/admission-exam-pdf')
  return buildAdmissionExamPdf(admissionExamDocumentOf(exam, context))
}
