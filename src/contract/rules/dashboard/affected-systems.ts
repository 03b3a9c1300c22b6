import type { CountedConsultation } from './consultations'
import { codeUnitOrder } from './scope'
import { TOP_LIST_SIZE, topFive } from './top-five'
import { monthOf } from './zoned-day'

/** An affected system's figures over the period. */
export interface AffectedSystemCount {
  affected_system_id: string
  /** Consultations in the period with a diagnosis of this system (once per consultation). */
  consultations: number
  /** Distinct patients of those consultations. */
  patients: number
}

/** One bar of the affected systems by period: a system's consultations in one month (YYYY-MM). */
export interface AffectedSystemMonth {
  affected_system_id: string
  month: string
  consultations: number
}

/** SPEC §7 `GET /affected-system{query}`: every system with a consultation, and its months. */
export interface AffectedSystemsByPeriod {
  systems: AffectedSystemCount[]
  months: AffectedSystemMonth[]
}

/**
 * Whether the consultation's diagnosis at `index` is the first of its system: a consultation with
 * two diagnoses of one system counts once for it. A consultation has a few diagnoses, so looking
 * back beats a set per consultation (60 000 of them on a device).
 */
function firstOfSystem(
  diagnoses: CountedConsultation['consultation']['diagnoses'],
  index: number,
  system: string,
): boolean {
  for (let earlier = 0; earlier < index; earlier++)
    if (diagnoses[earlier]?.affected_system_id === system) return false
  return true
}

interface SystemEntry {
  key: string
  count: number
  patients: Set<string>
}

function countSystems(consultations: readonly CountedConsultation[]): Map<string, SystemEntry> {
  const bySystem = new Map<string, SystemEntry>()
  for (const { consultation } of consultations) {
    const diagnoses = consultation.diagnoses
    for (let index = 0; index < diagnoses.length; index++) {
      const system = diagnoses[index]?.affected_system_id
      if (system === undefined || !firstOfSystem(diagnoses, index, system)) continue
      let entry = bySystem.get(system)
      if (!entry) {
        entry = { key: system, count: 0, patients: new Set() }
        bySystem.set(system, entry)
      }
      entry.count += 1
      entry.patients.add(consultation.patient_id)
    }
  }
  return bySystem
}

const countOf = (entry: SystemEntry): AffectedSystemCount => ({
  affected_system_id: entry.key,
  consultations: entry.count,
  patients: entry.patients.size,
})

/**
 * SPEC §2/§9 "top 5 affected systems" (`GET /affected-system/top-five{query}`): the systems of the
 * diagnoses of most consultations in the period; a consultation with two diagnoses of one system
 * counts once for it. Ties: the lower system id first (`topFive`).
 */
export function topAffectedSystems(consultations: readonly CountedConsultation[]): AffectedSystemCount[] {
  return topFive(countSystems(consultations).values()).map(countOf)
}

/**
 * The top five out of the whole list (`affectedSystemsByPeriod`'s `systems`, or the server's answer
 * of it): both order the systems alike (most consultations, then the id in code-unit order), so its
 * first five are `topAffectedSystems`. The dashboard and its PDF take them so instead of counting
 * the period's consultations twice.
 */
export const firstFiveSystems = <T extends AffectedSystemCount>(systems: readonly T[]): T[] =>
  systems.slice(0, TOP_LIST_SIZE)

/**
 * `GET /affected-system{query}`: every system with consultations in the period (most first, then
 * by id) and its consultations by month of the consultation's day (months ascending, then by id).
 */
export function affectedSystemsByPeriod(
  consultations: readonly CountedConsultation[],
): AffectedSystemsByPeriod {
  const systems = [...countSystems(consultations).values()]
    .sort((a, b) => b.count - a.count || codeUnitOrder(a.key, b.key))
    .map(countOf)
  // By month, then by system: one map per month, no key text made per consultation.
  const byMonth = new Map<string, Map<string, AffectedSystemMonth>>()
  for (const { consultation, day } of consultations) {
    const month = monthOf(day)
    let systemsOfMonth = byMonth.get(month)
    if (!systemsOfMonth) {
      systemsOfMonth = new Map()
      byMonth.set(month, systemsOfMonth)
    }
    const diagnoses = consultation.diagnoses
    for (let index = 0; index < diagnoses.length; index++) {
      const system = diagnoses[index]?.affected_system_id
      if (system === undefined || !firstOfSystem(diagnoses, index, system)) continue
      const entry = systemsOfMonth.get(system)
      if (entry) entry.consultations += 1
      else systemsOfMonth.set(system, { affected_system_id: system, month, consultations: 1 })
    }
  }
  const months = [...byMonth.values()]
    .flatMap((systemsOfMonth) => [...systemsOfMonth.values()])
    .sort(
      (a, b) => codeUnitOrder(a.month, b.month) || codeUnitOrder(a.affected_system_id, b.affected_system_id),
    )
  return { systems, months }
}
