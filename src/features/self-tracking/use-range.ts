import { useState } from 'react'
import { type DateRange, type RangePreset, rangeBounds } from '../../ui/charts/date-range'

/** The range a chart and its PDF cover: a preset (7 days by default) or the patient's own dates. */
export function useRange() {
  const [preset, setPreset] = useState<RangePreset>('7d')
  const [custom, setCustom] = useState<DateRange | undefined>(undefined)
  const bounds = rangeBounds(preset, new Date(), custom)
  return {
    preset,
    custom,
    bounds,
    /** The bounds as instants of this device's days, for the readings' taken_at. */
    instants: {
      from: new Date(`${bounds.from}T00:00:00`).toISOString(),
      to: new Date(`${bounds.to}T23:59:59.999`).toISOString(),
    },
    setPreset,
    setCustom,
  }
}
export type RangeState = ReturnType<typeof useRange>
