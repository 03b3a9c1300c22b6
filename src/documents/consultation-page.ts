import { jsPDF } from 'jspdf'
import { ageOn } from '../contract/rules/age'
import type { ConsultationDocumentInput } from './consultation-input'
import { type ConsultationTexts, consultationTexts } from './consultation-texts'
import { canonicalJson, fileIdOf } from './file-id'
import { ensureRoom, type Flow } from './pdf-flow'
import { drawLogo } from './pdf-logo'
import { printableInput } from './printable-text'
import { parseInstant, specDateTime, zonedDayAndTime } from './zoned-time'

/**
 * What the consultation note and the prescription share: an A4 page, the tenant's letterhead on
 * the first page, a running header that names the document and the patient on the pages after
 * it, and the footer with the page number on every page.
 */

export const PAGE = { width: 210, height: 297, margin: 15 }
const FOOTER_Y = PAGE.height - 8
const LOGO_BOX = { width: 32, height: 16 }
/** Where writing starts on a page after the first, below the running header. */
const CONTINUATION_TOP = 22

export type ConsultationDocumentKind = 'note' | 'prescription'

/**
 * What every clinical document of a consultation carries around its body: the language, zone and
 * date, the letterhead, who signs and who was seen, and when (the triage note shares it).
 */
export type DocumentFrame = Pick<
  ConsultationDocumentInput,
  'language' | 'timeZone' | 'generatedAt' | 'tenant' | 'prescriber' | 'patient'
> & { consultation: { occurred_at: string } }

/**
 * An empty document whose bytes depend only on the input (decision 0010), and the input with its
 * texts made printable in the document's font, which the builder prints from.
 */
export function startDocument(original: ConsultationDocumentInput, kind: ConsultationDocumentKind) {
  const texts = consultationTexts[original.language]
  return openDocument(original, kind, kind === 'note' ? texts.noteTitle : texts.prescriptionTitle)
}

/** An empty A4 document for any clinical document with a frame's language, date and letterhead (its `kind` tells them apart). */
export function openDocument<T extends Pick<DocumentFrame, 'language' | 'generatedAt' | 'tenant'>>(
  original: T,
  kind: string,
  title: string,
) {
  const input = printableInput(original)
  const texts = consultationTexts[input.language]
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false, putOnlyUsedFonts: true })
  doc.setCreationDate(input.generatedAt)
  doc.setFileId(fileIdOf(canonicalJson([kind, input])))
  doc.setDocumentProperties({ title, author: input.tenant.name })
  doc.setLanguage(input.language === 'es' ? 'es-MX' : 'en-US')
  const flow: Flow = {
    doc,
    y: PAGE.margin,
    left: PAGE.margin,
    width: PAGE.width - 2 * PAGE.margin,
    top: CONTINUATION_TOP,
    bottom: FOOTER_Y - 7,
  }
  return { doc, flow, texts, input }
}

/** The tenant's logo, name and address line, and a rule under them; moves the flow below. */
export function drawLetterhead(flow: Flow, tenant: ConsultationDocumentInput['tenant']): void {
  const { doc } = flow
  const nameX = PAGE.margin + drawLogo(doc, tenant.logo, { x: PAGE.margin, y: 10, ...LOGO_BOX })
  doc.setTextColor(20, 24, 28)
  doc.setFont('helvetica', 'bold').setFontSize(13)
  doc.text(doc.splitTextToSize(tenant.name, PAGE.width - PAGE.margin - nameX) as string[], nameX, 17)
  if (tenant.address) {
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(70, 76, 82)
    doc.text(doc.splitTextToSize(tenant.address, PAGE.width - PAGE.margin - nameX) as string[], nameX, 23)
  }
  doc.setDrawColor(150, 158, 166)
  doc.line(PAGE.margin, 29, PAGE.width - PAGE.margin, 29)
  flow.y = 33
}

