import type { ConsultationDocumentInput } from './consultation-input'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * A realistic consultation for the documents' tests and the PDF bench: a worker seen at a plant's
 * clinic for a cold and a sore back, with vital signs, two diagnoses, the SOAP notes, three
 * medicines and one amendment. Times are UTC; central Mexico is six hours behind.
 */
export function exampleConsultation(
  language: DocumentLanguage = 'es',
  logo: string | null = null,
): ConsultationDocumentInput {
  return {
    language,
    timeZone: 'America/Mexico_City',
    generatedAt: new Date('2026-11-23T19:05:00Z'),
    tenant: {
      name: 'Industrias Acme del Bajío',
      logo,
      address:
        'Av. 5 de Febrero 1351, Zona Industrial Benito Juárez, 76120 Querétaro, Qro. Tel. 442 215 3000',
    },
    prescriber: {
      name: 'Dra. Ana Sofía López Ruiz',
      title: 'Médica cirujana',
      professional_license: '12345678',
    },
    patient: {
      name: 'María Guadalupe Hernández Núñez',
      birth_date: '1985-03-12',
      sex: language === 'es' ? 'Femenino' : 'Female',
      curp: 'HENG850312MGTRXD04',
    },
    consultation: {
      id: '01937a4e-0000-7000-8000-00000000c001',
      type: 'initial',
      modality: 'on-site',
      call_duration: null,
      occurred_at: '2026-11-23T16:30:00.000Z',
      reason: 'Enfermedad respiratoria',
      vital_signs: {
        weight_kg: 72.5,
        height_m: 1.62,
        temperature_c: 37.8,
        oximetry: 96,
        systolic: 128,
        diastolic: 82,
        heart_rate: 88,
        respiratory_rate: 18,
        glucose: 102,
      },
      diagnoses: [
        {
          code: 'J00',
          name: 'Rinofaringitis aguda [resfriado común]',
          affected_system: 'Aparato respiratorio',
        },
        { code: 'M54.5', name: 'Lumbago no especificado', affected_system: 'Sistema musculoesquelético' },
      ],
      notes: {
        subjective:
          'Refiere rinorrea hialina, odinofagia y malestar general de tres días de evolución, con fiebre no cuantificada por las noches. Dolor lumbar desde hace una semana, que aumenta al cargar cajas en la línea de empaque; niega irradiación a miembros inferiores.',
        objective:
          'Consciente, orientada, hidratada. Faringe hiperémica sin exudado, amígdalas grado I. Campos pulmonares bien ventilados, sin estertores. Contractura paravertebral lumbar bilateral, Lasègue negativo, fuerza y sensibilidad conservadas.',
        analysis:
          'Cuadro compatible con infección viral de vías respiratorias altas, sin datos de alarma. Lumbalgia mecánica relacionada con la carga manual en su puesto.',
        plan: 'Tratamiento sintomático, abundantes líquidos y reposo relativo. Higiene de columna y evitar cargas mayores de 10 kg por cinco días; se informa a su supervisor. Acudir de nuevo si la fiebre dura más de 72 horas o aparece dificultad para respirar.',
      },
      prescription: [
        {
          medicine: 'Paracetamol',
          presentation: 'Tableta',
          dose: '500 mg',
          quantity: 1,
          unit: 'tablet',
          via: 'oral',
          every_hours: 8,
          for_days: 5,
          indications: 'Tomar después de los alimentos. No exceder 4 tabletas al día.',
        },
        {
          medicine: 'Naproxeno',
          presentation: 'Tableta',
          dose: '250 mg',
          quantity: 1,
          unit: 'tablet',
          via: 'oral',
          every_hours: 12,
          for_days: 5,
          indications: 'Con alimentos.',
        },
        {
          medicine: 'Ambroxol',
          presentation: 'Jarabe',
          dose: '30 mg/5 ml',
          quantity: 5,
          unit: 'millilitre',
          via: 'oral',
          every_hours: 8,
          for_days: 7,
          indications: null,
        },
      ],
      amendments: [
        { at: '2026-11-23T19:05:00.000Z', by: 'Dra. Ana Sofía López Ruiz', changed: ['diagnoses', 'plan'] },
      ],
    },
  }
}
