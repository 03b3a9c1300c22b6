import type { CountedConsultation } from './consultations'
import { topFive } from './top-five'

/** A diagnosis of the top list: how many consultations in the period recorded it. */
export interface DiagnosisCount {
  code: string
  /** The name the latest of those consultations recorded (a catalogue rename shows its newest). */
  name: string
  consultations: number
  /** Distinct patients diagnosed with it in the period. */
  patients: number
}

/**
 * SPEC §2/§9 "top 5 diagnoses" (`GET /diagnostics{query}`): the diagnoses recorded most often in
 * the period's consultations. A consultation counts once per diagnosis (its codes are unique).
 * Ties: the lower code first (`topFive`). "The latest" is the later `started_at`, then the
 * higher consultation id.
 */
export function topDiagnoses(consultations: readonly CountedConsultation[]): DiagnosisCount[] {
  const byCode = new Map<
    string,
    { key: string; count: number; name: string; at: number; id: string; patients: Set<string> }
  >()
  for (const { consultation, at } of consultations) {
    for (const diagnosis of consultation.diagnoses) {
      let entry = byCode.get(diagnosis.code)
      if (!entry) {
        entry = {
          key: diagnosis.code,
          count: 0,
          name: diagnosis.name,
          at,
          id: consultation.id,
          patients: new Set(),
        }
        byCode.set(diagnosis.code, entry)
      }
      entry.count += 1
      entry.patients.add(consultation.patient_id)
      if (at > entry.at || (at === entry.at && consultation.id > entry.id)) {
        entry.name = diagnosis.name
        entry.at = at
        entry.id = consultation.id
      }
    }
  }
  return topFive(byCode.values()).map((entry) => ({
    code: entry.key,
    name: entry.name,
    consultations: entry.count,
    patients: entry.patients.size,
  }))
}
