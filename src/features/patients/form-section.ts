import type { UseFormReturn } from 'react-hook-form'
import type { PatientFieldName, PatientFormValues } from './patient-form-values'

/** What every section of the patient form gets: the form, and a field's message (already worded). */
export interface SectionProps {
  form: UseFormReturn<PatientFormValues>
  message: (name: PatientFieldName) => string | undefined
}

/** A catalog's items as select options (an empty list while the catalog is not at hand). */
export const optionsOf = (items: ReadonlyArray<{ code: string; name: string }> | undefined) =>
  (items ?? []).map((item) => ({ value: item.code, label: item.name }))
