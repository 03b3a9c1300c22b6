import { useLingui } from '@lingui/react/macro'
import { DateField } from '../../ui/DateField'
import { TextField } from '../../ui/TextField'
import type { StepProps } from './step-props'

/** The exam's data: its day (the candidate must be 8 to 99 years old on it) and the position applied for. */
export function GeneralStep({ form, message }: StepProps) {
  const { t } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{t`Datos del examen`}</legend>
      <div className="form-grid">
        <DateField
          label={t`Fecha del examen`}
          aria-required
          error={message('examined_on')}
          {...form.register('examined_on')}
        />
        <TextField
          label={t`Puesto al que aspira`}
          maxLength={200}
          error={message('position')}
          {...form.register('position')}
        />
      </div>
    </fieldset>
  )
}
