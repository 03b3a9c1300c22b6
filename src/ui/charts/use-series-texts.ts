import { useLingui } from '@lingui/react/macro'
import type { GLUCOSE_MOMENTS, HABIT_FREQUENCIES, ReadingKind } from '../../contract/schemas/readings'
import type { SeriesKey } from './chart-series'

type Moment = (typeof GLUCOSE_MOMENTS)[number]
type Frequency = (typeof HABIT_FREQUENCIES)[number]

/** The words of the self-tracking charts: each series' name with its unit, and what a tooltip adds. */
export function useSeriesTexts() {
  const { t } = useLingui()
  const series: Record<SeriesKey, string> = {
    systolic: t`Sistólica (mmHg)`,
    diastolic: t`Diastólica (mmHg)`,
    glucose: t`Glucosa (mg/dL)`,
    weight: t`Peso (kg)`,
    bmi: t`IMC (kg/m²)`,
    water: t`Agua (ml)`,
    meals: t`Comidas`,
    smoking: t`Tabaquismo (cigarros)`,
    alcohol: t`Alcohol (bebidas)`,
    exercise: t`Ejercicio (min)`,
    sleep: t`Sueño (h)`,
  }
  const moments: Record<Moment, string> = {
    fasting: t`En ayunas`,
    'before-meal': t`Antes de comer`,
    'after-meal': t`Después de comer`,
    random: t`Al azar`,
  }
  const frequencies: Record<Frequency, string> = {
    never: t`Nunca`,
    occasionally: t`Ocasionalmente`,
    weekly: t`Semanal`,
    'several-per-week': t`Varias veces por semana`,
    daily: t`Diario`,
  }
  const charts: Record<ReadingKind, string> = {
    'blood-pressure': t`Gráfica de presión arterial`,
    glucose: t`Gráfica de glucosa`,
    somatometry: t`Gráfica de peso e IMC`,
    nutrition: t`Gráfica de agua y comidas por día`,
    habit: t`Gráfica de hábitos`,
  }
  /** A point's extra line in the tooltip: a category's name as given, or a code's translation. */
  const detail = (kind: ReadingKind, value: string | null): string | null => {
    if (value === null) return null
    if (kind === 'glucose') return moments[value as Moment] ?? value // chart-series puts moment codes here
    if (kind === 'habit') return frequencies[value as Frequency] ?? value // and frequency codes here
    return value
  }
  return { series, charts, detail }
}
