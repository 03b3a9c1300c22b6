import {
  documentBytes,
  drawLetterhead,
  drawPageFrames,
  openDocument,
  writeSignature,
  writeTitle,
} from './consultation-page'
import {
  examFileName,
  examPatientDetails,
  type PeriodicExamDocumentInput,
  printedDay,
  writeAmendments,
  writeExposures,
} from './exam-document'
import { examTexts } from './exam-texts'
import { writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'

const BODY = { fontSize: 10 }

/**
 * The document of a periodic exam (issue 22; `GET /patients/{patient}/periodic-exams/{id}/download`
 * returns the same bytes): the letterhead; who was examined, when, by whom; the condition rating
 * and the next exam's day; the clinical exams performed with their results; the occupational
 * exposures seen; observations and recommendations; the amendments; the signature line. Built on
 * the device with no network, and by the server from the same input.
 */
export function buildPeriodicExamPdf(original: PeriodicExamDocumentInput): {
  bytes: Uint8Array
  fileName: string
} {
  const texts = examTexts[original.language]
  const { flow, texts: shared, input } = openDocument(original, 'periodic-exam', texts.periodicTitle)
  const { exam } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.periodicTitle)
  writeColumns(flow, [`${shared.patient}: ${input.patient.name}`], BODY)
  writeColumns(flow, examPatientDetails(input, exam.examined_on), BODY)
  flow.y += 1.5
  writeColumns(
    flow,
    [
      `${shared.date}: ${printedDay(exam.examined_on)}`,
      `${texts.condition}: ${texts.conditions[exam.condition]}`,
      `${texts.nextExam}: ${printedDay(input.nextDueOn)}`,
    ],
    BODY,
  )
  flow.y += 1.5
  writeColumns(flow, [`${texts.professional}: ${input.prescriber.name}`], BODY)
  const live = exam.clinical_exams.filter((row) => row.deleted_at === null)
  if (live.length > 0) {
    writeHeading(flow, texts.clinicalExams)
    writeTable(flow, {
      headings: [texts.clinicalExam, texts.result],
      widths: [3, 7],
      rows: live.map((row) => [row.clinical_exam_name, row.result ?? '']),
    })
  }
  writeExposures(flow, texts, exam.exposures, texts.exposures)
  if (exam.observations?.trim()) {
    writeHeading(flow, texts.observations)
    writeParagraph(flow, exam.observations.trim(), BODY)
  }
  if (exam.recommendations?.trim()) {
    writeHeading(flow, texts.recommendations)
    writeParagraph(flow, exam.recommendations.trim(), BODY)
  }
  const names: Record<string, string> = {
    examined_on: shared.date,
    condition: texts.condition,
    observations: texts.observations,
    recommendations: texts.recommendations,
    exposures: texts.exposures,
    clinical_exams: texts.clinicalExams,
  }
  writeAmendments(flow, input, exam.amendments, (field) => names[field] ?? field)
  writeSignature(flow, input, shared)
  drawPageFrames(
    flow,
    `${texts.periodicTitle} · ${input.patient.name} · ${printedDay(exam.examined_on)}`,
    input,
  )
  return { bytes: documentBytes(flow), fileName: examFileName(texts.fileName.periodic, exam.examined_on) }
}
