import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RecordSection } from '../contract/schemas/record-sections'

/**
 * Each record section's title (SPEC §3 "Patient record sections"): on the record page, and where
 * the sync screen names a queued entry of a section.
 */
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
