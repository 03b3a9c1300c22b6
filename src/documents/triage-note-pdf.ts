import {
  consultationDateTime,
  documentBytes,
  drawLetterhead,
  drawPageFrames,
  openDocument,
  patientDetails,
  writeSignature,
  writeTitle,
} from './consultation-page'
import { inPairs, vitalSignRows } from './consultation-vital-signs'
import { type Flow, writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'
import type { TriageDocumentInput } from './triage-input'
import { triageTexts } from './triage-texts'
import { parseInstant, zonedDayAndTime } from './zoned-time'

const BODY = { fontSize: 10 }

/** YYYY/MM/DD of a plain day, as SPEC §9 prints dates. */
const day = (iso: string) => iso.slice(0, 10).replaceAll('-', '/')

/**
 * The note of a COVID triage consultation (issue 20; `GET /medic-consultation/pdf` is to return the
 * same bytes): the letterhead; who was seen, when and by whom; status, case and symptoms; the
 * vital signs with oxygen and consciousness; the NEWS2 score with the proposed and the chosen
 * classification (and the reason of an override); quarantine; the note; and the signature line
 * with the professional's cédula. Built on the device with no network.
 */
export function buildTriageNotePdf(original: TriageDocumentInput): { bytes: Uint8Array; fileName: string } {
  const texts = triageTexts[original.language]
  const { flow, texts: shared, input } = openDocument(original, 'triage', texts.title)
  const { consultation } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.title)
  writeColumns(flow, [`${shared.patient}: ${input.patient.name}`], BODY)
  writeColumns(flow, patientDetails(input, shared), BODY)
  flow.y += 1.5
  writeColumns(
    flow,
    [`${shared.date}: ${consultationDateTime(input)}`, `${texts.status}: ${consultation.status}`],
    BODY,
  )
  if (consultation.covid_case) writeColumns(flow, [`${texts.covidCase}: ${consultation.covid_case}`], BODY)
  flow.y += 1.5
  writeColumns(flow, [`${texts.professional}: ${input.prescriber.name}`], BODY)
  writeColumns(
    flow,
    [input.prescriber.title, `${shared.professionalLicense}: ${input.prescriber.professional_license}`],
    BODY,
  )

  if (consultation.symptoms.length > 0 || consultation.first_symptom_date) {
    writeHeading(flow, texts.symptoms)
    if (consultation.symptoms.length > 0) writeParagraph(flow, consultation.symptoms.join(', '), BODY)
    if (consultation.first_symptom_date)
      writeParagraph(flow, `${texts.firstSymptom}: ${day(consultation.first_symptom_date)}`, BODY)
  }
  const signs = vitalSignRows(consultation.vital_signs, shared)
  if (consultation.supplemental_oxygen) signs.push([texts.oxygen, consultation.supplemental_oxygen])
  if (consultation.consciousness) signs.push([texts.consciousness, consultation.consciousness])
  if (signs.length > 0) {
    writeHeading(flow, shared.vitalSigns)
    writeTable(flow, {
      headings: [shared.vitalSign, shared.value, shared.vitalSign, shared.value],
      widths: [3, 2, 3, 2],
      rows: inPairs(signs),
    })
  }
  if (consultation.risk_factors.length > 0) {
    writeHeading(flow, texts.riskFactors)
    writeParagraph(flow, consultation.risk_factors.join(', '), BODY)
  }
  writeClassification(flow, input)
  if (consultation.quarantine_start_date) {
    writeHeading(flow, texts.quarantine)
    const end = consultation.quarantine_end_date ? day(consultation.quarantine_end_date) : null
    writeParagraph(flow, texts.quarantineFrom(day(consultation.quarantine_start_date), end), BODY)
  }
  if (consultation.notes?.trim()) {
    writeHeading(flow, texts.notes)
    writeParagraph(flow, consultation.notes.trim(), BODY)
  }
  writeSignature(flow, input, shared)
  drawPageFrames(flow, `${texts.title} · ${input.patient.name} · ${consultationDateTime(input)}`, input)
  return { bytes: documentBytes(flow), fileName: triageFileName(input) }
}

/** The NEWS2 score, the rule's proposal and the professional's choice (and what changed it since). */
function writeClassification(flow: Flow, input: TriageDocumentInput) {
  const texts = triageTexts[input.language]
  const { consultation } = input
  const name = (code: keyof typeof texts.classifications) => texts.classifications[code]
  writeHeading(flow, texts.classification)
  const rows: string[][] = [
    [texts.news2, String(consultation.news2_score)],
    [texts.proposed, name(consultation.proposed_classification)],
    [texts.chosen, name(consultation.chosen_classification)],
  ]
  if (consultation.override_reason) rows.push([texts.overrideReason, consultation.override_reason])
  if (consultation.reclassified_to) rows.push([texts.reclassifiedTo, name(consultation.reclassified_to)])
  writeTable(flow, { headings: [texts.classification, ''], widths: [3, 7], rows })
}

/** The file's name: the document and the triage's local day (SPEC §7: DD_MM_YYYY). */
export function triageFileName(input: TriageDocumentInput): string {
  const { day: local } = zonedDayAndTime(parseInstant(input.consultation.occurred_at), input.timeZone)
  return `${triageTexts[input.language].fileName}_${local.split('-').reverse().join('_')}.pdf`
}
