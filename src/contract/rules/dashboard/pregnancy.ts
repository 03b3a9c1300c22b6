import { dayNumber } from '../periodic-exam-due'
import type { DashboardLabel } from './special-labels'

/** The special labels' icon that marks a pregnancy (`SPECIAL_LABEL_ICONS.pregnancy`). */
export const PREGNANCY_ICON = 'pregnancy'

/**
 * A triage consultation's "pregnancy: yes" counts this many days after it (40 weeks, a
 * pregnancy's length): older, the answer says nothing about today.
 */
export const PREGNANCY_REPORT_DAYS = 280

export interface PregnancyCount {
  /** Patients pregnant by either source, each once. */
  total: number
  /** Patients carrying a sublabel of a label with the pregnancy icon. */
  labelled: number
  /** Patients whose latest triage consultation, within 280 days, says pregnancy: yes. */
  reported_at_triage: number
  /** Per sublabel of the pregnancy labels (the trimesters, in the demo), in the catalogue's order. */
  sublabels: Array<{ sublabel_id: string; patients: number }>
}

/** A patient's latest triage consultation, as `lastTriageConsultations` picks it. */
export interface PregnancyReport {
  patient_id: string
  /** The consultation's day in the dashboard's zone. */
  day: string
  pregnancy: boolean | null
}

/**
 * SPEC §2 "pregnancy": patients in scope pregnant today. A clinic marks a pregnancy with a
 * special label whose icon is the pregnancy one (the demo's "Embarazo", by trimester); the COVID
 * triage asks it too (SPEC §3). Either counts; a patient counted by both counts once. The
 * period does not apply: pregnancy is a state of now.
 */
export function pregnancyCount(
  labels: readonly DashboardLabel[],
  patients: ReadonlyArray<{ id: string; special_sublabel_ids: readonly string[] }>,
  lastTriage: readonly PregnancyReport[],
  scope: ReadonlySet<string>,
  today: string,
): PregnancyCount {
  const pregnancySublabels = labels
    .filter((label) => label.icon === PREGNANCY_ICON)
    .flatMap((label) => label.sublabels.map((sublabel) => sublabel.id))
  const perSublabel = new Map(pregnancySublabels.map((id) => [id, 0]))
  const labelled = new Set<string>()
  for (const patient of patients) {
    if (!scope.has(patient.id)) continue
    for (const id of new Set(patient.special_sublabel_ids)) {
      const count = perSublabel.get(id)
      if (count === undefined) continue
      perSublabel.set(id, count + 1)
      labelled.add(patient.id)
    }
  }
  const todayNumber = dayNumber(today)
  const reported = new Set<string>()
  for (const report of lastTriage) {
    if (!scope.has(report.patient_id) || report.pregnancy !== true) continue
    const age = todayNumber - dayNumber(report.day)
    if (age >= 0 && age < PREGNANCY_REPORT_DAYS) reported.add(report.patient_id)
  }
  const total = new Set([...labelled, ...reported]).size
  return {
    total,
    labelled: labelled.size,
    reported_at_triage: reported.size,
    sublabels: pregnancySublabels.map((id) => ({ sublabel_id: id, patients: perSublabel.get(id) ?? 0 })),
  }
}
