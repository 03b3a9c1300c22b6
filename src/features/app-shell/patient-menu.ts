import type { MenuItem } from '../../contract/rules/menus'

/**
 * The patient mode's own menu (SPEC §2 Patient self-service). Incapacities join it when that kind
 * exists (issue 7: no placeholder screens).
 */
const PATIENT_SCREENS: Array<[key: string, to: string]> = [
  ['patient-home', '/dashboard/patient-home'],
  ['patient-my-log', '/patient/my-log'],
  ['patient-blood-pressure', '/patient/blood-pressure'],
  ['patient-glucose', '/patient/glucose'],
  ['patient-somatometry', '/patient/somatometry'],
  ['patient-nutrition', '/patient/nutrition'],
  ['patient-habits', '/patient/habits'],
  ['patient-evolution', '/patient/evolution'],
  ['patient-covid', '/patient/covid'],
  ['patient-vaccination-record', '/patient/vaccination-record'],
  ['patient-profile-edit', '/patient-profile/edit'],
]

export const PATIENT_MENU: MenuItem[] = PATIENT_SCREENS.map(([key, to]) => ({
  key,
  to,
  visible: true,
  children: [],
}))
