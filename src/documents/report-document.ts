import {
  type DocumentFrame,
  documentBytes,
  drawLetterhead,
  drawPageFrames,
  openDocument,
  patientDetails,
  SIGNATURE_HEIGHT,
  writeSignature,
  writeTitle,
} from './consultation-page'
import { ensureRoom, type Flow, writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'
import { drawLogo } from './pdf-logo'

/**
 * The document of a medical report (issue 23): a short clinical history, a health status
 * certificate, a disability or an ST-7. Each report maps its record onto this plain input (its
 * `*DocumentOf`, the names already in the document's language), and one builder prints them all
 * the same way on the device and on the server (decision 0010: the same input gives the same
 * bytes). `consultation.occurred_at` is the report's day, which the patient's age is taken on.
 */
export type ReportDocumentInput = DocumentFrame & { report: ReportBody }

export type ReportDocumentKind = 'short-history' | 'health-certificate' | 'disability' | 'incident-report'

export interface ReportBody {
  kind: ReportDocumentKind
  /** The record's id; printed nowhere, it only tells two documents apart. */
  id: string
  title: string
  /** The start of the file's name, before the DD_MM_YYYY stamp of `day`. */
  fileName: string
  /** YYYY-MM-DD: the report's own day. */
  day: string
  /** Lines under the title (the certificate's statement, the form's reference). */
  lead: string[]
  sections: ReportSection[]
  /** A signature drawn on the tablet (PNG or JPEG data URL), printed over the professional's line. */
  signature: string | null
  /** Who else signs, each a line beside the professional's (the ST-7's employer and worker). */
  otherSigners: string[]
}

/**
 * A part of the report: a table of label and value (as the IMSS forms box their fields), a
 * paragraph, or both. A part with nothing in it is not printed.
 */
export interface ReportSection {
  heading: string
  rows?: [string, string][]
  text?: string | null
}

const BODY = { fontSize: 10 }
const SIGNATURE_BOX = { width: 50, height: 18 }

/** Several signature lines side by side, each with its label under it. */
function writeSignerLines(flow: Flow, labels: readonly string[]) {
  if (labels.length === 0) return
  ensureRoom(flow, 26)
  flow.y += 18
  const width = flow.width / labels.length
  const { doc } = flow
  labels.forEach((label, index) => {
    const x = flow.left + width * index + width / 2
    doc.setDrawColor(60, 66, 72)
    doc.line(x - width / 2 + 6, flow.y, x + width / 2 - 6, flow.y)
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(20, 24, 28)
    doc.text(doc.splitTextToSize(label, width - 12) as string[], x, flow.y + 4, { align: 'center' })
  })
  flow.y += 10
}

export function buildReportPdf(original: ReportDocumentInput): { bytes: Uint8Array; fileName: string } {
  const { flow, texts: shared, input } = openDocument(original, original.report.kind, original.report.title)
  const { report } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, report.title)
  for (const line of report.lead) writeParagraph(flow, line, BODY)
  flow.y += 1.5
  writeColumns(flow, [`${shared.patient}: ${input.patient.name}`], BODY)
  writeColumns(flow, patientDetails(input, shared), BODY)
  for (const section of report.sections) {
    const rows = (section.rows ?? []).filter(([, value]) => value.trim() !== '')
    const text = section.text?.trim()
    if (rows.length === 0 && !text) continue
    writeHeading(flow, section.heading)
    if (rows.length > 0) writeTable(flow, { headings: [section.heading, ''], widths: [3, 7], rows })
    if (text) writeParagraph(flow, text, BODY)
  }
  if (report.signature) {
    ensureRoom(flow, SIGNATURE_BOX.height + SIGNATURE_HEIGHT)
    flow.y += 4
    drawLogo(flow.doc, report.signature, {
      x: flow.left + flow.width / 2 - SIGNATURE_BOX.width / 2,
      y: flow.y,
      ...SIGNATURE_BOX,
    })
    // The drawn signature sits on the line writeSignature draws under it.
    flow.y += SIGNATURE_BOX.height - 18
  }
  writeSignature(flow, input, shared)
  writeSignerLines(flow, report.otherSigners)
  drawPageFrames(flow, `${report.title} · ${input.patient.name} · ${day(report.day)}`, input)
  return {
    bytes: documentBytes(flow),
    fileName: `${report.fileName}_${report.day.split('-').reverse().join('_')}.pdf`,
  }
}

/** YYYY/MM/DD of a plain day, as SPEC §9 prints dates. */
export const day = (iso: string) => iso.slice(0, 10).replaceAll('-', '/')
