import type { CreateAdmissionExamRequest } from './admission-exams'

/**
 * A whole admission exam's sections as a nurse fills them (issue 22): realistic, within every
 * SPEC §5 range, for the tests of the contract, the documents and the server, and the demo seed.
 */
export const completeAdmissionSections = () =>
  ({
    family_history: {
      entries: [
        { relative: 'father', condition: 'Diabetes mellitus tipo 2', alive: true },
        { relative: 'mother', condition: 'Hipertensión arterial', alive: false },
      ],
      notes: null,
    },
    hygiene_housing: {
      consumptions: [
        { substance: 'tobacco', consumption: 5, times_per_week: 3, age_started: 18 },
        { substance: 'alcohol', consumption: 2, times_per_week: 1, age_started: null },
      ],
      physical_activity: 'Fútbol',
      activity_times_per_week: 2,
      baths_per_week: 7,
      housing_type: 'rented',
      housing_services: ['water', 'drainage', 'electricity'],
      inhabitants: 4,
      pets: 'Un perro',
      notes: null,
    },
    personal_background: {
      chronic_diseases: null,
      surgeries: 'Apendicectomía (2015)',
      traumas: null,
      allergies: 'Penicilina',
      transfusions: null,
      hospitalizations: null,
      notes: null,
    },
    work_background: {
      previous_jobs: [
        {
          company: 'Textiles del Bajío, S.A. de C.V.',
          position: 'Operador de telar',
          years: 4,
          exposures: [
            { agent: 'noise', years: 4, notes: '92 dB' },
            { agent: 'dust', years: 4, notes: 'Fibra de algodón' },
          ],
          protective_equipment: 'Tapones auditivos',
        },
      ],
      work_accidents: null,
      occupational_diseases: null,
    },
    systems_interrogation: {
      general: 'Sin alteraciones',
      cardiovascular: null,
      respiratory: null,
      digestive: null,
      genitourinary: null,
      nervous: null,
      musculoskeletal: 'Lumbalgia ocasional',
      skin: null,
      endocrine: null,
      hematologic: null,
      psychiatric: null,
    },
    physical_exploration: {
      weight_kg: 72.5,
      height_m: 1.7,
      temperature_c: 36.5,
      oximetry: 97,
      systolic: 120,
      diastolic: 80,
      heart_rate: 72,
      respiratory_rate: 16,
      glucose: null,
      waist_cm: 88,
      hip_cm: 96,
      visual_acuity_right: '20/20',
      visual_acuity_left: '20/25',
      head: null,
      neck: null,
      chest: 'Campos pulmonares bien ventilados',
      abdomen: null,
      spine: null,
      extremities: null,
      skin: null,
    },
    lab_results: {
      results: [
        {
          id: '0193a3b0-0000-7000-8000-0000000000a1',
          clinical_exam_id: null,
          name: 'Biometría hemática',
          result: 'Dentro de parámetros normales',
          performed_on: '2026-11-20',
        },
      ],
      notes: null,
    },
  }) satisfies Partial<CreateAdmissionExamRequest>
