import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useFieldArray } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import { MAX_TREATMENTS } from '../../contract/schemas/admission-exams'
import { Button } from '../../ui/Button'
import { errorAria, Field } from '../../ui/Field'
import { TextField } from '../../ui/TextField'
import type { StepProps } from './step-props'

/**
 * The treatments the candidate takes or is given (SPEC §3 "admission medical exams with
 * treatments"): added with their own id, removed one by one — a removed treatment stays in the
 * exam's history (its own delete call, an amendment).
 */
export function TreatmentsStep({ form, message }: StepProps) {
  const { t } = useLingui()
  const id = useId()
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'treatments',
    keyName: 'key',
  })
  return (
    <fieldset className="form-section">
      <legend>{t`Tratamientos`}</legend>
      {fields.length === 0 && (
        <p className="form-hint">
          <Trans>Sin tratamientos registrados.</Trans>
        </p>
      )}
      <ol className="admission-rows">
        {fields.map((field, index) => {
          const at = (name: string) => `treatments.${index}.${name}`
          return (
            <li key={field.key} className="admission-row">
              <div className="form-grid">
                <TextField
                  label={t`Medicamento`}
                  aria-required
                  maxLength={200}
                  error={message(at('medicine'))}
                  {...form.register(`treatments.${index}.medicine`)}
                />
                <TextField
                  label={t`Dosis`}
                  maxLength={200}
                  error={message(at('dose'))}
                  {...form.register(`treatments.${index}.dose`)}
                />
              </div>
              <Field id={`${id}-${field.key}`} label={t`Indicaciones`} error={message(at('indications'))}>
                <textarea
                  id={`${id}-${field.key}`}
                  className="field__input admission-form__note"
                  rows={2}
                  {...errorAria(`${id}-${field.key}`, message(at('indications')))}
                  {...form.register(`treatments.${index}.indications`)}
                />
              </Field>
              <Button variant="ghost" onClick={() => remove(index)}>
                <Trans>Quitar tratamiento</Trans>
              </Button>
            </li>
          )
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          disabled={fields.length >= MAX_TREATMENTS}
          onClick={() => append({ id: uuidv7(), medicine: '', dose: '', indications: '' })}
        >
          <Trans>Agregar tratamiento</Trans>
        </Button>
      </div>
    </fieldset>
  )
}
