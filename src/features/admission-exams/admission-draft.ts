import { draftKey } from '../../db/form-drafts'
import type { LocalFormDraft } from '../../db/local-db'
import type { AdmissionFormValues } from './admission-form-values'

/**
 * What the admission exam's form keeps on the device while it is filled (`formDrafts`): the step
 * on screen and everything typed, as typed. A new exam's draft lives under the patient; once the
 * first step creates the exam it moves under the exam, and the result saved removes it.
 */
export interface AdmissionDraft {
  step: number
  values: AdmissionFormValues
  /** Set when the first step moved it under the new exam: nothing to announce as recovered. */
  carried?: boolean
}

export const draftKeyOf = (patientId: string, examId?: string) =>
  draftKey('admission-exam', patientId, examId)

/** The draft as kept, or null when there is none or it is not one of this form's. */
export function admissionDraftOf(row: LocalFormDraft | undefined): AdmissionDraft | null {
  const value = row?.value as Partial<AdmissionDraft> | undefined
  // Written by the form from its own values; a value of another shape is not restored.
  return value && typeof value.step === 'number' && value.values ? (value as AdmissionDraft) : null
}
