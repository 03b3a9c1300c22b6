import type { AdmissionResult } from '../contract/schemas/admission-exams'
import type { ExposureAgent } from '../contract/schemas/occupational-exposures'
import type { ExamCondition } from '../contract/schemas/periodic-exams'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The words of the occupational exams' documents (issue 22) in both languages: a plain table, as
 * the server builds the same documents and cannot run Lingui's macros (decision 0010). The words
 * both exams share with the consultation note (patient, age, signature…) are that note's.
 */
export interface ExamTexts {
  periodicTitle: string
  admissionTitle: string
  /** The start of each downloaded file's name, before the DD_MM_YYYY stamp. */
  fileName: { periodic: string; admission: string }
  professional: string
  condition: string
  conditions: Record<ExamCondition, string>
  nextExam: string
  clinicalExams: string
  clinicalExam: string
  result: string
  exposures: string
  agent: string
  years: string
  notes: string
  agents: Record<ExposureAgent, string>
  observations: string
  recommendations: string
  amendments: string
  amendment: (version: number, when: string, who: string, fields: string) => string
  removed: string
  position: string
  admissionResult: string
  admissionResults: Record<AdmissionResult, string>
  pending: string
  admissionConditions: string
  sections: Record<
    | 'family_history'
    | 'hygiene_housing'
    | 'personal_background'
    | 'work_background'
    | 'systems_interrogation'
    | 'physical_exploration'
    | 'lab_results',
    string
  >
  notFilled: string
  treatments: string
  medicine: string
  dose: string
  indications: string
  yes: string
  no: string
  /** Labels of the sections' fields and of their coded values, by key. */
  labels: Record<string, string>
}

const es: ExamTexts = {
  periodicTitle: 'Examen médico periódico',
  admissionTitle: 'Examen médico de admisión',
  fileName: { periodic: 'examen_periodico', admission: 'examen_admision' },
  professional: 'Realizó',
  condition: 'Calificación',
  conditions: { compliant: 'Apto', fails: 'No apto' },
  nextExam: 'Próximo examen',
  clinicalExams: 'Exámenes clínicos',
  clinicalExam: 'Examen',
  result: 'Resultado',
  exposures: 'Exposición laboral',
  agent: 'Agente',
  years: 'Años',
  notes: 'Notas',
  agents: {
    noise: 'Ruido',
    dust: 'Polvo',
    chemicals: 'Químicos',
    ergonomic: 'Ergonómico',
    biological: 'Biológico',
  },
  observations: 'Observaciones',
  recommendations: 'Recomendaciones',
  amendments: 'Enmiendas',
  amendment: (version, when, who, fields) => `Versión ${version}, ${when}, ${who}: ${fields}`,
  removed: 'eliminado',
  position: 'Puesto solicitado',
  admissionResult: 'Resultado',
  admissionResults: {
    complies: 'Cumple',
    does_not_comply: 'No cumple',
    complies_with_conditions: 'Cumple con condiciones',
  },
  pending: 'Pendiente',
  admissionConditions: 'Condiciones',
  sections: {
    family_history: 'Antecedentes heredofamiliares',
    hygiene_housing: 'Hábitos higiénicos y de vivienda',
    personal_background: 'Antecedentes personales',
    work_background: 'Antecedentes laborales',
    systems_interrogation: 'Interrogatorio por aparatos y sistemas',
    physical_exploration: 'Exploración física',
    lab_results: 'Resultados de laboratorio',
  },
  notFilled: 'Sin registrar',
  treatments: 'Tratamientos',
  medicine: 'Medicamento',
  dose: 'Dosis',
  indications: 'Indicaciones',
  yes: 'Sí',
  no: 'No',
  labels: {
    relative: 'Familiar',
    condition: 'Padecimiento',
    alive: 'Vive',
    father: 'Padre',
    mother: 'Madre',
    sibling: 'Hermano(a)',
    grandparent: 'Abuelo(a)',
    child: 'Hijo(a)',
    spouse: 'Cónyuge',
    other: 'Otro',
    substance: 'Sustancia',
    consumption: 'Consumo',
    times_per_week: 'Veces por semana',
    age_started: 'Edad de inicio',
    tobacco: 'Tabaco',
    alcohol: 'Alcohol',
    drugs: 'Drogas',
    caffeine: 'Cafeína',
    physical_activity: 'Actividad física',
    activity_times_per_week: 'Actividad física por semana',
    baths_per_week: 'Baños por semana',
    housing_type: 'Vivienda',
    own: 'Propia',
    rented: 'Rentada',
    borrowed: 'Prestada',
    housing_services: 'Servicios',
    water: 'Agua',
    drainage: 'Drenaje',
    electricity: 'Electricidad',
    gas: 'Gas',
    internet: 'Internet',
    inhabitants: 'Habitantes',
    pets: 'Mascotas',
    chronic_diseases: 'Enfermedades crónicas',
    surgeries: 'Cirugías',
    traumas: 'Traumatismos',
    allergies: 'Alergias',
    transfusions: 'Transfusiones',
    hospitalizations: 'Hospitalizaciones',
    company: 'Empresa',
    job_position: 'Puesto',
    job_years: 'Años',
    protective_equipment: 'Equipo de protección',
    work_accidents: 'Accidentes de trabajo',
    occupational_diseases: 'Enfermedades laborales',
    general: 'General',
    cardiovascular: 'Cardiovascular',
    respiratory: 'Respiratorio',
    digestive: 'Digestivo',
    genitourinary: 'Genitourinario',
    nervous: 'Nervioso',
    musculoskeletal: 'Musculoesquelético',
    skin: 'Piel',
    endocrine: 'Endocrino',
    hematologic: 'Hematológico',
    psychiatric: 'Psiquiátrico',
    waist_cm: 'Perímetro abdominal',
    hip_cm: 'Perímetro de cadera',
    visual_acuity_right: 'Agudeza visual derecha',
    visual_acuity_left: 'Agudeza visual izquierda',
    head: 'Cabeza',
    neck: 'Cuello',
    chest: 'Tórax',
    abdomen: 'Abdomen',
    spine: 'Columna',
    extremities: 'Extremidades',
    performed_on: 'Fecha',
  },
}

