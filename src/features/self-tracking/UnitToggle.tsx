import { useLingui } from '@lingui/react/macro'
import type { Measure, Unit, UnitChoice } from '../../contract/rules/units'
import { UNIT_SYMBOLS } from './texts'

const CHOICES: Record<Measure, [Unit, Unit]> = {
  weight: ['kg', 'lb'],
  height: ['m', 'ft'],
  temperature: ['c', 'f'],
}

/** The unit a measure is typed in, as two pressed/unpressed buttons (a device preference). */
export function UnitToggle({
  measure,
  units,
  onChange,
}: {
  measure: Measure
  units: UnitChoice
  onChange: (next: UnitChoice) => void
}) {
  const { t } = useLingui()
  const label = {
    weight: t`Unidad de peso`,
    height: t`Unidad de estatura`,
    temperature: t`Unidad de temperatura`,
  }[measure]
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset of inputs
    <div className="unit-toggle" role="group" aria-label={label}>
      {CHOICES[measure].map((unit) => (
        <button
          key={unit}
          type="button"
          className="unit-toggle__option"
          aria-pressed={units[measure] === unit}
          onClick={() => onChange({ ...units, [measure]: unit })}
        >
          {UNIT_SYMBOLS[unit]}
        </button>
      ))}
    </div>
  )
}
