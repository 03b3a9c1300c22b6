import { doseInstruction } from '../contract/rules/dose-instruction'
import type { PrescriptionLine } from './consultation-input'
import type { ConsultationTexts } from './consultation-texts'
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
