import { useSyncExternalStore } from 'react'
import { SI_UNITS, type UnitChoice } from '../contract/rules/units'

/**
 * The units body measures are typed and shown in: a preference of this device (a kiosk tablet may
 * be set to lb while the patient's phone stays in kg), kept in localStorage. The self-tracking
 * readings and the consultations share it; both store SI whatever is chosen.
 */
const KEY = 'self-tracking-units'
const listeners = new Set<() => void>()
let cached: { raw: string | null; units: UnitChoice } | null = null

function read(): UnitChoice {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    // Storage refused (private mode): SI until the patient chooses again.
  }
  if (cached && cached.raw === raw) return cached.units
  let units = SI_UNITS
  try {
    const stored = raw ? (JSON.parse(raw) as Partial<UnitChoice>) : {}
    units = {
      weight: stored.weight === 'lb' ? 'lb' : 'kg',
      height: stored.height === 'ft' ? 'ft' : 'm',
      temperature: stored.temperature === 'f' ? 'f' : 'c',
    }
  } catch {
    // A damaged value: SI, rewritten at the next choice.
  }
  cached = { raw, units }
  return units
}

export function chooseUnits(next: UnitChoice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // Not kept past this page; the choice still applies now.
    cached = { raw: null, units: next }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The units this device shows and takes body measures in. */
export function useUnits(): UnitChoice {
  return useSyncExternalStore(subscribe, read, () => SI_UNITS)
}
