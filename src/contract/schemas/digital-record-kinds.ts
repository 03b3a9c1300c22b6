/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the schemas around it; the schemas import it from here.
 */

/**
 * The kinds of clinical record a patient's digital record gathers (SPEC §2 "Digital record",
 * issue 24): each is an entry of the timeline's registry (`src/documents/record-timeline.ts`),
 * which says where the device keeps it, which feed entities the server reads it from, its date,
 * its title and the screen that opens it.
 */
export const DIGITAL_RECORD_KINDS = [
  'consultation',
  'triage',
  'vaccination',
  'periodic-exam',
  'admission-exam',
  'self-tracking',
  'short-history',
  'health-certificate',
  'disability',
  'incident-report',
] as const
export type DigitalRecordKind = (typeof DIGITAL_RECORD_KINDS)[number]
