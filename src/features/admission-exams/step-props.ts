import type { UseFormReturn } from 'react-hook-form'
import type { AdmissionFormValues } from './admission-form-values'

/** What every step of the admission exam's form gets: the form, and a field's message (worded). */
export interface StepProps {
  form: UseFormReturn<AdmissionFormValues>
  message: (name: string) => string | undefined
}
