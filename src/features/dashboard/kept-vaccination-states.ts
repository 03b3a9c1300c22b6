import {
  type VaccinationPatient,
  type VaccinationState,
  type VaccinationStateOf,
  vaccinationStateOf,
} from '../../contract/rules/dashboard/vaccines'
import type { DueSchemeEntry, DueVaccine } from '../../contract/rules/vaccination-due'

type State = Pick<VaccinationState, 'status' | 'overdueCount'>

/**
 * Each patient's vaccination state as the dashboard last worked it out in this page, for the
 * catalogue it was worked out with: a fifth of the dashboard's rules at 20 000 patients
 * (bench/dashboard-device.ts), and for almost every patient the same at the next opening.
 * Kept by the patient object: `dashboardDataOf` makes one per summary row, and a row unpacked
 * from a pack is the same object at every reading (`summary-packs.ts`), while a row written since
 * is read afresh, so a patient whose doses or details changed is worked out again. A state holds
 * for the day it was worked out on; another day works it out again.
 */
let kept: { catalogue: string; states: WeakMap<VaccinationPatient, { day: string; state: State }> } | null =
  null

/** The vaccination rule over the catalogue, answering from the states kept for the same catalogue. */
export function keptVaccinationStateOf(
  vaccines: readonly DueVaccine[],
  scheme: readonly DueSchemeEntry[],
): VaccinationStateOf {
  // The catalogue is a few dozen entries: its text is the cheap, sure way to know it unchanged.
  const catalogue = JSON.stringify([vaccines, scheme])
  if (kept?.catalogue !== catalogue) kept = { catalogue, states: new WeakMap() }
  const states = kept.states
  const worked = vaccinationStateOf(vaccines, scheme)
  return (patient, today) => {
    const held = states.get(patient)
    if (held?.day === today) return held.state
    // Copied: the rule's answer carries more than the state, and nothing of it needs keeping.
    const { status, overdueCount } = worked(patient, today)
    const state = { status, overdueCount }
    states.set(patient, { day: today, state })
    return state
  }
}
