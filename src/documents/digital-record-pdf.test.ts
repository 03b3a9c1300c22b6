import { describe, expect, it } from 'vitest'
import { digitalRecordDocumentOf } from './digital-record-document'
import { exampleDigitalRecord, exampleRecordContext } from './digital-record-example'
import { buildDigitalRecordPdf } from './digital-record-pdf'
import { pdfPageTexts, pdfText } from './pdf-text'

const build = (entries: number, language: 'es' | 'en' = 'es', timeZone?: string) => {
  const context = exampleRecordContext(language)
  return buildDigitalRecordPdf(
    digitalRecordDocumentOf(exampleDigitalRecord(entries), timeZone ? { ...context, timeZone } : context),
  )
}

describe('the digital record’s PDF', () => {
  it('names the patient and their CURP and numbers every page', () => {
    const { bytes } = build(60)
    const pages = pdfPageTexts(bytes)
    expect(pages.length).toBeGreaterThan(3)
    pages.forEach((lines, index) => {
      expect(lines, `page ${index + 1}`).toContain(
        'María Guadalupe Hernández Núñez · CURP: HENG850312MGTRXD04',
      )
      expect(lines, `page ${index + 1}`).toContain(`Página ${index + 1} de ${pages.length}`)
    })
  })

  it('opens with who the patient is and their alerts, then the vital signs, the sections and the timeline', () => {
    const text = pdfText(build(12).bytes)
    const at = (line: string) => {
      const index = text.findIndex((shown) => shown.startsWith(line))
      expect(index, line).toBeGreaterThanOrEqual(0)
      return index
    }
    expect(text).toContain('1985/03/12 (41 años)')
    expect(text).toContain('Alergias: Penicilina')
    expect(text).toContain('Etiquetas especiales: Riesgo: Trabajo en alturas')
    expect(text).toContain('Condiciones médicas: Enfermedad general · 2019 · Controlada')
    expect(at('Alertas')).toBeLessThan(at('Últimos signos vitales'))
    expect(at('Últimos signos vitales')).toBeLessThan(at('Antecedentes y secciones del expediente'))
    expect(at('Antecedentes y secciones del expediente')).toBeLessThan(at('Historial clínico'))
    expect(at('2026/11/19 09:10 · Triage COVID · En observación · Riesgo bajo-medio')).toBeGreaterThan(
      at('Historial clínico'),
    )
  })

  it('is the same file for the same record, dated by its last change and named by that day', () => {
    const first = build(30)
    const second = build(30)
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true)
    expect(first.fileName).toBe('expediente_clinico_19_11_2026.pdf')
    expect(pdfText(first.bytes)).toContain('Generado el 2026/11/19 12:00')
  })

  it('prints the times of the zone asked for', () => {
    const text = pdfText(build(12, 'es', 'UTC').bytes)
    expect(text).toContain('2026/11/19 15:10 · Triage COVID · En observación · Riesgo bajo-medio')
  })

  it('prints in English when asked', () => {
    const { bytes, fileName } = build(12, 'en')
    const text = pdfText(bytes)
    expect(text).toContain('Digital clinical record')
    expect(text).toContain('Allergies: Penicilina')
    expect(text.some((line) => /^Page 1 of \d+$/.test(line))).toBe(true)
    expect(fileName).toBe('clinical_record_19_11_2026.pdf')
  })

  it('says so when the record holds nothing yet', () => {
    const record = exampleDigitalRecord(0)
    const text = pdfText(buildDigitalRecordPdf(digitalRecordDocumentOf(record, exampleRecordContext())).bytes)
    expect(text).toContain('Sin signos vitales registrados.')
    expect(text).toContain('Sin registros.')
  })
})
