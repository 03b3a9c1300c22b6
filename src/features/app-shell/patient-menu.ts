import type { MenuItem } from '../../contract/rules/menus'

/** The patient mode's own menu (SPEC §2 Patient self-service); items appear as their screens exist. */
const PATIENT_SCREENS: Array<[key: string, to: string]> = [
  ['patient-home', '/dashboard/patient-home'],
  ['patient-blood-pressure', '/patient/blood-pressure'],
  ['patient-glucose', '/patient/glucose'],
  ['patient-somatometry', '/patient/somatometry'],
  ['patient-nutrition', '/patient/nutrition'],
  ['patient-habits', '/patient/habits'],
  ['patient-incapacities', '/patient/incapacities'],
  ['patient-covid', '/patient/covid'],
  ['patient-evolution', '/patient/evolution'],
  ['patient-vaccination-record', '/patient/vaccination-record'],
]

export const PATIENT_MENU: MenuItem[] = PATIENT_SCREENS.map(([key, to]) => ({
  key,
  to,
  visible: true,
  children: [],
}))