const en: ExamTexts = {
  periodicTitle: 'Periodic medical exam',
  admissionTitle: 'Admission medical exam',
  fileName: { periodic: 'periodic_exam', admission: 'admission_exam' },
  professional: 'Examined by',
  condition: 'Rating',
  conditions: { compliant: 'Compliant', fails: 'Fails' },
  nextExam: 'Next exam',
  clinicalExams: 'Clinical exams',
  clinicalExam: 'Exam',
  result: 'Result',
  exposures: 'Occupational exposure',
  agent: 'Agent',
  years: 'Years',
  notes: 'Notes',
  agents: {
    noise: 'Noise',
    dust: 'Dust',
    chemicals: 'Chemicals',
    ergonomic: 'Ergonomic',
    biological: 'Biological',
  },
  observations: 'Observations',
  recommendations: 'Recommendations',
  amendments: 'Amendments',
  amendment: (version, when, who, fields) => `Version ${version}, ${when}, ${who}: ${fields}`,
  removed: 'removed',
  position: 'Position applied for',
  admissionResult: 'Result',
  admissionResults: {
    complies: 'Complies',
    does_not_comply: 'Does not comply',
    complies_with_conditions: 'Complies with conditions',
  },
  pending: 'Pending',
  admissionConditions: 'Conditions',
  sections: {
    family_history: 'Family history',
    hygiene_housing: 'Hygiene and housing habits',
    personal_background: 'Personal background',
    work_background: 'Work background',
    systems_interrogation: 'Systems interrogation',
    physical_exploration: 'Physical exploration',
    lab_results: 'Lab results',
  },
  notFilled: 'Not recorded',
  treatments: 'Treatments',
  medicine: 'Medicine',
  dose: 'Dose',
  indications: 'Instructions',
  yes: 'Yes',
  no: 'No',
  labels: {
    relative: 'Relative',
    condition: 'Condition',
    alive: 'Alive',
    father: 'Father',
    mother: 'Mother',
    sibling: 'Sibling',
    grandparent: 'Grandparent',
    child: 'Son/daughter',
    spouse: 'Spouse',
    other: 'Other',
    substance: 'Substance',
    consumption: 'Consumption',
    times_per_week: 'Times per week',
    age_started: 'Age started',
    tobacco: 'Tobacco',
    alcohol: 'Alcohol',
    drugs: 'Drugs',
    caffeine: 'Caffeine',
    physical_activity: 'Physical activity',
    activity_times_per_week: 'Physical activity per week',
    baths_per_week: 'Baths per week',
    housing_type: 'Housing',
    own: 'Owned',
    rented: 'Rented',
    borrowed: 'Borrowed',
    housing_services: 'Services',
    water: 'Water',
    drainage: 'Drainage',
    electricity: 'Electricity',
    gas: 'Gas',
    internet: 'Internet',
    inhabitants: 'Inhabitants',
    pets: 'Pets',
    chronic_diseases: 'Chronic diseases',
    surgeries: 'Surgeries',
    traumas: 'Injuries',
    allergies: 'Allergies',
    transfusions: 'Transfusions',
    hospitalizations: 'Hospital stays',
    company: 'Company',
    job_position: 'Position',
    job_years: 'Years',
    protective_equipment: 'Protective equipment',
    work_accidents: 'Work accidents',
    occupational_diseases: 'Occupational diseases',
    general: 'General',
    cardiovascular: 'Cardiovascular',
    respiratory: 'Respiratory',
    digestive: 'Digestive',
    genitourinary: 'Genitourinary',
    nervous: 'Nervous',
    musculoskeletal: 'Musculoskeletal',
    skin: 'Skin',
    endocrine: 'Endocrine',
    hematologic: 'Hematologic',
    psychiatric: 'Psychiatric',
    waist_cm: 'Waist',
    hip_cm: 'Hip',
    visual_acuity_right: 'Visual acuity, right',
    visual_acuity_left: 'Visual acuity, left',
    head: 'Head',
    neck: 'Neck',
    chest: 'Chest',
    abdomen: 'Abdomen',
    spine: 'Spine',
    extremities: 'Limbs',
    performed_on: 'Date',
  },
}

export const examTexts: Record<DocumentLanguage, ExamTexts> = { es, en }
