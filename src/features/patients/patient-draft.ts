import type { PatientFormValues } from './patient-form-values'

/**
 * The patient form's progress, kept in the tab's session storage so a reload (an update of the
 * app, a crash, the tablet's browser discarding the tab) does not lose a half-typed registration.
 * Passwords are never kept. Saving or cancelling the form clears it.
 */
export interface PatientDraft {
  step: number
  values: PatientFormValues
  /** The edited record's version when the draft began: a record changed since starts afresh. */
  version?: number | undefined
}

const keyOf = (patientId: string | undefined) => `patient-draft:${patientId ?? 'new'}`

const withoutPasswords = (values: PatientFormValues): PatientFormValues => ({
  ...values,
  password: '',
  password_confirmation: '',
})

export function readDraft(patientId: string | undefined, version?: number): PatientDraft | null {
  try {
    const text = sessionStorage.getItem(keyOf(patientId))
    if (!text) return null
    // Written by saveDraft below from the same form's values.
    const draft = JSON.parse(text) as PatientDraft
    // Restoring an older version's values would write them back over what came since.
    if (draft.version !== version) return null
    return typeof draft.step === 'number' && draft.values ? draft : null
  } catch {
    return null
  }
}

export function saveDraft(patientId: string | undefined, draft: PatientDraft): void {
  try {
    sessionStorage.setItem(
      keyOf(patientId),
      JSON.stringify({ ...draft, values: withoutPasswords(draft.values) }),
    )
  } catch {
    // A full or blocked storage: the form works, only a reload would lose its progress.
  }
}

export function clearDraft(patientId: string | undefined): void {
  try {
    sessionStorage.removeItem(keyOf(patientId))
  } catch {
    // Nothing was kept.
  }
}
