import { Trans } from '@lingui/react/macro'
import { useBloodPressureRanges } from '../../catalogs/use-catalog'
import { classifyBloodPressure } from '../../contract/rules/blood-pressure-class'
import { bodyMassIndex, waistToHipRatio } from '../../contract/rules/vital-ranges'
import type { ReadingKind } from '../../contract/schemas/readings'

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null)

/**
 * What a reading's values mean, computed and never stored: the blood-pressure category of the
 * tenant's catalog (its colour and name), or the BMI and waist-to-hip ratio of a somatometry.
 */
export function ReadingFigures({
  kind,
  values,
  live = false,
}: {
  kind: ReadingKind
  /** The reading's fields in SI, as stored (or as typed, converted). */
  values: Record<string, unknown>
  /** Shown under a form: announced as it changes. */
  live?: boolean
}) {
  const ranges = useBloodPressureRanges()
  if (kind === 'blood-pressure') {
    const systolic = numberOr(values.systolic)
    const diastolic = numberOr(values.diastolic)
    const category =
      systolic !== null && diastolic !== null && ranges
        ? classifyBloodPressure(systolic, diastolic, ranges)
        : null
    if (!category) return null
    return (
      <p className="reading-figures" aria-live={live ? 'polite' : undefined}>
        <span className="bp-category" style={{ ['--bp-color' as string]: category.color }}>
          <span className="bp-category__swatch" aria-hidden="true" />
          {category.name}
        </span>
      </p>
    )
  }
  if (kind !== 'somatometry') return null
  const bmi = bodyMassIndex(numberOr(values.weight_kg), numberOr(values.height_m))
  const ratio = waistToHipRatio(numberOr(values.waist_cm), numberOr(values.hip_cm))
  if (bmi === null && ratio === null) return null
  return (
    <p className="reading-figures" aria-live={live ? 'polite' : undefined}>
      {bmi !== null && (
        <span>
          <Trans>IMC: {bmi}</Trans>
        </span>
      )}
      {ratio !== null && (
        <span>
          <Trans>Índice cintura-cadera: {ratio}</Trans>
        </span>
      )}
    </p>
  )
}
