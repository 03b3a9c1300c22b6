import * as v from 'valibot'
import { TimeZoneName } from './bounded'
import type { Patient } from './patient'
import type { RecordSectionEntry } from './record-sections'

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

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

export const DigitalRecordParams = v.object({ id: Id })

/** The download's zone, as every document call takes it (decision 0010); the request's language prints it. */
export const DigitalRecordDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/**
 * What a patient's digital record is made of, as the API answers `GET /patients/digital-record/{id}`
 * and as the device gathers it from its cache: the patient, their record sections, and the rows of
 * each kind the caller may read, each row as the change feed carries it (so one mapping prints
 * both). Deleted rows are left out; a kind the caller may not read comes empty.
 */
export interface DigitalRecord {
  patient: Patient
  sections: RecordSectionEntry[]
  records: Record<DigitalRecordKind, Array<Record<string, unknown>>>
}
