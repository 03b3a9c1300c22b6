import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
  ADMISSION_RESULTS,
  BODY_REGIONS,
  BODY_SYSTEMS,
  HOUSING_SERVICES,
  HOUSING_TYPES,
  RELATIVES,
  SUBSTANCES,
} from '../../contract/schemas/admission-exams'
import type { ExposureAgent } from '../../contract/schemas/occupational-exposures'
import type { AdmissionStep, PERSONAL_FIELDS } from './admission-form-values'

/** The names the admission exam's screens give the contract's codes, in Spanish and English. */

type Names<T extends readonly string[]> = Record<T[number], MessageDescriptor>

/** The steps (SPEC §2 names the seven sections). */
export const STEP_NAMES: Record<AdmissionStep, MessageDescriptor> = {
  general: msg`Datos del examen`,
  family_history: msg`Antecedentes heredofamiliares`,
  hygiene_housing: msg`Hábitos higiénicos y de vivienda`,
  personal_background: msg`Antecedentes personales`,
  work_background: msg`Antecedentes laborales`,
  systems_interrogation: msg`Interrogatorio por aparatos y sistemas`,
  physical_exploration: msg`Exploración física`,
  lab_results: msg`Resultados de laboratorio`,
  treatments: msg`Tratamientos`,
  result: msg`Resultado`,
}

/** SPEC §4 "Pre-employment exam result". */
export const RESULT_NAMES: Names<typeof ADMISSION_RESULTS> = {
  complies: msg`Cumple`,
  does_not_comply: msg`No cumple`,
  complies_with_conditions: msg`Cumple con condiciones`,
}

export const RELATIVE_NAMES: Names<typeof RELATIVES> = {
  father: msg`Padre`,
  mother: msg`Madre`,
  sibling: msg`Hermano(a)`,
  grandparent: msg`Abuelo(a)`,
  child: msg`Hijo(a)`,
  spouse: msg`Cónyuge`,
  other: msg`Otro`,
}

export const SUBSTANCE_NAMES: Names<typeof SUBSTANCES> = {
  tobacco: msg`Tabaco`,
  alcohol: msg`Alcohol`,
  drugs: msg`Drogas`,
  caffeine: msg`Cafeína`,
}

export const HOUSING_TYPE_NAMES: Names<typeof HOUSING_TYPES> = {
  own: msg`Propia`,
  rented: msg`Rentada`,
  borrowed: msg`Prestada`,
  other: msg`Otra`,
}

export const HOUSING_SERVICE_NAMES: Names<typeof HOUSING_SERVICES> = {
  water: msg`Agua potable`,
  drainage: msg`Drenaje`,
  electricity: msg`Electricidad`,
  gas: msg`Gas`,
  internet: msg`Internet`,
}

export const PERSONAL_NAMES: Names<typeof PERSONAL_FIELDS> = {
  chronic_diseases: msg`Enfermedades crónicas`,
  surgeries: msg`Cirugías`,
  traumas: msg`Traumatismos`,
  allergies: msg`Alergias`,
  transfusions: msg`Transfusiones`,
  hospitalizations: msg`Hospitalizaciones`,
  notes: msg`Notas`,
}

export const AGENT_NAMES: Record<ExposureAgent, MessageDescriptor> = {
  noise: msg`Ruido`,
  dust: msg`Polvo`,
  chemicals: msg`Químicos`,
  ergonomic: msg`Ergonómicos`,
  biological: msg`Biológicos`,
}

export const SYSTEM_NAMES: Names<typeof BODY_SYSTEMS> = {
  general: msg`General`,
  cardiovascular: msg`Cardiovascular`,
  respiratory: msg`Respiratorio`,
  digestive: msg`Digestivo`,
  genitourinary: msg`Genitourinario`,
  nervous: msg`Nervioso`,
  musculoskeletal: msg`Musculoesquelético`,
  skin: msg`Piel y anexos`,
  endocrine: msg`Endocrino`,
  hematologic: msg`Hematológico`,
  psychiatric: msg`Psiquiátrico`,
}

export const REGION_NAMES: Names<typeof BODY_REGIONS> = {
  head: msg`Cabeza`,
  neck: msg`Cuello`,
  chest: msg`Tórax`,
  abdomen: msg`Abdomen`,
  spine: msg`Columna`,
  extremities: msg`Extremidades`,
  skin: msg`Piel`,
}
