import type { OpenedScreen } from '../../contract/schemas/offline-openings'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { RecordSection } from '../../contract/schemas/record-sections'
import type { SessionUser } from '../../contract/schemas/session'
import { type LocalDb, type OutboxEntry, rowTable } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'

/** What a queued change is about: its patient by name, and the kind of reading or record entry (a consultation needs no more). */
export interface EntrySubject {
  /** Null when the device knows no name (the record was removed from it since). */
  patient: string | null
  reading?: ReadingKind
  section?: RecordSection
  /** A file's name, for its upload or removal. */
  file?: string
  /** The screen of the patient's record whose offline opening is noted (decision 0038). */
  screen?: OpenedScreen
}

/**
 * The subject of each queued change, by mutation id, so a nurse reading /sync knows which of her
 * records waits (issue 17). Read from the device: the patient's row, or the reading's or record
 * entry's row and its `patient_id`. A patient's own readings name the patient in session, whose
 * row the device may not hold.
 */
export async function subjectsOf(
  db: LocalDb,
  entries: OutboxEntry[],
  self: SessionUser | null,
): Promise<Map<string, EntrySubject>> {
  const subjects = new Map<string, EntrySubject>()
  for (const entry of entries) subjects.set(entry.mutationId, await subjectOf(db, entry, self))
  return subjects
}

async function subjectOf(db: LocalDb, entry: OutboxEntry, self: SessionUser | null): Promise<EntrySubject> {
  switch (entry.entity) {
    case 'patient':
      return { patient: await nameOf(db, entry.entityId, self) }
    case 'reading': {
      const row = await db.readings.get(entry.entityId)
      const patientId = row?.patient_id ?? (entry.body.patient_id as string | undefined)
      return { patient: patientId ? await nameOf(db, patientId, self) : null, reading: row?.kind }
    }
    case 'recordSection': {
      const row = await db.recordSections.get(entry.entityId)
      const patientId = row?.patient_id ?? (entry.body.patient_id as string | undefined)
      return { patient: patientId ? await nameOf(db, patientId, self) : null, section: row?.section }
    }
    case 'vaccinationRecord': {
      const row = await db.vaccinationRecords.get(entry.entityId)
      const patientId = row?.patient_id ?? (entry.body.patient_id as string | undefined)
      return { patient: patientId ? await nameOf(db, patientId, self) : null }
    }
    case 'periodicExam':
    case 'admissionExam':
    case 'shortHistory':
    case 'healthCertificate':
    case 'disability':
    case 'incidentReport': {
      // Their creates name the patient in the path only; the row is on the device until sent.
      const row = await rowTable(db, entry.entity).get(entry.entityId)
      const patientId = row?.patient_id as string | undefined
      return { patient: patientId ? await nameOf(db, patientId, self) : null }
    }
    case 'recordOpening': {
      const row = await db.recordOpenings.get(entry.entityId)
      const patientId = row?.patient_id
      // Notes queued before the patient's record page had any were all of the digital record.
      const screen = row?.screen ?? 'digital-record'
      return { patient: patientId ? await nameOf(db, patientId, self) : null, screen }
    }
    case 'encounter': {
      const row = await db.encounters.get(entry.entityId)
      const patientId = row?.patient_id ?? (entry.body.patient_id as string | undefined)
      return { patient: patientId ? await nameOf(db, patientId, self) : null }
    }
    case 'covidConsultation':
    case 'covidReclassification':
    case 'covidDecline':
    case 'covidTest': {
      const row = await rowTable(db, entry.entity).get(entry.entityId)
      const patientId = (row?.patient_id as string | undefined) ?? patientOfCovidPath(entry.path)
      return { patient: patientId ? await nameOf(db, patientId, self) : null }
    }
    case 'attachment': {
      const row = await db.files.get(entry.entityId)
      const name = row?.name ?? (entry.body.name as string | undefined)
      return { patient: row ? await nameOf(db, row.patient_id, self) : null, ...(name ? { file: name } : {}) }
    }
  }
}

async function nameOf(db: LocalDb, patientId: string, self: SessionUser | null): Promise<string | null> {
  const patient = await db.patients.get(patientId)
  if (patient) return fullName(patient)
  if (self && self.patient_id === patientId) return `${self.name} ${self.last_name}`.trim()
  return null
}

/** The COVID calls name their patient in the path (`…/patient/{id}`, `…/{patientId}`). */
function patientOfCovidPath(path: string): string | undefined {
  return /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/[0-9a-f-]{36})?$/.exec(path)?.[1]
}
