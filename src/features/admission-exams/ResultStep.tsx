import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ADMISSION_RESULTS } from '../../contract/schemas/admission-exams'
import { errorAria, Field } from '../../ui/Field'
import { FormSelect } from '../../ui/form/FormSelect'
import { RESULT_NAMES } from './admission-texts'
import type { StepProps } from './step-props'

/**
 * The result (SPEC §4: complies, does not comply, complies with conditions — then the conditions
 * are written). It needs every section saved: the steps still missing are named in the stepper.
 */
export function ResultStep({ form, message, missing }: StepProps & { missing: readonly string[] }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const result = form.watch('result')
  return (
    <fieldset className="form-section">
      <legend>{t`Resultado`}</legend>
      {missing.length > 0 && (
        <p className="form-hint">
          <Trans>Antes del resultado, completa: {missing.join(', ')}.</Trans>
        </p>
      )}
      <div className="form-grid">
        <FormSelect
          bind={form}
          name="result"
          label={t`Resultado del examen`}
          aria-required
          placeholder={t`Selecciona…`}
          error={message('result')}
          options={ADMISSION_RESULTS.map((code) => ({ value: code, label: i18n._(RESULT_NAMES[code]) }))}
        />
      </div>
      {result === 'complies_with_conditions' && (
        <Field id={`${id}-conditions`} label={t`Condiciones`} error={message('conditions')}>
          <textarea
            id={`${id}-conditions`}
            className="field__input admission-form__note"
            rows={3}
            aria-required
            maxLength={2000}
            {...errorAria(`${id}-conditions`, message('conditions'))}
            {...form.register('conditions')}
          />
        </Field>
      )}
      <Field id={`${id}-observations`} label={t`Observaciones`} error={message('observations')}>
        <textarea
          id={`${id}-observations`}
          className="field__input admission-form__note"
          rows={4}
          maxLength={5000}
          {...errorAria(`${id}-observations`, message('observations'))}
          {...form.register('observations')}
        />
      </Field>
    </fieldset>
  )
}
