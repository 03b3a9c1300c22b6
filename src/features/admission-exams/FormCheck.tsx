import { Controller, type Path } from 'react-hook-form'
import { Checkbox } from '../../ui/Checkbox'
import type { AdmissionFormValues } from './admission-form-values'
import type { StepProps } from './step-props'

/** A checkbox of the exam's form bound to a yes/no field (a substance used, an agent exposed to). */
export function FormCheck({
  form,
  name,
  label,
}: Pick<StepProps, 'form'> & { name: Path<AdmissionFormValues>; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          name={field.name}
          checked={field.value === true}
          onCheckedChange={field.onChange}
        />
      )}
    />
  )
}
