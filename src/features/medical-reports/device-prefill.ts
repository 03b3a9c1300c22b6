import {
  type EmployerSettings,
  incidentReportPrefillOf,
  type WorkerSource,
} from '../../contract/rules/incident-report-prefill'
import type { IncidentReportPrefill } from '../../contract/schemas/incident-reports'
import type { LocalDb } from '../../db/local-db'
import { readLetterhead } from '../../reports/tenant-letterhead'

/** What the tenant has not given (or this device has not yet heard): the professional writes it. */
const NO_EMPLOYER: EmployerSettings = {
  business_name: '',
  employer_registration: null,
  address: { street: null, city: null, state: null, postal_code: null, phone: null },
}

/**
 * A new ST-7's prefill worked out on the device, offline, by the rule the server's
 * `create/information/{patient}` answers with (`rules/incident-report-prefill.ts`): the tenant's
 * settings as the device keeps them with its letterhead (refreshed at every start and sign-in),
 * the patient's record, their ST-7 reports and disabilities held here.
 */
export async function devicePrefill(db: LocalDb, patientId: string): Promise<IncidentReportPrefill> {
  const [patient, reports, disabilities, letterhead] = await Promise.all([
    db.patients.get(patientId),
    db.incidentReports.where('patient_id').equals(patientId).toArray(),
    db.disabilities.where('patient_id').equals(patientId).toArray(),
    readLetterhead(db),
  ])
  return incidentReportPrefillOf({
    settings: letterhead?.employer ?? NO_EMPLOYER,
    // The patient's row holds the API's fields under their own names.
    patient: (patient ?? {}) as WorkerSource,
    reports,
    disabilities,
  })
}
