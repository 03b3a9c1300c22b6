import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useFieldArray } from 'react-hook-form'
import { RELATIVES } from '../../contract/schemas/admission-exams'
import { Button } from '../../ui/Button'
import { errorAria, Field } from '../../ui/Field'
import { FormSelect } from '../../ui/form/FormSelect'
import { TextField } from '../../ui/TextField'
import { RELATIVE_NAMES } from './admission-texts'
import type { StepProps } from './step-props'

/** Family history: each relative's disease (diabetes, hypertension, cancer…) and whether they live. */
export function FamilyHistoryStep({ form, message }: StepProps) {
  const { t, i18n } = useLingui()
  const notesId = useId()
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'family_history.entries' })
  return (
    <fieldset className="form-section">
      <legend>{t`Antecedentes heredofamiliares`}</legend>
      {fields.length === 0 && (
        <p className="form-hint">
          <Trans>Sin antecedentes registrados. Agrega uno por cada familiar con una enfermedad.</Trans>
        </p>
      )}
      <ol className="admission-rows">
        {fields.map((field, index) => {
          const at = (name: string) => `family_history.entries.${index}.${name}`
          return (
            <li key={field.id} className="admission-row">
              <div className="form-grid">
                <FormSelect
                  bind={form}
                  name={`family_history.entries.${index}.relative`}
                  label={t`Familiar`}
                  aria-required
                  placeholder={t`Selecciona…`}
                  error={message(at('relative'))}
                  options={RELATIVES.map((code) => ({ value: code, label: i18n._(RELATIVE_NAMES[code]) }))}
                />
                <TextField
                  label={t`Enfermedad`}
                  aria-required
                  maxLength={200}
                  error={message(at('condition'))}
                  {...form.register(`family_history.entries.${index}.condition`)}
                />
                <FormSelect
                  bind={form}
                  name={`family_history.entries.${index}.alive`}
                  label={t`¿Vive?`}
                  placeholder={t`No se sabe`}
                  options={[
                    { value: 'yes', label: t`Sí` },
                    { value: 'no', label: t`No` },
                  ]}
                />
              </div>
              <Button variant="ghost" onClick={() => remove(index)}>
                <Trans>Quitar</Trans>
              </Button>
            </li>
          )
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          disabled={fields.length >= 30}
          onClick={() => append({ relative: '', condition: '', alive: '' })}
        >
          <Trans>Agregar antecedente</Trans>
        </Button>
      </div>
      <Field id={notesId} label={t`Notas`} error={message('family_history.notes')}>
        <textarea
          id={notesId}
          className="field__input admission-form__note"
          rows={3}
          {...errorAria(notesId, message('family_history.notes'))}
          {...form.register('family_history.notes')}
        />
      </Field>
    </fieldset>
  )
}
