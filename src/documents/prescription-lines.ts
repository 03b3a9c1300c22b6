import { doseInstruction } from '../contract/rules/dose-instruction'
import type { PrescriptionLine } from './consultation-input'
import type { ConsultationTexts } from './consultation-texts'
import { ensureRoom, type Flow, paragraphHeight, type TextStyle, writeParagraph } from './pdf-flow'
import type { DocumentLanguage } from './self-tracking-texts'

/** What a medicine is, numbered: "1. Paracetamol · Tableta 500 mg". */
export function medicineHeading(line: PrescriptionLine, index: number): string {
  return `${index + 1}. ${line.medicine} · ${[line.presentation, line.dose].filter(Boolean).join(' ')}`
}

/** How to take it, in words, then the prescriber's indications if any. */
export function medicineDirections(
  line: PrescriptionLine,
  language: DocumentLanguage,
  texts: ConsultationTexts,
): string[] {
  const instruction = `${doseInstruction(line, language)}.`
  const indications = line.indications?.trim()
  return indications ? [instruction, `${texts.indications}: ${indications}`] : [instruction]
}

/**
 * Writes the medicines one under the other, each whole on one page: a medicine's name never
 * stays at the foot of a page with its instruction on the next. `keepWithLast` is room the last
 * one keeps below it on its page (the prescription's signature).
 */
export function writeMedicines(
  flow: Flow,
  lines: readonly PrescriptionLine[],
  language: DocumentLanguage,
  texts: ConsultationTexts,
  style: { heading: TextStyle; direction: TextStyle; gap: number; keepWithLast?: number },
): void {
  lines.forEach((line, index) => {
    const heading = medicineHeading(line, index)
    const directions = medicineDirections(line, language, texts)
    const height =
      paragraphHeight(flow, heading, style.heading) +
      directions.reduce((sum, text) => sum + paragraphHeight(flow, text, style.direction), 0)
    const below = index === lines.length - 1 ? style.gap + (style.keepWithLast ?? 0) : 0
    ensureRoom(flow, height + below)
    writeParagraph(flow, heading, style.heading)
    for (const direction of directions) writeParagraph(flow, direction, style.direction)
    flow.y += style.gap
  })
}
