import type { ConsultationDocumentInput } from './consultation-input'
import {
  consultationDateTime,
  documentBytes,
  drawLetterhead,
  drawPageFrames,
  fileNameOf,
  patientDetails,
  startDocument,
  writeSignature,
  writeTitle,
} from './consultation-page'
import type { ConsultationTexts } from './consultation-texts'
import { inPairs, vitalSignRows } from './consultation-vital-signs'
import { type Flow, writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'
import { writeMedicines } from './prescription-lines'
import { parseInstant, specDateTime } from './zoned-time'

const BODY = { fontSize: 10 }

/**
 * The consultation note (issue 19; GET /patients/encounter/download/{id} returns the same bytes):
 * the letterhead; who was seen, when, how and by whom; the reason, vital signs, SOAP notes and
 * diagnoses with their CIE-10 codes and affected systems; the treatment in words; NOM-004's
 * history of amendments; and the physician's name and signature line. Long notes flow across
 * pages, every page numbered.
 */
export function buildConsultationNotePdf(original: ConsultationDocumentInput): {
  bytes: Uint8Array
  fileName: string
} {
  const { flow, texts, input } = startDocument(original, 'note')
  const { consultation } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.noteTitle)
  writeIdentification(flow, input, texts)

  if (consultation.reason) {
    writeHeading(flow, texts.reason)
    writeParagraph(flow, consultation.reason, BODY)
  }
  const signs = vitalSignRows(consultation.vital_signs, texts)
  if (signs.length > 0) {
    writeHeading(flow, texts.vitalSigns)
    writeTable(flow, {
      headings: [texts.vitalSign, texts.value, texts.vitalSign, texts.value],
      widths: [3, 2, 3, 2],
      rows: inPairs(signs),
    })
  }
  writeNote(flow, texts.notes.subjective, consultation.notes.subjective)
  writeNote(flow, texts.notes.objective, consultation.notes.objective)
  if (consultation.diagnoses.length > 0) {
    writeHeading(flow, texts.diagnoses)
    writeTable(flow, {
      headings: [texts.diagnosisCode, texts.diagnosis, texts.affectedSystem],
      widths: [1.2, 5, 3],
      rows: consultation.diagnoses.map((d) => [d.code, d.name, d.affected_system ?? '']),
    })
  }
  writeNote(flow, texts.notes.analysis, consultation.notes.analysis)
  writeNote(flow, texts.notes.plan, consultation.notes.plan)
  if (consultation.prescription.length > 0) {
    writeHeading(flow, texts.treatment)
    writeMedicines(flow, consultation.prescription, input.language, texts, {
      heading: { ...BODY, bold: true },
      direction: { ...BODY, indent: 5 },
      gap: 1.5,
    })
  }
  if (consultation.amendments.length > 0) {
    writeHeading(flow, texts.amendments)
    for (const amendment of consultation.amendments) {
      const when = specDateTime(parseInstant(amendment.at), input.timeZone)
      const what = amendment.changed.map((part) => texts.part[part]).join(', ')
      writeParagraph(flow, texts.amended(when, amendment.by, what), BODY)
    }
  }
  writeSignature(flow, input, texts)

  drawPageFrames(flow, `${texts.noteTitle} · ${input.patient.name} · ${consultationDateTime(input)}`, input)
  return { bytes: documentBytes(flow), fileName: fileNameOf(input, 'note') }
}

/** Who was seen, when and how, and by whom. */
function writeIdentification(flow: Flow, input: ConsultationDocumentInput, texts: ConsultationTexts) {
  const { consultation, prescriber } = input
  const modality =
    consultation.modality === 'remote' && consultation.call_duration
      ? `${texts.modalities.remote} (${texts.callDuration(consultation.call_duration)})`
      : texts.modalities[consultation.modality]
  writeColumns(flow, [`${texts.patient}: ${input.patient.name}`], BODY)
  writeColumns(flow, patientDetails(input, texts), BODY)
  flow.y += 1.5
  writeColumns(
    flow,
    [
      `${texts.date}: ${consultationDateTime(input)}`,
      `${texts.consultationType}: ${texts.type[consultation.type]}`,
    ],
    BODY,
  )
  writeColumns(flow, [`${texts.modality}: ${modality}`], BODY)
  flow.y += 1.5
  writeColumns(flow, [`${texts.prescriber}: ${prescriber.name}`], BODY)
  writeColumns(
    flow,
    [prescriber.title, `${texts.professionalLicense}: ${prescriber.professional_license}`],
    BODY,
  )
}

/** One of the SOAP notes under its heading; an empty one is left out. */
function writeNote(flow: Flow, heading: string, text: string | null) {
  if (!text?.trim()) return
  writeHeading(flow, heading)
  writeParagraph(flow, text.trim(), BODY)
}
