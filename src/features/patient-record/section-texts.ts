import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RecordSection } from '../../contract/schemas/record-sections'
import type { SyncState } from '../../db/local-db'

/** Each section's title on the record page (SPEC §3 "Patient record sections"). */
export const SECTION_TITLES: Record<RecordSection, MessageDescriptor> = {
  'medical-conditions': msg`Condiciones médicas`,
  'active-medications': msg`Medicamentos activos`,
  'medical-histories': msg`Antecedentes médicos`,
  'surgical-histories': msg`Antecedentes quirúrgicos`,
  'psychiatric-histories': msg`Antecedentes psiquiátricos`,
  'social-habits': msg`Hábitos sociales`,
  'allergies-tolerances': msg`Alergias y tolerancias`,
  'alerts-and-special-needs': msg`Alertas y necesidades especiales`,
  'covid-status': msg`Estatus COVID`,
}

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

/** The badge of an entry not yet settled with the server; a synced one shows none. */
export const SYNC_BADGES: Record<Exclude<SyncState, 'synced'>, MessageDescriptor> = {
  pending: msg`Por enviar`,
  conflict: msg`En conflicto`,
  rejected: msg`Rechazado`,
}
