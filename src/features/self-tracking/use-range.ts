import { useState } from 'react'
import { rangeBounds } from '../../ui/charts/date-range'
import type { RangeChoice } from '../../ui/charts/RangePicker'

/** The range a chart and its PDF cover: a preset (7 days by default) or the patient's own days. */
export function useRange() {
  const [choice, setChoice] = useState<RangeChoice>({ preset: '7d', custom: { from: '', to: '' } })
  const bounds = rangeBounds(choice.preset, new Date(), choice.custom)
  return {
    choice,
    setChoice,
    /** YYYY-MM-DD, both included: the days of the chart and the PDF. */
    bounds,
    /** The bounds as instants of this device's days, for the readings' taken_at. */
    instants: {
      from: new Date(`${bounds.from}T00:00:00`).toISOString(),
      to: new Date(`${bounds.to}T23:59:59.999`).toISOString(),
    },
  }
}
export type RangeState = ReturnType<typeof useRange>
