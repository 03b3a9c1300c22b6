import type { CountedConsultation } from './consultations'
import { codeUnitOrder } from './scope'
import { topFive } from './top-five'
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

/** The systems one consultation's diagnoses touch, each once. */
function systemsOf(consultation: CountedConsultation['consultation']): Set<string> {
  const systems = new Set<string>()
  for (const diagnosis of consultation.diagnoses) systems.add(diagnosis.affected_system_id)
  return systems
}

function countSystems(consultations: readonly CountedConsultation[]) {
  const bySystem = new Map<string, { key: string; count: number; patients: Set<string> }>()
  for (const { consultation } of consultations) {
    for (const system of systemsOf(consultation)) {
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

const countOf = (entry: { key: string; count: number; patients: Set<string> }): AffectedSystemCount => ({
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
 * `GET /affected-system{query}`: every system with consultations in the period (most first, then
 * by id) and its consultations by month of the consultation's day (months ascending, then by id).
 */
export function affectedSystemsByPeriod(
  consultations: readonly CountedConsultation[],
): AffectedSystemsByPeriod {
  const systems = [...countSystems(consultations).values()]
    .sort((a, b) => b.count - a.count || codeUnitOrder(a.key, b.key))
    .map(countOf)
  const byMonth = new Map<string, AffectedSystemMonth>()
  for (const { consultation, day } of consultations) {
    const month = monthOf(day)
    for (const system of systemsOf(consultation)) {
      const key = `${month}|${system}`
      const entry = byMonth.get(key) ?? { affected_system_id: system, month, consultations: 0 }
      entry.consultations += 1
      byMonth.set(key, entry)
    }
  }
  const months = [...byMonth.values()].sort(
    (a, b) => codeUnitOrder(a.month, b.month) || codeUnitOrder(a.affected_system_id, b.affected_system_id),
  )
  return { systems, months }
}
