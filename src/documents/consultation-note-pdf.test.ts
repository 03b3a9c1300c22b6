import { describe, expect, it } from 'vitest'
import { exampleConsultation } from './consultation-example'
import type { ConsultationDocumentInput, ConsultationRecord } from './consultation-input'
import { buildConsultationNotePdf } from './consultation-note-pdf'
import { pdfText } from './pdf-text'

/** A 4×1 PNG (blue and white stripes): a logo small enough to write here. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAABCAIAAAB2XpiaAAAAEUlEQVR4nGNgiNvx//9/CAkALd8IJ966XVoAAAAASUVORK5CYII='

const textOf = (input: ConsultationDocumentInput) => pdfText(buildConsultationNotePdf(input).bytes)

const withConsultation = (change: Partial<ConsultationRecord>, base = exampleConsultation()) => ({
  ...base,
  consultation: { ...base.consultation, ...change },
})

/** How many pages the PDF has, counted from its page objects. */
const pageCount = (bytes: Uint8Array) =>
  new TextDecoder('latin1').decode(bytes).match(/\/Type \/Page\b(?!s)/g)?.length ?? 0

describe('the consultation note as a PDF', () => {
  it('prints the letterhead, who was seen, when, how and by whom', () => {
    const { bytes } = buildConsultationNotePdf(exampleConsultation('es', LOGO))
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(new TextDecoder('latin1').decode(bytes)).toContain('/Subtype /Image')
    expect(pdfText(bytes)).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Nota de consulta médica',
        'Paciente: María Guadalupe Hernández Núñez',
        'Edad: 41 años',
        'Sexo: Femenino',
        'CURP: HENG850312MGTRXD04',
        'Fecha: 2026/11/23 10:30',
        'Tipo de consulta: Primera vez',
        'Modalidad: Presencial',
        'Médico: Dra. Ana Sofía López Ruiz',
        'Médica cirujana',
        'Cédula profesional: 12345678',
        'Generado el 2026/11/23 13:05',
        'Página 1 de 2',
        'Página 2 de 2',
      ]),
    )
  })

  it('prints the reason, the vital signs with their units, the SOAP notes and the diagnoses', () => {
    const text = textOf(exampleConsultation())
    expect(text).toEqual(
      expect.arrayContaining([
        'Motivo de consulta',
        'Enfermedad respiratoria',
        'Signos vitales y somatometría',
        'Peso',
        '72.5 kg',
        '1.62 m',
        'IMC',
        '27.6 kg/m²',
        '37.8 °C',
        '96 %',
        'Presión arterial',
        '128/82 mmHg',
        '88 lpm',
        '18 rpm',
        '102 mg/dL',
        'Subjetivo',
        'Objetivo',
        'Análisis',
        'Plan',
        'Diagnósticos',
        'CIE-10',
        'J00',
        'Rinofaringitis aguda [resfriado común]',
        'Aparato respiratorio',
        'M54.5',
        'Lumbago no especificado',
        'Sistema musculoesquelético',
      ]),
    )
    // Subjective, objective, analysis, plan: in that order.
    const order = ['Subjetivo', 'Objetivo', 'Análisis', 'Plan'].map((heading) => text.indexOf(heading))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('prints the treatment in words and the amendment history (NOM-004)', () => {
    const text = textOf(exampleConsultation())
    expect(text).toEqual(
      expect.arrayContaining([
        'Tratamiento',
        '1. Paracetamol · Tableta 500 mg',
        '1 tableta vía oral cada 8 horas por 5 días.',
        'Indicaciones: Tomar después de los alimentos. No exceder 4 tabletas al día.',
        '2. Naproxeno · Tableta 250 mg',
        '1 tableta vía oral cada 12 horas por 5 días.',
        '3. Ambroxol · Jarabe 30 mg/5 ml',
        '5 ml vía oral cada 8 horas por 7 días.',
        'Historial de modificaciones',
        'Nota modificada el 2026/11/23 13:05 por Dra. Ana Sofía López Ruiz: diagnósticos, plan.',
        'Nombre y firma del médico',
      ]),
    )
    // A medicine is never split from its instruction by a page break.
    const pageOneEnds = text.indexOf('Página 1 de 2')
    const onPageOne = (line: string) => text.indexOf(line) < pageOneEnds
    expect(onPageOne('2. Naproxeno · Tableta 250 mg')).toBe(
      onPageOne('1 tableta vía oral cada 12 horas por 5 días.'),
    )
  })

  it('leaves out the vital signs not taken, the empty notes, and a history with no amendments', () => {
    const text = textOf(
      withConsultation({
        vital_signs: { temperature_c: 38.2, systolic: 135, diastolic: null },
        notes: { subjective: 'Fiebre desde ayer.', objective: '  ', analysis: null, plan: null },
        amendments: [],
        reason: null,
      }),
    )
    expect(text).toEqual(
      expect.arrayContaining(['38.2 °C', 'Presión sistólica', '135 mmHg', 'Fiebre desde ayer.']),
    )
    for (const absent of [
      'Peso',
      'IMC',
      'Presión arterial',
      'Objetivo',
      'Análisis',
      'Plan',
      'Motivo de consulta',
    ]) {
      expect(text).not.toContain(absent)
    }
    expect(text.join('\n')).not.toMatch(/kg|lpm|Historial de modificaciones/)
  })

  it('prints a note typed with signs the font lacks, in words it has', () => {
    const notes = { ...exampleConsultation().consultation.notes, subjective: 'Fiebre ≥ 38 °C desde ayer 😷' }
    expect(textOf(withConsultation({ notes }))).toContain('Fiebre >= 38 °C desde ayer ?')
  })

  it('says how long a remote consultation’s call took', () => {
    const text = textOf(withConsultation({ modality: 'remote', call_duration: '00:25', type: 'follow-up' }))
    expect(text).toEqual(
      expect.arrayContaining([
        'Tipo de consulta: Subsecuente',
        'Modalidad: A distancia (duración de la llamada 00:25)',
      ]),
    )
  })

  it('gives the same bytes for the same input, and other bytes for another', () => {
    const first = buildConsultationNotePdf(exampleConsultation('es', LOGO)).bytes
    const second = buildConsultationNotePdf(structuredClone(exampleConsultation('es', LOGO))).bytes
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
    const edited = buildConsultationNotePdf(
      withConsultation({ reason: 'Lumbalgia' }, exampleConsultation('es', LOGO)),
    ).bytes
    expect(Buffer.from(edited).equals(Buffer.from(first))).toBe(false)
  })

  it('flows long notes across pages, each numbered and headed with the patient', () => {
    const paragraph =
      'Paciente con dolor lumbar de características mecánicas que empeora con la bipedestación prolongada y mejora con el reposo; '
    const long = Array.from({ length: 60 }, (_, n) => `${n + 1}. ${paragraph.repeat(2)}`).join('\n')
    const input = withConsultation({
      notes: { ...exampleConsultation().consultation.notes, objective: `${long}\nFin de la exploración.` },
    })
    const { bytes } = buildConsultationNotePdf(input)
    const pages = pageCount(bytes)
    expect(pages).toBeGreaterThanOrEqual(3)
    const text = pdfText(bytes)
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} de ${pages}`)
    expect(text).toContain('Nota de consulta médica · María Guadalupe Hernández Núñez · 2026/11/23 10:30')
    expect(text.filter((line) => line.startsWith('Nota de consulta médica ·'))).toHaveLength(pages - 1)
    // Nothing lost at the page breaks: every numbered paragraph and the last line are there.
    for (let n = 1; n <= 60; n++)
      expect(text.some((line) => line.startsWith(`${n}. Paciente con dolor`))).toBe(true)
    expect(text).toContain('Fin de la exploración.')
    expect(text.indexOf('Fin de la exploración.')).toBeLessThan(text.indexOf('Nombre y firma del médico'))
  })

  it('is written in English when asked', () => {
    const text = textOf(exampleConsultation('en'))
    expect(text).toEqual(
      expect.arrayContaining([
        'Medical consultation note',
        'Patient: María Guadalupe Hernández Núñez',
        'Age: 41 years',
        'Sex: Female',
        'Date: 2026/11/23 10:30',
        'Consultation type: Initial',
        'Modality: On-site',
        'Physician: Dra. Ana Sofía López Ruiz',
        'Vital signs and somatometry',
        '88 bpm',
        '18 breaths/min',
        'ICD-10',
        'Affected system',
        'Subjective',
        'Assessment',
        '1 tablet by mouth every 8 hours for 5 days.',
        'Directions: Tomar después de los alimentos. No exceder 4 tabletas al día.',
        'Note amended on 2026/11/23 13:05 by Dra. Ana Sofía López Ruiz: diagnoses, plan.',
        "Physician's name and signature",
        'Generated on 2026/11/23 13:05',
        'Page 1 of 2',
      ]),
    )
  })

  it('names the file by the consultation’s local day (DD_MM_YYYY)', () => {
    expect(buildConsultationNotePdf(exampleConsultation()).fileName).toBe('nota_de_consulta_23_11_2026.pdf')
    // 05:30 UTC on the 24th is 23:30 of the 23rd in central Mexico.
    const late = withConsultation({ occurred_at: '2026-11-24T05:30:00.000Z' }, exampleConsultation('en'))
    expect(buildConsultationNotePdf(late).fileName).toBe('consultation_note_23_11_2026.pdf')
    expect(textOf(late)).toContain('Date: 2026/11/23 23:30')
  })
})
