import type { MenuItem } from '../../contract/rules/menus'

/** The patient mode's own menu (SPEC §2 Patient self-service). */
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
  ['patient-incapacities', '/patient/incapacities'],
  ['patient-profile-edit', '/patient-profile/edit'],
]

export const PATIENT_MENU: MenuItem[] = PATIENT_SCREENS.map(([key, to]) => ({
  key,
  to,
  visible: true,
  children: [],
}))
