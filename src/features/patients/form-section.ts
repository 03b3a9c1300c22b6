import type { UseFormReturn } from 'react-hook-form'
import type { PatientEditableInput } from '../../contract/schemas/editable-inputs'
import type { PatientFieldName, PatientFormValues } from './patient-form-values'

/** What every section of the patient form gets: the form, and a field's message (already worded). */
export interface SectionProps {
  form: UseFormReturn<PatientFormValues>
  message: (name: PatientFieldName) => string | undefined
  /** Whether the tenant shows an optional input (decision 0018: it may switch some off). */
  shown: (input: PatientEditableInput) => boolean
}

/** A catalog's items as select options (an empty list while the catalog is not at hand). */
export const optionsOf = (items: ReadonlyArray<{ code: string; name: string }> | undefined) =>
  (items ?? []).map((item) => ({ value: item.code, label: item.name }))
