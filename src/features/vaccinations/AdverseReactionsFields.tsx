import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form'
import { MAX_ADVERSE_REACTIONS } from '../../contract/schemas/vaccination-records'
import { Button } from '../../ui/Button'
import { DateField, TimeField } from '../../ui/DateField'
import { errorAria, Field } from '../../ui/Field'
import { emptyReaction, type VaccinationFormValues } from './vaccination-form-values'

/**
 * The dose's adverse reactions (SPEC §3: date, time, symptoms, comments), one row each, added and
 * removed as the nurse learns of them; none is needed.
 */
export function AdverseReactionsFields({
  form,
  reactions,
  message,
}: {
  form: UseFormReturn<VaccinationFormValues>
  reactions: UseFieldArrayReturn<VaccinationFormValues, 'adverse_reactions'>
  message: (name: string) => string | undefined
}) {
  const { t } = useLingui()
  const baseId = useId()
  return (
    <fieldset className="form-section vaccination-reactions">
      <legend>{t`Reacciones adversas`}</legend>
      {reactions.fields.length === 0 && (
        <p className="form-hint">
          <Trans>Sin reacciones adversas registradas.</Trans>
        </p>
      )}
      <ol className="vaccination-reactions__list">
        {reactions.fields.map((field, index) => {
          const name = `adverse_reactions.${index}` as const
          const symptomsId = `${baseId}-symptoms-${index}`
          const commentsId = `${baseId}-comments-${index}`
          return (
            <li key={field.id} className="vaccination-reactions__row">
              <div className="form-grid">
                <DateField
                  label={t`Fecha de la reacción`}
                  aria-required
                  error={message(`${name}.date`)}
                  {...form.register(`${name}.date`)}
                />
                <TimeField
                  label={t`Hora`}
                  error={message(`${name}.time`)}
                  {...form.register(`${name}.time`)}
                />
              </div>
              <Field id={symptomsId} label={t`Síntomas`} error={message(`${name}.symptoms`)}>
                <textarea
                  id={symptomsId}
                  className="field__input"
                  rows={2}
                  aria-required
                  {...errorAria(symptomsId, message(`${name}.symptoms`))}
                  {...form.register(`${name}.symptoms`)}
                />
              </Field>
              <Field id={commentsId} label={t`Comentarios`} error={message(`${name}.comments`)}>
                <textarea
                  id={commentsId}
                  className="field__input"
                  rows={2}
                  {...errorAria(commentsId, message(`${name}.comments`))}
                  {...form.register(`${name}.comments`)}
                />
              </Field>
              <Button variant="ghost" onClick={() => reactions.remove(index)}>
                <Trans>Quitar reacción</Trans>
              </Button>
            </li>
          )
        })}
      </ol>
      {reactions.fields.length < MAX_ADVERSE_REACTIONS && (
        <Button variant="secondary" onClick={() => reactions.append(emptyReaction(new Date()))}>
          <Trans>Agregar reacción adversa</Trans>
        </Button>
      )}
    </fieldset>
  )
}
