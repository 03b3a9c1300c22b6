import { draftKey } from '../../db/form-drafts'
import type { LocalFormDraft } from '../../db/local-db'
import type { IncidentReportFormValues } from './incident-report-form-values'

/**
 * What the ST-7's form keeps on the device while it is filled (`formDrafts`, decision 0029): the
 * step on screen and everything typed, as typed — under the patient for a new report, under the
 * report for an amendment. The save removes it; leaving the form keeps it.
 */
export interface IncidentReportDraft {
  step: number
  values: IncidentReportFormValues
}

export const incidentReportDraftKey = (patientId: string, reportId?: string) =>
  draftKey('incident-report', patientId, reportId)

/** The draft as kept, or null when there is none or it is not one of this form's. */
export function incidentReportDraftOf(row: LocalFormDraft | undefined): IncidentReportDraft | null {
  const value = row?.value as Partial<IncidentReportDraft> | undefined
  // Written by the form from its own values; a value of another shape is not restored.
  return value && typeof value.step === 'number' && value.values?.employer && value.values.worker
    ? (value as IncidentReportDraft)
    : null
}
