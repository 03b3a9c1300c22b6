import * as v from 'valibot'
import { IsoInstant } from '../rules/calendar'
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

/**
 * A record opened on a device with no network (decision 0038): the device cannot be audited by
 * the read it did not make, so it queues this note of the opening, sent when the network returns.
 * Its id is the device's (the outbox's row), `opened_at` the device's clock at the opening.
 */
export const OfflineOpeningRequest = v.object({ id: Id, opened_at: IsoInstant })
export type OfflineOpeningRequest = v.InferOutput<typeof OfflineOpeningRequest>

/** The server's answer: the note as the audit log holds it, a record of version 1. */
export interface OfflineOpening extends OfflineOpeningRequest {
  patient_id: string
  version: number
}

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
