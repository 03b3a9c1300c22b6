import * as v from 'valibot'
import { IsoInstant } from '../rules/calendar'
import { TimeZoneName } from './bounded'
import { DIGITAL_RECORD_KINDS, type DigitalRecordKind } from './digital-record-kinds'
import type { Patient } from './patient'
import type { RecordSectionEntry } from './record-sections'

export { DIGITAL_RECORD_KINDS, type DigitalRecordKind }

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
