import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ExamDueState } from '../../contract/rules/periodic-exam-due'
import type { ExposureAgent } from '../../contract/schemas/occupational-exposures'
import type { ExamCondition, PeriodicExamField } from '../../contract/schemas/periodic-exams'

/** The due states (issue 22, SPEC §9) as the list and its filter name them. */
export const DUE_STATE_NAMES: Record<ExamDueState, MessageDescriptor> = {
  applied: msg`Aplicado`,
  due_soon: msg`Por vencer (10 días)`,
  expired: msg`Vencido`,
  never_examined: msg`Sin examen`,
}

/** SPEC §4: the exam condition rating. */
export const CONDITION_NAMES: Record<ExamCondition, MessageDescriptor> = {
  compliant: msg`Apto`,
  fails: msg`No apto`,
}

/** The occupational exposures' agents. */
export const AGENT_NAMES: Record<ExposureAgent, MessageDescriptor> = {
  noise: msg`Ruido`,
  dust: msg`Polvo`,
  chemicals: msg`Químicos`,
  ergonomic: msg`Ergonómico`,
  biological: msg`Biológico`,
}

/** An exam's fields as the form labels them: the amendment history names them so too. */
export const FIELD_NAMES: Record<PeriodicExamField | 'clinical_exams', MessageDescriptor> = {
  examined_on: msg`Fecha del examen`,
  condition: msg`Calificación`,
  observations: msg`Observaciones`,
  recommendations: msg`Recomendaciones`,
  exposures: msg`Exposiciones laborales`,
  clinical_exams: msg`Exámenes clínicos`,
}
