import type { jsPDF } from 'jspdf'

/**
 * A plain table drawn with jsPDF's own text and lines (no table plugin: one dependency less on
 * both sides): a shaded heading row repeated on every page, cells wrapped to their column, a
 * new page before a row that would cross the bottom margin.
 */

export interface TableLayout {
  left: number
  width: number
  /** Where the rows may start on a page after the first. */
  top: number
  /** The lowest a row may reach. */
  bottom: number
  fontSize: number
}

const PADDING = 1.5
const LINE_FACTOR = 1.2
const POINT_IN_MM = 25.4 / 72

function lineHeight(layout: TableLayout) {
  return layout.fontSize * LINE_FACTOR * POINT_IN_MM
}

/** Draws one row of cells from `y`; answers the row's height. */
function drawRow(
  doc: jsPDF,
  layout: TableLayout,
  widths: number[],
  cells: string[],
  y: number,
  heading: boolean,
) {
  const lines = cells.map(
    (text, index) => doc.splitTextToSize(text, (widths[index] ?? 0) - 2 * PADDING) as string[],
  )
  const height = Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight(layout) + 2 * PADDING
  if (heading) {
    doc.setFillColor(228, 232, 236)
    doc.rect(layout.left, y, layout.width, height, 'F')
  }
  doc.setFont('helvetica', heading ? 'bold' : 'normal')
  let x = layout.left
  lines.forEach((cell, index) => {
    // The baseline of the first line sits one font size below the padding.
    doc.text(cell, x + PADDING, y + PADDING + layout.fontSize * POINT_IN_MM, {
      lineHeightFactor: LINE_FACTOR,
    })
    x += widths[index] ?? 0
  })
  doc.setDrawColor(190, 196, 202)
  doc.line(layout.left, y + height, layout.left + layout.width, y + height)
  return height
}

function rowHeight(doc: jsPDF, layout: TableLayout, widths: number[], cells: string[]) {
  const lines = cells.map(
    (text, index) => (doc.splitTextToSize(text, (widths[index] ?? 0) - 2 * PADDING) as string[]).length,
  )
  return Math.max(1, ...lines) * lineHeight(layout) + 2 * PADDING
}

/**
 * Draws the table from `y` on the current page, adding pages as needed; answers where it ended.
 * `widths` are relative and are spread over the layout's width.
 */
export function drawTable(
  doc: jsPDF,
  layout: TableLayout,
  table: { headings: string[]; widths: number[]; rows: string[][] },
  startY: number,
): number {
  const total = table.widths.reduce((sum, width) => sum + width, 0)
  const widths = table.widths.map((width) => (width / total) * layout.width)
  doc.setFontSize(layout.fontSize)
  doc.setTextColor(20, 24, 28)
  let y = startY + drawRow(doc, layout, widths, table.headings, startY, true)
  for (const cells of table.rows) {
    if (y + rowHeight(doc, layout, widths, cells) > layout.bottom) {
      doc.addPage()
      doc.setFontSize(layout.fontSize)
      y = layout.top + drawRow(doc, layout, widths, table.headings, layout.top, true)
    }
    y += drawRow(doc, layout, widths, cells, y, false)
  }
  return y
}
