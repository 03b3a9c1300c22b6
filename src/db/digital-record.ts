import type { DigitalRecord } from '../contract/schemas/digital-record'
import type { Patient } from '../contract/schemas/patient'
import type { RecordSectionEntry } from '../contract/schemas/record-sections'
import { TIMELINE_KINDS } from '../documents/record-timeline'
import type { LocalDb } from './local-db'

/**
 * A patient's digital record as the device holds it (issue 24): the patient, their live record
 * sections and the live rows of every kind of the timeline's registry, each read by patient from
 * the table the registry names — what `GET /patients/digital-record/{id}` answers for the same
 * patient, so the page and the PDF read one shape wherever it came from. Null when the patient is
 * not on the device (or deleted here).
 */
export async function readDigitalRecord(db: LocalDb, patientId: string): Promise<DigitalRecord | null> {
  const [patient, sections, ...kinds] = await Promise.all([
    db.patients.get(patientId),
    db.recordSections.where('patient_id').equals(patientId).toArray(),
    ...TIMELINE_KINDS.map((kind) => db.table(kind.table).where('patient_id').equals(patientId).toArray()),
  ])
  if (!patient || patient.deleted_at) return null
  const live = <T extends { deleted_at?: unknown }>(rows: T[]) => rows.filter((row) => !row.deleted_at)
  return {
    // The cached rows hold the API's fields under its names (local-db.ts), plus their sync state.
    patient: patient as unknown as Patient,
    sections: live(sections) as unknown as RecordSectionEntry[],
    records: Object.fromEntries(
      TIMELINE_KINDS.map((kind, index) => [kind.kind, live(kinds[index] ?? [])]),
    ) as DigitalRecord['records'], // one list per kind of the registry, which the contract's kinds are
  }
}
