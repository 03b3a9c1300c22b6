import type { DigitalRecordKind } from '../contract/schemas/digital-record'
import { VITAL_SIGNS, type VitalSign } from '../contract/schemas/encounters'
import type { TimelineEntry } from './record-timeline'

/** The latest value of a vital sign, and the record it was taken in. */
export interface LatestVitalSign {
  sign: VitalSign
  value: number
  day: string
  time: string | null
  kind: DigitalRecordKind
  entryId: string
}

/** Every vital sign in the order they are taken at the bedside (the contract's). */
const SIGNS = Object.keys(VITAL_SIGNS) as VitalSign[]

/**
 * Each vital sign's latest value over the whole record (issue 24: "the latest vital signs"),
 * whichever kind of record took it — a consultation, a triage, an exam, a reading the patient
 * logged. `entries` are newest first (`timelineOf`); a sign never taken is left out.
 */
export function latestVitalSigns(entries: readonly TimelineEntry[]): LatestVitalSign[] {
  const latest: LatestVitalSign[] = []
  for (const sign of SIGNS) {
    for (const entry of entries) {
      const value = entry.vitalSigns[sign]
      if (typeof value !== 'number') continue
      latest.push({ sign, value, day: entry.day, time: entry.time, kind: entry.kind, entryId: entry.id })
      break
    }
  }
  return latest
}

/**
 * The latest answer to "pregnancy?" the record holds (the COVID triage asks it: SPEC §3 COVID
 * data), with its day; null when no record answered. `entries` are newest first.
 */
export function latestPregnancy(
  entries: readonly TimelineEntry[],
): { pregnant: boolean; day: string } | null {
  const answered = entries.find((entry) => entry.pregnancy !== null)
  return answered ? { pregnant: answered.pregnancy === true, day: answered.day } : null
}
