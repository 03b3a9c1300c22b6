import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DoseUnit, Route } from '../../contract/rules/prescription-terms'
import { VITAL_SIGN_NAMES } from '../../ui/vital-signs/vital-signs'

/** What one dose is counted in, as a pharmacy reads it. */
export const DOSE_UNIT_NAMES: Record<DoseUnit, MessageDescriptor> = {
  tablet: msg`Tableta`,
  capsule: msg`Cápsula`,
  dragee: msg`Gragea`,
  sachet: msg`Sobre`,
  millilitre: msg`Mililitro`,
  drop: msg`Gota`,
  application: msg`Aplicación`,
  inhalation: msg`Inhalación`,
  suppository: msg`Supositorio`,
  ovule: msg`Óvulo`,
  ampoule: msg`Ampolleta`,
  patch: msg`Parche`,
  unit: msg`Unidad`,
}

/** The route of administration. */
export const ROUTE_NAMES: Record<Route, MessageDescriptor> = {
  oral: msg`Oral`,
  sublingual: msg`Sublingual`,
  topical: msg`Tópica`,
  ophthalmic: msg`Oftálmica`,
  otic: msg`Ótica`,
  nasal: msg`Nasal`,
  inhaled: msg`Inhalada`,
  rectal: msg`Rectal`,
  vaginal: msg`Vaginal`,
  intramuscular: msg`Intramuscular`,
  intravenous: msg`Intravenosa`,
  subcutaneous: msg`Subcutánea`,
}

/** The consultation's fields as an amendment names them (NOM-004 history). */
export const FIELD_NAMES: Record<string, MessageDescriptor> = {
  type: msg`Tipo de consulta`,
  started_at: msg`Fecha y hora`,
  modality: msg`Modalidad`,
  call_duration: msg`Duración de la llamada`,
  reason_id: msg`Motivo de consulta`,
  ...VITAL_SIGN_NAMES,
  diagnoses: msg`Diagnósticos`,
  subjective: msg`Subjetivo`,
  objective: msg`Objetivo`,
  analysis: msg`Análisis`,
  plan: msg`Plan`,
  prescription: msg`Receta`,
}
