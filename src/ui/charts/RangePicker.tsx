import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../Button'
import { TextField } from '../TextField'
import { type DayRange, RANGE_PRESETS, type RangePreset } from './date-range'
import './charts.css'

/** The period chosen: a preset, and the days picked for 'custom' (kept while another preset is on). */
export interface RangeChoice {
  preset: RangePreset
  custom: DayRange
}

/**
 * The period of the self-tracking charts and PDFs: 7 days, 30 days, 3 months or days picked
 * (issue 7); a patient's evolution offers longer ones (issue 24). The presets are toggle buttons (aria-pressed) in a fieldset named by its legend; the custom days
 * are two labelled date inputs, shown while 'custom' is chosen.
 */
export function RangePicker({
  value,
  onChange,
  presets = RANGE_PRESETS,
}: {
  value: RangeChoice
  onChange: (value: RangeChoice) => void
  /** The periods offered, in order (the self-tracking ones unless said). */
  presets?: readonly RangePreset[]
}) {
  const { t } = useLingui()
  const names: Record<RangePreset, string> = {
    '7d': t`7 días`,
    '30d': t`30 días`,
    '3m': t`3 meses`,
    '6m': t`6 meses`,
    '1y': t`1 año`,
    custom: t`Personalizado`,
  }
  return (
    <div className="range-picker">
      <fieldset className="range-picker__presets">
        <legend className="visually-hidden">
          <Trans>Periodo</Trans>
        </legend>
        {presets.map((preset) => (
          <Button
            key={preset}
            variant={value.preset === preset ? 'primary' : 'secondary'}
            aria-pressed={value.preset === preset}
            onClick={() => onChange({ ...value, preset })}
          >
            {names[preset]}
          </Button>
        ))}
      </fieldset>
      {value.preset === 'custom' && (
        <div className="range-picker__custom">
          <TextField
            type="date"
            label={t`Desde`}
            value={value.custom.from}
            max={value.custom.to || undefined}
            onChange={(event) =>
              onChange({ ...value, custom: { ...value.custom, from: event.target.value } })
            }
          />
          <TextField
            type="date"
            label={t`Hasta`}
            value={value.custom.to}
            min={value.custom.from || undefined}
            onChange={(event) => onChange({ ...value, custom: { ...value.custom, to: event.target.value } })}
          />
        </div>
      )}
    </div>
  )
}
