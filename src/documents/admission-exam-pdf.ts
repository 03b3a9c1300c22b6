import {
  ADMISSION_SECTION_NAMES,
  type AdmissionExam,
  BODY_REGIONS,
  BODY_SYSTEMS,
} from '../contract/schemas/admission-exams'
import {
  documentBytes,
  drawLetterhead,
  drawPageFrames,
  openDocument,
  writeSignature,
  writeTitle,
} from './consultation-page'
import type { ConsultationTexts } from './consultation-texts'
import { inPairs, vitalSignRows } from './consultation-vital-signs'
import {
  type AdmissionExamDocumentInput,
  examFileName,
  examPatientDetails,
  printedDay,
  writeAmendments,
} from './exam-document'
import type { ExamTexts } from './exam-texts'
import { examTexts } from './exam-texts'
import { type Flow, writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'
import { amount } from './self-tracking-columns'

const BODY = { fontSize: 10 }
type Pair = [string, string]

/** Label and value of each text that holds something, in the order given. */
function filled(
  texts: ExamTexts,
  fields: Record<string, string | null | undefined>,
  keys: readonly string[],
): Pair[] {
  return keys.flatMap((key): Pair[] => {
    const value = fields[key]?.trim()
    return value ? [[texts.labels[key] ?? key, value]] : []
  })
}

function writePairs(flow: Flow, rows: Pair[]) {
  if (rows.length > 0) writeTable(flow, { headings: ['', ''], widths: [3, 7], rows })
}

/** Each section's body: tables of what it holds, or "not recorded" while it is empty. */
function writeSection(
  flow: Flow,
  exam: AdmissionExam,
  section: (typeof ADMISSION_SECTION_NAMES)[number],
  texts: ExamTexts,
  shared: ConsultationTexts,
) {
  const label = (key: string) => texts.labels[key] ?? key
  writeHeading(flow, texts.sections[section])
  if (exam[section] === null) {
    writeParagraph(flow, texts.notFilled, BODY)
    return
  }
  switch (section) {
    case 'family_history': {
      const { entries, notes } = exam.family_history ?? { entries: [], notes: null }
      if (entries.length > 0)
        writeTable(flow, {
          headings: [label('relative'), label('condition'), label('alive')],
          widths: [2, 6, 1.5],
          rows: entries.map((e) => [
            label(e.relative),
            e.condition,
            e.alive === null ? '' : e.alive ? texts.yes : texts.no,
          ]),
        })
      if (notes) writeParagraph(flow, notes, BODY)
      return
    }
    case 'hygiene_housing': {
      const habits = exam.hygiene_housing
      if (!habits) return
      if (habits.consumptions.length > 0)
        writeTable(flow, {
          headings: [label('substance'), label('consumption'), label('times_per_week'), label('age_started')],
          widths: [3, 2, 2, 2],
          rows: habits.consumptions.map((c) => [
            label(c.substance),
            String(c.consumption),
            String(c.times_per_week),
            c.age_started === null ? '' : String(c.age_started),
          ]),
        })
      writePairs(flow, [
        ...filled(texts, { physical_activity: habits.physical_activity }, ['physical_activity']),
        ...(habits.activity_times_per_week === null
          ? []
          : [[label('activity_times_per_week'), String(habits.activity_times_per_week)] as Pair]),
        [label('baths_per_week'), String(habits.baths_per_week)],
        [label('housing_type'), label(habits.housing_type)],
        [label('housing_services'), habits.housing_services.map(label).join(', ')],
        [label('inhabitants'), String(habits.inhabitants)],
        ...filled(texts, { pets: habits.pets, notes: habits.notes }, ['pets', 'notes']),
      ])
      return
    }
    case 'personal_background': {
      const background = exam.personal_background ?? {}
      writePairs(
        flow,
        filled(texts, background as Record<string, string | null>, [
          'chronic_diseases',
          'surgeries',
          'traumas',
          'allergies',
          'transfusions',
          'hospitalizations',
          'notes',
        ]),
      )
      return
    }
    case 'work_background': {
      const work = exam.work_background
      if (!work) return
      if (work.previous_jobs.length > 0)
        writeTable(flow, {
          headings: [
            label('company'),
            label('job_position'),
            label('job_years'),
            texts.exposures,
            label('protective_equipment'),
          ],
          widths: [3, 2.5, 1, 3.5, 2.5],
          rows: work.previous_jobs.map((job) => [
            job.company,
            job.position,
            String(job.years),
            job.exposures.map((e) => `${texts.agents[e.agent]} (${e.years})`).join(', '),
            job.protective_equipment ?? '',
          ]),
        })
      writePairs(
        flow,
        filled(
          texts,
          { work_accidents: work.work_accidents, occupational_diseases: work.occupational_diseases },
          ['work_accidents', 'occupational_diseases'],
        ),
      )
      return
    }
    case 'systems_interrogation':
      writePairs(
        flow,
        filled(texts, (exam.systems_interrogation ?? {}) as Record<string, string | null>, BODY_SYSTEMS),
      )
      return
    case 'physical_exploration': {
      const exploration = exam.physical_exploration
      if (!exploration) return
      const signs: Pair[] = vitalSignRows(exploration, shared)
      if (exploration.waist_cm !== null) signs.push([label('waist_cm'), `${amount(exploration.waist_cm)} cm`])
      if (exploration.hip_cm !== null) signs.push([label('hip_cm'), `${amount(exploration.hip_cm)} cm`])
      writeTable(flow, {
        headings: [shared.vitalSign, shared.value, shared.vitalSign, shared.value],
        widths: [3, 2, 3, 2],
        rows: inPairs(signs),
      })
      writePairs(
        flow,
        filled(texts, exploration as unknown as Record<string, string | null>, [
          'visual_acuity_right',
          'visual_acuity_left',
          ...BODY_REGIONS,
        ]),
      )
      return
    }
    case 'lab_results': {
      const lab = exam.lab_results
      if (!lab) return
      if (lab.results.length > 0)
        writeTable(flow, {
          headings: [texts.clinicalExam, texts.result, label('performed_on')],
          widths: [3, 5.5, 1.8],
          rows: lab.results.map((r) => [r.name, r.result, r.performed_on ? printedDay(r.performed_on) : '']),
        })
      if (lab.notes) writeParagraph(flow, lab.notes, BODY)
      return
    }
  }
}

/**
 * The whole admission (pre-employment) exam (issue 22; `GET /patients/admission-medical-exam/pdf/{id}`
 * returns the same bytes): who was examined for which position, when and by whom; the result and
 * its conditions; the seven sections in SPEC §2's order (a draft's empty ones say so); the
 * treatments; observations; the amendments; the signature line. Built on the device offline, and
 * by the server from the same input.
 */
export function buildAdmissionExamPdf(original: AdmissionExamDocumentInput): {
  bytes: Uint8Array
  fileName: string
} {
  const texts = examTexts[original.language]
  const { flow, texts: shared, input } = openDocument(original, 'admission-exam', texts.admissionTitle)
  const { exam } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.admissionTitle)
  writeColumns(flow, [`${shared.patient}: ${input.patient.name}`], BODY)
  writeColumns(flow, examPatientDetails(input, exam.examined_on), BODY)
  flow.y += 1.5
  writeColumns(
    flow,
    [
      `${shared.date}: ${printedDay(exam.examined_on)}`,
      `${texts.admissionResult}: ${exam.result ? texts.admissionResults[exam.result] : texts.pending}`,
    ],
    BODY,
  )
  if (exam.position) writeColumns(flow, [`${texts.position}: ${exam.position}`], BODY)
  if (exam.conditions) writeColumns(flow, [`${texts.admissionConditions}: ${exam.conditions}`], BODY)
  flow.y += 1.5
  writeColumns(flow, [`${texts.professional}: ${input.prescriber.name}`], BODY)
  for (const section of ADMISSION_SECTION_NAMES) writeSection(flow, exam, section, texts, shared)
  const treatments = exam.treatments.filter((t) => t.deleted_at === null)
  if (treatments.length > 0) {
    writeHeading(flow, texts.treatments)
    writeTable(flow, {
      headings: [texts.medicine, texts.dose, texts.indications],
      widths: [3, 2, 5],
      rows: treatments.map((t) => [t.medicine, t.dose ?? '', t.indications ?? '']),
    })
  }
  if (exam.observations?.trim()) {
    writeHeading(flow, texts.observations)
    writeParagraph(flow, exam.observations.trim(), BODY)
  }
  const names: Record<string, string> = {
    ...texts.sections,
    examined_on: shared.date,
    position: texts.position,
    result: texts.admissionResult,
    conditions: texts.admissionConditions,
    observations: texts.observations,
    treatments: texts.treatments,
  }
  writeAmendments(flow, input, exam.amendments, (field) => names[field] ?? field)
  writeSignature(flow, input, shared)
  drawPageFrames(
    flow,
    `${texts.admissionTitle} · ${input.patient.name} · ${printedDay(exam.examined_on)}`,
    input,
  )
  return { bytes: documentBytes(flow), fileName: examFileName(texts.fileName.admission, exam.examined_on) }
}
