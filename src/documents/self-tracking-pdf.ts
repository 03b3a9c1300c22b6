import { jsPDF } from 'jspdf'
import { downloadDateStamp } from '../contract/rules/dates'
import type { BloodPressureRange } from '../contract/schemas/catalogs'
import type { ReadingKind } from '../contract/schemas/readings'
import { fileIdOf } from './file-id'
import { drawLogo } from './pdf-logo'
import { drawTable, type TableLayout } from './pdf-table'
import { type Column, columnsOf, type ReadingOf } from './self-tracking-columns'
import { type DocumentLanguage, selfTrackingTexts } from './self-tracking-texts'
import { parseInstant, readableDateTime, readableDay, zonedDayAndTime } from './zoned-time'

/** The log of one kind: the kind and its readings, typed together. */
export type KindLog = { [K in ReadingKind]: { kind: K; rows: readonly ReadingOf<K>[] } }[ReadingKind]

export type ReadingsPdfInput = KindLog & {
  /** The first and last day of the log (YYYY-MM-DD, both included, in `timeZone`). */
  from: string
  to: string
  tenant: { name: string; logo: string | null }
  patient: { name: string; curp: string | null }
  language: DocumentLanguage
  /** The tenant's blood-pressure-ranges catalog, to name each reading's category. */
  bloodPressureRanges: readonly BloodPressureRange[]
  generatedAt: Date
  /** The IANA zone the days and times are read in (a reading at 23:30 belongs to its local day). */
  timeZone: string
}

/** Where the document's times are read when the caller knows no better: central Mexico. */
export const DOCUMENT_TIME_ZONE = 'America/Mexico_City'

const PAGE = { width: 210, height: 297, margin: 15 }
const FOOTER_Y = PAGE.height - 8
const LOGO_BOX = { width: 32, height: 16 }

/** The readings that belong in the log: not deleted, taken within the days asked, oldest first. */
export function readingsInRange<Row extends ReadingOf<ReadingKind>>(
  rows: readonly Row[],
  range: { from: string; to: string; timeZone: string },
): Row[] {
  return rows
    .map((row) => ({ row, at: parseInstant(row.taken_at) }))
    .filter(({ row, at }) => {
      if (row.deleted_at) return false
      const { day } = zonedDayAndTime(at, range.timeZone)
      return day >= range.from && day <= range.to
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.row.id.localeCompare(b.row.id))
    .map(({ row }) => row)
}

/**
 * The PDF of a patient's self-tracking log for a date range (issue 7), the same on the device
 * (offline) and on the server (the …/pdf calls): same input, same bytes. Tenant logo and name,
 * the log's title, the patient's name and CURP, the period, a table of the entries, page
 * numbers and the moment it was generated.
 */
export function buildReadingsPdf(input: ReadingsPdfInput): { bytes: Uint8Array; fileName: string } {
  const texts = selfTrackingTexts[input.language]
  const rows = readingsInRange<ReadingOf<ReadingKind>>(input.rows, input)
  // Each kind's columns read that kind's rows; the union of kinds cannot say so by itself.
  const columns = columnsOf[input.kind]({
    texts,
    bloodPressureRanges: input.bloodPressureRanges,
  }) as Column<ReadingOf<ReadingKind>>[]

  const cells = rows.map((row) => [
    readableDateTime(parseInstant(row.taken_at), input.timeZone),
    ...columns.map((column) => column.cell(row)),
  ])

  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false, putOnlyUsedFonts: true })
  doc.setCreationDate(input.generatedAt)
  // From what the document prints, not from the rows' other columns (the server's rows carry more).
  doc.setFileId(
    fileIdOf(
      JSON.stringify([
        input.kind,
        input.language,
        input.from,
        input.to,
        input.tenant.name,
        input.tenant.logo?.length ?? 0,
        input.patient,
        cells,
        input.generatedAt.toISOString(),
        input.timeZone,
      ]),
    ),
  )
  doc.setDocumentProperties({ title: texts.title[input.kind], author: input.tenant.name })
  doc.setLanguage(input.language === 'es' ? 'es-MX' : 'en-US')

  const nameX = PAGE.margin + drawLogo(doc, input.tenant.logo, { x: PAGE.margin, y: 10, ...LOGO_BOX })
  doc.setTextColor(20, 24, 28)
  doc.setFont('helvetica', 'bold').setFontSize(12)
  doc.text(input.tenant.name, nameX, 19)
  doc.setFontSize(16)
  doc.text(texts.title[input.kind], PAGE.margin, 36)
  doc.setFont('helvetica', 'normal').setFontSize(10)
  doc.text(`${texts.patient}: ${input.patient.name}`, PAGE.margin, 44)
  doc.text(`${texts.curp}: ${input.patient.curp ?? ''}`, PAGE.margin, 49)
  doc.text(texts.period(readableDay(input.from), readableDay(input.to)), PAGE.margin, 54)

  const layout: TableLayout = {
    left: PAGE.margin,
    width: PAGE.width - 2 * PAGE.margin,
    top: PAGE.margin,
    bottom: FOOTER_Y - 6,
    fontSize: 9,
  }
  if (rows.length === 0) {
    doc.setFontSize(11)
    doc.text(texts.noEntries, PAGE.margin, 66)
  } else {
    drawTable(
      doc,
      layout,
      {
        headings: [texts.column.takenAt, ...columns.map((column) => column.heading)],
        widths: [2.2, ...columns.map((column) => column.width)],
        rows: cells,
      },
      60,
    )
  }

  const pages = doc.getNumberOfPages()
  const generated = texts.generatedOn(readableDateTime(input.generatedAt, input.timeZone))
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(90, 96, 102)
    doc.text(generated, PAGE.margin, FOOTER_Y)
    doc.text(texts.page(page, pages), PAGE.width - PAGE.margin, FOOTER_Y, { align: 'right' })
  }

  return {
    bytes: new Uint8Array(doc.output('arraybuffer')),
    fileName: `${texts.fileName[input.kind]}_${downloadDateStamp(input.generatedAt)}.pdf`,
  }
}
