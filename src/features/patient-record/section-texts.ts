import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The form labels of the sections' fields, by API name. */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  medical_condition_id: msg`Condición médica`,
  medicine: msg`Medicamento (como se mostrará)`,
  medicine_id: msg`Medicamento del catálogo`,
  title: msg`Título`,
  note: msg`Nota`,
  year: msg`Año`,
  habit: msg`Hábito`,
  description: msg`Descripción`,
  covid_status_id: msg`Estatus COVID`,
}
