import { ADMISSION_EXAM_READERS } from '../../../src/contract/endpoints/admission-exams'
import { DISABILITY_READERS } from '../../../src/contract/endpoints/disabilities'
import { CERTIFICATE_READERS } from '../../../src/contract/endpoints/health-certificates'
import { INCIDENT_REPORT_READERS } from '../../../src/contract/endpoints/incident-reports'
import { PERIODIC_EXAM_READERS } from '../../../src/contract/endpoints/periodic-exams'
import { SHORT_HISTORY_READERS } from '../../../src/contract/endpoints/short-histories'
import { VACCINATION_READERS } from '../../../src/contract/endpoints/vaccination'
import type { SyncedEntity } from '../../../src/contract/schemas/sync'

/**
 * Who learns of each medical report (issue 23): those who read it, and a patient their own
 * disabilities (`/patient/incapacities` offline; the feed's scope gives a patient only their own).
 */
const REPORT_READERS: Partial<Record<SyncedEntity, readonly string[]>> = {
  'short-history': SHORT_HISTORY_READERS,
  'health-certificate': CERTIFICATE_READERS,
  disability: [...DISABILITY_READERS, 'patient-incapacities'],
  'incident-report': INCIDENT_REPORT_READERS,
}

/** The permissions any of which lets one read an entity's records; absent: whoever sees the patient. */
const READERS: Partial<Record<SyncedEntity, readonly string[]>> = {
  // Consultations are clinical notes: only who may list them (SPEC §6), not registration staff.
  encounter: ['consultation.list'],
  'vaccination-record': VACCINATION_READERS,
  'periodic-exam': PERIODIC_EXAM_READERS,
  'admission-exam': ADMISSION_EXAM_READERS,
  ...REPORT_READERS,
}

/**
 * Whether a user with these permissions reads the records of an entity of the patients they see:
 * the change feed's rule for what reaches a device, and the digital record's for what the server
 * gathers, so the record reads the same on both. A file's reading depends on its owner's
 * (attachments.routes.ts `mayReadFilesOf`), which the feed checks itself.
 */
export function readsEntity(permissions: ReadonlySet<string>, entity: SyncedEntity): boolean {
  const readers = READERS[entity]
  return readers === undefined || readers.some((permission) => permissions.has(permission))
}
