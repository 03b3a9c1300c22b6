import * as v from 'valibot'
import { TimeZoneName } from './bounded'
import { DIGITAL_RECORD_KINDS, type DigitalRecordKind } from './digital-record-kinds'
import type { Patient } from './patient'
import type { RecordSectionEntry } from './record-sections'

export { DIGITAL_RECORD_KINDS, type DigitalRecordKind }

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
