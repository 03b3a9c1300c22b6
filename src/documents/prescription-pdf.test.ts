import { describe, expect, it } from 'vitest'
import { exampleConsultation } from './consultation-example'
import type { ConsultationDocumentInput, PrescriptionLine } from './consultation-input'
import { pdfText } from './pdf-text'
import { buildPrescriptionPdf } from './prescription-pdf'

const withPrescription = (
  prescription: PrescriptionLine[],
  base: ConsultationDocumentInput = exampleConsultation(),
): ConsultationDocumentInput => ({ ...base, consultation: { ...base.consultation, prescription } })

const twoMedicines = (base = exampleConsultation()) =>
  withPrescription(base.consultation.prescription.slice(0, 2), base)

const textOf = (input: ConsultationDocumentInput) => pdfText(buildPrescriptionPdf(input).bytes)

describe('the prescription as a PDF', () => {
  it('carries what a pharmacy asks for: prescriber with cédula, patient, date, each medicine in words, a signature', () => {
    const text = textOf(twoMedicines())
    const expected = [
      'Industrias Acme del Bajío',
      'Receta médica',
      'Dra. Ana Sofía López Ruiz',
      'Médica cirujana',
      'Cédula profesional: 12345678',
      'Paciente: María Guadalupe Hernández Núñez',
      'Edad: 41 años',
      'Sexo: Femenino',
      'CURP: HENG850312MGTRXD04',
      'Fecha: 2026/11/23 10:30',
      'Medicamentos',
      '1. Paracetamol · Tableta 500 mg',
      '1 tableta vía oral cada 8 horas por 5 días.',
      'Indicaciones: Tomar después de los alimentos. No exceder 4 tabletas al día.',
      '2. Naproxeno · Tableta 250 mg',
      '1 tableta vía oral cada 12 horas por 5 días.',
      'Indicaciones: Con alimentos.',
      'Nombre y firma del médico',
      'Página 1 de 1',
    ]
    expect(text).toEqual(expect.arrayContaining(expected))
    // In reading order: the medicines in the order prescribed, the signature after them.
    const positions = expected.slice(10).map((line) => text.indexOf(line))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(text).not.toContain('3. Ambroxol · Jarabe 30 mg/5 ml')
  })

  it('keeps the diagnoses and the notes off the page the pharmacy keeps', () => {
    const text = textOf(exampleConsultation()).join('\n')
    expect(text).not.toMatch(/J00|Rinofaringitis|Subjetivo|Lumbalgia mecánica|Signos vitales/)
    expect(text).toContain('3. Ambroxol · Jarabe 30 mg/5 ml')
    expect(text).toContain('5 ml vía oral cada 8 horas por 7 días.')
  })

  it('gives the same bytes for the same input, and other bytes for another', () => {
    const first = buildPrescriptionPdf(twoMedicines()).bytes
    const second = buildPrescriptionPdf(structuredClone(twoMedicines())).bytes
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
    const third = buildPrescriptionPdf(exampleConsultation()).bytes
    expect(Buffer.from(third).equals(Buffer.from(first))).toBe(false)
  })

  it('carries many medicines over pages, each page naming the patient and the prescriber’s cédula', () => {
    const base = exampleConsultation()
    const many = Array.from({ length: 14 }, (_, n) => ({
      // The example prescribes three medicines: n % 3 is always one of them.
      ...(base.consultation.prescription[n % 3] as PrescriptionLine),
      medicine: `Medicamento ${n + 1}`,
    }))
    const text = textOf(withPrescription(many, base))
    expect(text).toEqual(
      expect.arrayContaining([
        '14. Medicamento 14 · Tableta 250 mg',
        'Página 1 de 2',
        'Página 2 de 2',
        'Receta médica · Paciente: María Guadalupe Hernández Núñez · Dra. Ana Sofía López Ruiz, Cédula profesional: 12345678',
      ]),
    )
    // The signature does not stand alone on the second page: the last medicine goes with it.
    const at = (line: string) => text.indexOf(line)
    expect(at('Página 1 de 2')).toBeLessThan(at('14. Medicamento 14 · Tableta 250 mg'))
    expect(at('14. Medicamento 14 · Tableta 250 mg')).toBeLessThan(at('Nombre y firma del médico'))
  })

  it('says so when nothing was prescribed', () => {
    expect(textOf(withPrescription([]))).toContain('Sin medicamentos prescritos.')
  })

  it('is written in English when asked, and named by the consultation’s day', () => {
    const input = twoMedicines(exampleConsultation('en'))
    expect(textOf(input)).toEqual(
      expect.arrayContaining([
        'Prescription',
        'Professional licence (cédula): 12345678',
        'Patient: María Guadalupe Hernández Núñez',
        'Age: 41 years',
        'Medicines',
        '1 tablet by mouth every 12 hours for 5 days.',
        'Directions: Con alimentos.',
        "Physician's name and signature",
        'Page 1 of 1',
      ]),
    )
    expect(buildPrescriptionPdf(input).fileName).toBe('prescription_23_11_2026.pdf')
    expect(buildPrescriptionPdf(twoMedicines()).fileName).toBe('receta_23_11_2026.pdf')
  })
})
