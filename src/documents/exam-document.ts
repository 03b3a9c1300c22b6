import { ageOn } from '../contract/rules/age'
import { nextExamDue } from '../contract/rules/periodic-exam-due'
import type { AdmissionExam } from '../contract/schemas/admission-exams'
import type { OccupationalExposure } from '../contract/schemas/occupational-exposures'
import type { PeriodicExam } from '../contract/schemas/periodic-exams'
import type { DocumentFrame } from './consultation-page'
import { consultationTexts } from './consultation-texts'
import { type ExamTexts, examTexts } from './exam-texts'
import type { Flow } from './pdf-flow'
import { writeHeading, writeTable } from './pdf-flow'
import { parseInstant, specDateTime } from './zoned-time'

/**
 * The occupational exams as their documents read them (issue 22): the exam as the API and the
 * feed answer it (plain data the device caches too), framed by what each side reads from its own
 * store — letterhead, patient, language and zone. The device and the server both call the
 * mappings below, so one exam gives the same bytes on both (decision 0010).
 */
export type ExamFrame = Omit<DocumentFrame, 'consultation'>

/** What an exam's document needs beyond the exam, each side reading it from its own store. */
export interface ExamContext extends Pick<DocumentFrame, 'language' | 'timeZone' | 'tenant' | 'patient'> {}

export interface PeriodicExamDocumentInput extends ExamFrame {
  exam: PeriodicExam
  /** When the next exam is due at the patient's frequency (`nextExamDue`). */
  nextDueOn: string
}

export interface AdmissionExamDocumentInput extends ExamFrame {
  exam: AdmissionExam
}

type Authored = { author: { name: string; title: string | null; professional_license: string | null } | null }

/** The frame of an exam's document: signed by who recorded it, dated by its last change (not the clock). */
function frameOf(exam: Authored & { updated_at: string }, context: ExamContext): ExamFrame {
  return {
    language: context.language,
    timeZone: context.timeZone,
    generatedAt: parseInstant(exam.updated_at),
    tenant: context.tenant,
    prescriber: {
      name: exam.author?.name ?? '',
      title: exam.author?.title ?? '',
      professional_license: exam.author?.professional_license ?? '',
    },
    patient: context.patient,
  }
}

/** A periodic exam's document input; `frequency` is the patient's `exam_frequency` code. */
export function periodicExamDocumentOf(
  exam: PeriodicExam,
  context: ExamContext,
  frequency: string | null,
): PeriodicExamDocumentInput {
  return { ...frameOf(exam, context), exam, nextDueOn: nextExamDue(exam.examined_on, frequency) }
}

export function admissionExamDocumentOf(
  exam: AdmissionExam,
  context: ExamContext,
): AdmissionExamDocumentInput {
  return { ...frameOf(exam, context), exam }
}

/** YYYY/MM/DD of a plain day, as SPEC §9 prints dates. */
export const printedDay = (iso: string) => iso.slice(0, 10).replaceAll('-', '/')

/** The patient's age on the exam's day, sex and CURP, those known, each as "Label: value". */
export function examPatientDetails(input: ExamFrame, examinedOn: string): string[] {
  const shared = consultationTexts[input.language]
  const { patient } = input
  return [
    patient.birth_date ? shared.age(ageOn(patient.birth_date, examinedOn)) : '',
    patient.sex ? `${shared.sex}: ${patient.sex}` : '',
    patient.curp ? `${shared.curp}: ${patient.curp}` : '',
  ].filter(Boolean)
}

/** The file's name: the document and the exam's day (SPEC §7: DD_MM_YYYY). */
export const examFileName = (prefix: string, examinedOn: string) =>
  `${prefix}_${examinedOn.slice(0, 10).split('-').reverse().join('_')}.pdf`

/** The exposures as a table (agent, years, notes), under their heading; nothing when there are none. */
export function writeExposures(
  flow: Flow,
  texts: ExamTexts,
  exposures: readonly OccupationalExposure[],
  heading: string,
) {
  if (exposures.length === 0) return
  writeHeading(flow, heading)
  writeTable(flow, {
    headings: [texts.agent, texts.years, texts.notes],
    widths: [3, 1.5, 6],
    rows: exposures.map((e) => [texts.agents[e.agent], String(e.years), e.notes ?? '']),
  })
}

/** What each amendment changed, one line each: version, when, who and the fields' names. */
export function writeAmendments(
  flow: Flow,
  input: ExamFrame,
  amendments: ReadonlyArray<{
    version: number
    amended_at: string
    amended_by: { name: string } | null
    changes: object
  }>,
  fieldName: (field: string) => string,
) {
  if (amendments.length === 0) return
  const texts = examTexts[input.language]
  writeHeading(flow, texts.amendments)
  writeTable(flow, {
    headings: [texts.amendments],
    widths: [1],
    rows: amendments.map((a) => [
      texts.amendment(
        a.version,
        specDateTime(parseInstant(a.amended_at), input.timeZone),
        a.amended_by?.name ?? '',
        Object.keys(a.changes).map(fieldName).join(', '),
      ),
    ]),
  })
}
