import type { jsPDF } from 'jspdf'
import { drawTable } from './pdf-table'

/**
 * Text that flows down the page and on to the next: headings kept with what follows them,
 * paragraphs wrapped to the width and split across pages line by line, tables (pdf-table.ts)
 * that repeat their heading row. The caller draws each page's header and footer afterwards,
 * once the number of pages is known.
 */
export interface Flow {
  doc: jsPDF
  /** Where the next line starts. */
  y: number
  left: number
  width: number
  /** Where writing starts on a page after the first. */
  top: number
  /** The lowest a line may reach. */
  bottom: number
}

const LINE_FACTOR = 1.2
const POINT_IN_MM = 25.4 / 72

/** The height of one line of text at a font size, in mm. */
export const lineHeight = (fontSize: number) => fontSize * LINE_FACTOR * POINT_IN_MM

/** Starts a new page when fewer than `height` mm are left on this one. */
export function ensureRoom(flow: Flow, height: number): void {
  if (flow.y + height <= flow.bottom) return
  flow.doc.addPage()
  flow.y = flow.top
}

export interface TextStyle {
  fontSize: number
  bold?: boolean
  /** mm from the flow's left edge. */
  indent?: number
}

function applyStyle(flow: Flow, style: TextStyle) {
  flow.doc.setFont('helvetica', style.bold ? 'bold' : 'normal').setFontSize(style.fontSize)
  flow.doc.setTextColor(20, 24, 28)
}

/** The text wrapped to the flow's width (its own line breaks kept). */
export function wrap(flow: Flow, text: string, style: TextStyle): string[] {
  applyStyle(flow, style)
  return flow.doc.splitTextToSize(text, flow.width - (style.indent ?? 0)) as string[]
}

/** How tall a paragraph would be at the flow's width. */
export function paragraphHeight(flow: Flow, text: string, style: TextStyle): number {
  return wrap(flow, text, style).length * lineHeight(style.fontSize)
}

/**
 * Writes a paragraph, as many of its lines on each page as fit. `keepLines` lines at least go
 * together on the first page (a heading passes its own lines plus the paragraph's first).
 */
export function writeParagraph(flow: Flow, text: string, style: TextStyle, keepLines = 1): void {
  const lines = wrap(flow, text, style)
  const height = lineHeight(style.fontSize)
  ensureRoom(flow, Math.min(keepLines, lines.length) * height)
  let next = 0
  while (next < lines.length) {
    const fit = Math.max(1, Math.floor((flow.bottom - flow.y) / height + 1e-6))
    const chunk = lines.slice(next, next + fit)
    applyStyle(flow, style)
    // jsPDF places the first baseline at y; the line's box starts one font size above it.
    flow.doc.text(chunk, flow.left + (style.indent ?? 0), flow.y + style.fontSize * POINT_IN_MM, {
      lineHeightFactor: LINE_FACTOR,
    })
    flow.y += chunk.length * height
    next += chunk.length
    if (next < lines.length) {
      flow.doc.addPage()
      flow.y = flow.top
    }
  }
}

/** A section's heading, kept on one page with the first lines that follow it. */
export function writeHeading(flow: Flow, text: string): void {
  const style = { fontSize: 11, bold: true }
  ensureRoom(flow, 4 + lineHeight(style.fontSize) + 2 * lineHeight(10))
  flow.y += 4
  writeParagraph(flow, text, style)
  flow.y += 1
}

/** A table at the flow's place, rows moving on to the next page as pdf-table does. */
export function writeTable(
  flow: Flow,
  table: { headings: string[]; widths: number[]; rows: string[][] },
  fontSize = 9,
): void {
  ensureRoom(flow, 3 * lineHeight(fontSize) + 6)
  flow.y = drawTable(
    flow.doc,
    { left: flow.left, width: flow.width, top: flow.top, bottom: flow.bottom, fontSize },
    table,
    flow.y,
  )
}

/**
 * Short items side by side in equal columns ("Edad: 41 años", "Sexo: Femenino", "CURP: …"),
 * each wrapped to its column; the row moves to the next page whole.
 */
export function writeColumns(flow: Flow, items: readonly string[], style: TextStyle): void {
  if (items.length === 0) return
  const columnWidth = flow.width / items.length
  applyStyle(flow, style)
  const cells = items.map((item) => flow.doc.splitTextToSize(item, columnWidth - 3) as string[])
  const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight(style.fontSize)
  ensureRoom(flow, height)
  cells.forEach((lines, index) => {
    flow.doc.text(lines, flow.left + index * columnWidth, flow.y + style.fontSize * POINT_IN_MM, {
      lineHeightFactor: LINE_FACTOR,
    })
  })
  flow.y += height
}