/** The document's title under the letterhead. */
export function writeTitle(flow: Flow, title: string): void {
  flow.doc.setFont('helvetica', 'bold').setFontSize(15).setTextColor(20, 24, 28)
  flow.doc.text(title, flow.left, flow.y + 5)
  flow.y += 10
}

/** When the consultation took place, as the documents print it: YYYY/MM/DD HH:MM. */
export function consultationDateTime(input: Pick<DocumentFrame, 'consultation' | 'timeZone'>): string {
  return specDateTime(parseInstant(input.consultation.occurred_at), input.timeZone)
}

/** The patient's age, sex and CURP, those known, each as "Label: value". */
export function patientDetails(input: DocumentFrame, texts: ConsultationTexts): string[] {
  const { patient } = input
  const { day } = zonedDayAndTime(parseInstant(input.consultation.occurred_at), input.timeZone)
  return [
    patient.birth_date ? texts.age(ageOn(patient.birth_date, day)) : '',
    patient.sex ? `${texts.sex}: ${patient.sex}` : '',
    patient.curp ? `${texts.curp}: ${patient.curp}` : '',
  ].filter(Boolean)
}

/** The file's name: the document and the consultation's local day (SPEC §7: DD_MM_YYYY). */
export function fileNameOf(input: ConsultationDocumentInput, kind: ConsultationDocumentKind): string {
  const { day } = zonedDayAndTime(parseInstant(input.consultation.occurred_at), input.timeZone)
  const stamp = day.split('-').reverse().join('_')
  return `${consultationTexts[input.language].fileName[kind]}_${stamp}.pdf`
}

/**
 * Draws the running header on every page after the first and the footer on every page, now that
 * the pages are counted: "Página 1 de 2" on the right, the moment it was generated on the left.
 */
export function drawPageFrames(
  flow: Flow,
  runningHeader: string,
  input: Pick<DocumentFrame, 'language' | 'generatedAt' | 'timeZone'>,
): void {
  const { doc } = flow
  const texts = consultationTexts[input.language]
  const pages = doc.getNumberOfPages()
  const generated = texts.generatedOn(specDateTime(input.generatedAt, input.timeZone))
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(90, 96, 102)
    if (page > 1) {
      const header = doc.splitTextToSize(runningHeader, flow.width) as string[]
      doc.text(header[0] ?? '', PAGE.margin, 13)
      doc.setDrawColor(190, 196, 202)
      doc.line(PAGE.margin, 16, PAGE.width - PAGE.margin, 16)
    }
    doc.text(generated, PAGE.margin, FOOTER_Y)
    doc.text(texts.page(page, pages), PAGE.width - PAGE.margin, FOOTER_Y, { align: 'right' })
  }
}

/** The room the signature takes: the space to sign, the line and three lines under it. */
export const SIGNATURE_HEIGHT = 34

/**
 * The physician's signature line with their name and cédula under it: NOM-004 ends a note with
 * them, and a pharmacy takes a prescription only signed.
 */
export function writeSignature(
  flow: Flow,
  input: Pick<DocumentFrame, 'prescriber'>,
  texts: ConsultationTexts,
) {
  ensureRoom(flow, SIGNATURE_HEIGHT)
  flow.y += 18
  const { doc } = flow
  const x = flow.left + flow.width / 2
  doc.setDrawColor(60, 66, 72)
  doc.line(x - 40, flow.y, x + 40, flow.y)
  doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(20, 24, 28)
  doc.text(texts.signature, x, flow.y + 4, { align: 'center' })
  doc.text(input.prescriber.name, x, flow.y + 8.5, { align: 'center' })
  doc.text(`${texts.professionalLicense}: ${input.prescriber.professional_license}`, x, flow.y + 13, {
    align: 'center',
  })
  flow.y += 15
}

/** The finished document's bytes. */
export function documentBytes(flow: Flow): Uint8Array {
  return new Uint8Array(flow.doc.output('arraybuffer'))
}
