import type { ReadingKind } from '../../contract/schemas/readings'

/** Each kind's screen (SPEC §2 Patient self-service). */
export const KIND_ROUTES = {
  'blood-pressure': '/patient/blood-pressure',
  glucose: '/patient/glucose',
  somatometry: '/patient/somatometry',
  nutrition: '/patient/nutrition',
  habit: '/patient/habits',
} as const satisfies Record<ReadingKind, string>
