import { isoToDateText } from '../contract/rules/formats'
import { documentBytes, drawLetterhead, openDocument, PAGE, writeTitle } from './consultation-page'
import { consultationTexts } from './consultation-texts'
import { inPairs } from './consultation-vital-signs'
import type { DigitalRecordDocumentInput } from './digital-record-document'
import { digitalRecordTexts } from './digital-record-texts'
import {
  ensureRoom,
  type Flow,
  lineHeight,
  paragraphHeight,
  writeHeading,
  writeParagraph,
  writeTable,
} from './pdf-flow'
import { specDateTime, zonedDayAndTime } from './zoned-time'

/**
 * The patient's whole digital record as one PDF (issue 24): identification and alerts, the
 * latest vital signs, the record's sections, then every record of the timeline newest first,
 * each with its lines. Every page names the patient and their CURP and is numbered, so a loose
 * page still says whose it is. Built from `digitalRecordDocumentOf`'s input alone, on the device
 * offline and on the server for `GET /patients/clinical-history/download/{id}`: the same input
 * gives the same bytes (decision 0010).
 */

const BODY = { fontSize: 10 }
const ENTRY_HEAD = { fontSize: 10, bold: true }
const ENTRY_LINE = { fontSize: 9, indent: 4 }
/** Where the footer's two lines sit: the patient and the page, then when it was generated. */
const FOOTER = { patient: PAGE.height - 12.5, generated: PAGE.height - 8 }

/** One labelled line of the identification or the alerts: "Alergias: penicilina; polen". */
function writeLabelled(flow: Flow, label: string, values: readonly string[], none: string) {
  writeParagraph(flow, `${label}: ${values.length > 0 ? values.join('; ') : none}`, BODY)
}

/** A timeline entry: its date, kind and title in bold, kept with its first line; then its lines. */
function writeEntry(flow: Flow, entry: DigitalRecordDocumentInput['timeline'][number]) {
  const head = `${entry.when} · ${entry.kind} · ${entry.title}`
  const first = entry.lines[0]
  ensureRoom(
    flow,
    paragraphHeight(flow, head, ENTRY_HEAD) + (first ? lineHeight(ENTRY_LINE.fontSize) : 0) + 2,
  )
  flow.y += 2
  writeParagraph(flow, head, ENTRY_HEAD)
  for (const line of entry.lines) writeParagraph(flow, line, ENTRY_LINE)
}

/**
 * The header of every page after the first (the first has the letterhead) and the footer of every
 * page: the patient's name and CURP with "Página n de N", then the moment it was generated.
 */
function drawFrames(flow: Flow, input: DigitalRecordDocumentInput) {
  const { doc } = flow
  const texts = digitalRecordTexts[input.language]
  const shared = consultationTexts[input.language]
  const pages = doc.getNumberOfPages()
  const patient = [input.patient.name, input.patient.curp ? `${shared.curp}: ${input.patient.curp}` : '']
    .filter(Boolean)
    .join(' · ')
  const generated = shared.generatedOn(specDateTime(input.generatedAt, input.timeZone))
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(90, 96, 102)
    if (page > 1) {
      doc.text(texts.title, PAGE.margin, 13)
      doc.setDrawColor(190, 196, 202)
      doc.line(PAGE.margin, 16, PAGE.width - PAGE.margin, 16)
    }
    doc.setDrawColor(190, 196, 202)
    doc.line(PAGE.margin, FOOTER.patient - 3.5, PAGE.width - PAGE.margin, FOOTER.patient - 3.5)
    doc.setTextColor(20, 24, 28)
    doc.text(
      (doc.splitTextToSize(patient, flow.width - 30) as string[])[0] ?? '',
      PAGE.margin,
      FOOTER.patient,
    )
    doc.text(shared.page(page, pages), PAGE.width - PAGE.margin, FOOTER.patient, { align: 'right' })
    doc.setTextColor(90, 96, 102)
    doc.text(generated, PAGE.margin, FOOTER.generated)
  }
}

export function buildDigitalRecordPdf(original: DigitalRecordDocumentInput): {
  bytes: Uint8Array
  fileName: string
} {
  const texts = digitalRecordTexts[original.language]
  const { flow, texts: shared, input } = openDocument(original, 'digital-record', texts.title)
  // The footer takes two lines here: the text stops above its rule.
  flow.bottom = FOOTER.patient - 6
  const { patient, alerts } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.title)

  flow.y += 2
  const facts: [string, string | null][] = [
    [texts.name, patient.name],
    [shared.curp, patient.curp],
    [
      texts.birthDate,
      patient.birth_date
        ? `${isoToDateText(patient.birth_date)}${patient.age !== null ? ` (${texts.years(patient.age)})` : ''}`
        : null,
    ],
    [shared.sex, patient.sex],
    [texts.nss, patient.nss],
    [texts.payrollNumber, patient.payroll_number],
    [texts.bloodType, patient.blood_type],
  ]
  writeTable(flow, {
    headings: [texts.identification, '', '', ''],
    widths: [2.2, 3.8, 2.2, 3.8],
    rows: inPairs(facts.map(([label, value]) => [label, value ?? '—'])),
  })

  writeHeading(flow, texts.alerts)
  writeLabelled(flow, texts.allergies, alerts.allergies, texts.noneRecorded)
  writeLabelled(flow, texts.alertsAndNeeds, alerts.alertsAndNeeds, texts.noneRecorded)
  if (alerts.labels.length > 0) writeLabelled(flow, texts.specialLabels, alerts.labels, texts.noneRecorded)
  if (alerts.pregnancy) writeParagraph(flow, alerts.pregnancy, { ...BODY, bold: true })

  writeHeading(flow, texts.latestVitalSigns)
  if (input.vitalSigns.length === 0) writeParagraph(flow, texts.noVitalSigns, BODY)
  else
    writeTable(flow, {
      headings: [texts.sign, texts.value, texts.takenOn, texts.source],
      widths: [3, 2, 2, 2.5],
      rows: input.vitalSigns.map((sign) => [sign.label, sign.value, sign.when, sign.source]),
    })

  writeHeading(flow, texts.sections)
  for (const section of input.sections) {
    writeLabelled(flow, section.title, section.entries, texts.noneRecorded)
  }

  writeHeading(flow, texts.timeline)
  if (input.timeline.length === 0) writeParagraph(flow, texts.noEntries, BODY)
  for (const entry of input.timeline) writeEntry(flow, entry)

  drawFrames(flow, input)
  const { day } = zonedDayAndTime(input.generatedAt, input.timeZone)
  return {
    bytes: documentBytes(flow),
    fileName: `${texts.fileName}_${day.split('-').reverse().join('_')}.pdf`,
  }
}
