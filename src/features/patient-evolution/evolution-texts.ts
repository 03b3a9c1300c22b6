import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EvolutionMeasure, EvolutionSource } from '../../contract/schemas/patient-evolution'
import type { EvolutionChartKey } from './evolution-charts'

/** Each measure's name with its unit, as the legends, tooltips and tables show it. */
export const MEASURE_NAMES: Record<EvolutionMeasure, MessageDescriptor> = {
  temperature_c: msg`Temperatura (°C)`,
  heart_rate: msg`Frecuencia cardiaca (lpm)`,
  respiratory_rate: msg`Frecuencia respiratoria (rpm)`,
  oximetry: msg`Oximetría (%)`,
  systolic: msg`Sistólica (mmHg)`,
  diastolic: msg`Diastólica (mmHg)`,
  glucose: msg`Glucosa (mg/dL)`,
  weight_kg: msg`Peso (kg)`,
  bmi: msg`IMC (kg/m²)`,
  waist_cm: msg`Cintura (cm)`,
  hip_cm: msg`Cadera (cm)`,
}

export const CHART_TITLES: Record<EvolutionChartKey, MessageDescriptor> = {
  'vital-signs': msg`Signos vitales`,
  'blood-pressure': msg`Presión arterial`,
  glucose: msg`Glucosa`,
  somatometry: msg`Somatometría`,
}

/** Where a value was taken, as a tooltip says it. */
export const SOURCE_NAMES: Record<EvolutionSource, MessageDescriptor> = {
  consultation: msg`Consulta médica`,
  triage: msg`Triage COVID`,
  reading: msg`Lectura (autocontrol o profesional)`,
}
