import { useState } from 'react'
import { type RangePreset, rangeBounds } from './date-range'
import type { RangeChoice } from './RangePicker'

/** The range a chart and its PDF cover: a preset (7 days by default) or days picked. */
export function useRange(initial: RangePreset = '7d') {
  const [choice, setChoice] = useState<RangeChoice>({ preset: initial, custom: { from: '', to: '' } })
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
