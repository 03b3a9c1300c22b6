import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Path } from 'react-hook-form'
import { errorAria, Field } from '../../ui/Field'
import type { AdmissionFormValues } from './admission-form-values'
import type { StepProps } from './step-props'

/**
 * Free-text notes, one per code (personal background, each body system, each body region): what
 * the professional found, in their words; an empty one is "nothing to note".
 */
export function NoteFields<K extends string>({
  form,
  message,
  prefix,
  names,
}: StepProps & { prefix: string; names: Record<K, MessageDescriptor> }) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="form-grid">
      {(Object.keys(names) as K[]).map((key) => {
        const name = `${prefix}.${key}` as Path<AdmissionFormValues>
        const fieldId = `${id}-${key}`
        return (
          <Field key={key} id={fieldId} label={i18n._(names[key])} error={message(name)}>
            <textarea
              id={fieldId}
              className="field__input admission-form__note"
              rows={2}
              {...errorAria(fieldId, message(name))}
              {...form.register(name)}
            />
          </Field>
        )
      })}
    </div>
  )
}
