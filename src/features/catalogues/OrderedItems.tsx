import { Trans, useLingui } from '@lingui/react/macro'
import { type UseFormReturn, useFieldArray } from 'react-hook-form'
import type { CatalogueEntryInput } from '../../contract/schemas/catalogue-definitions'
import { Button } from '../../ui/Button'
import { fieldMessage } from '../../ui/form/field-errors'
import { TextField } from '../../ui/TextField'

/**
 * A value's ordered items (a subgroup's), edited in its form: each named (SPEC §5), moved up or
 * down, removed, or added at the end. The order sent is the order kept.
 */
export function OrderedItems({ form }: { form: UseFormReturn<CatalogueEntryInput> }) {
  const { t, i18n } = useLingui()
  const items = useFieldArray({ control: form.control, name: 'items', keyName: 'key' })
  const errors = form.formState.errors.items
  return (
    <fieldset className="form-section">
      <legend>{t`Elementos`}</legend>
      <ol className="catalogue-form__items">
        {items.fields.map((field, index) => (
          <li key={field.key} className="catalogue-form__item">
            <TextField
              label={t`Elemento ${index + 1}`}
              error={fieldMessage(errors?.[index]?.name?.message ?? errors?.[index]?.id?.message, i18n)}
              {...form.register(`items.${index}.name`)}
            />
            <Button variant="ghost" disabled={index === 0} onClick={() => items.move(index, index - 1)}>
              <Trans>Subir</Trans>
              <span className="visually-hidden"> {t`Elemento ${index + 1}`}</span>
            </Button>
            <Button
              variant="ghost"
              disabled={index === items.fields.length - 1}
              onClick={() => items.move(index, index + 1)}
            >
              <Trans>Bajar</Trans>
              <span className="visually-hidden"> {t`Elemento ${index + 1}`}</span>
            </Button>
            <Button variant="ghost" onClick={() => items.remove(index)}>
              <Trans>Quitar</Trans>
              <span className="visually-hidden"> {t`Elemento ${index + 1}`}</span>
            </Button>
          </li>
        ))}
      </ol>
      {(errors?.message || errors?.root?.message) && (
        <p className="field__error" role="alert">
          {fieldMessage(errors?.message ?? errors?.root?.message, i18n)}
        </p>
      )}
      <Button variant="secondary" onClick={() => items.append({ name: '' })}>
        <Trans>Agregar elemento</Trans>
      </Button>
    </fieldset>
  )
}
