import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useFieldArray } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import { useCatalogueEntries, useCatalogueOptions } from '../../catalogs/use-catalog'
import { Button } from '../../ui/Button'
import { DateField } from '../../ui/DateField'
import { errorAria, Field } from '../../ui/Field'
import { FormSelect } from '../../ui/form/FormSelect'
import { TextField } from '../../ui/TextField'
import type { StepProps } from './step-props'

/**
 * Lab and cabinet results: each an entry of the tenant's clinical-exam catalogue (or a name as
 * written when it is none) and what it gave. The reports themselves are the exam's files, below.
 */
export function LabResultsStep({ form, message }: StepProps) {
  const { t } = useLingui()
  const notesId = useId()
  const exams = useCatalogueOptions('clinicalExam') ?? []
  const allExams = useCatalogueEntries('clinicalExam') ?? []
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'lab_results.results',
    // A result's own `id` is the contract's: the list's keys go under another name.
    keyName: 'key',
  })
  const rows = form.watch('lab_results.results')
  const optionsFor = (held: string) => {
    const options = exams.map((exam) => ({ value: exam.id, label: exam.name }))
    // A result keeps its exam after the catalogue retires it: still shown by its name.
    const retired = allExams.find((exam) => exam.id === held && !exam.active)
    return retired ? [...options, { value: retired.id, label: retired.name }] : options
  }
  return (
    <fieldset className="form-section">
      <legend>{t`Resultados de laboratorio`}</legend>
      {fields.length === 0 && (
        <p className="form-hint">
          <Trans>Sin resultados registrados.</Trans>
        </p>
      )}
      <ol className="admission-rows">
        {fields.map((field, index) => {
          const at = (name: string) => `lab_results.results.${index}.${name}`
          return (
            <li key={field.key} className="admission-row">
              <div className="form-grid">
                <FormSelect
                  bind={form}
                  name={`lab_results.results.${index}.clinical_exam_id`}
                  label={t`Examen del catálogo`}
                  placeholder={t`Otro (escribir nombre)`}
                  options={optionsFor(rows[index]?.clinical_exam_id ?? '')}
                  onChange={(event) => {
                    // The catalogue's name is the result's name; another may still be typed.
                    const picked = allExams.find((exam) => exam.id === event.target.value)
                    if (picked)
                      form.setValue(`lab_results.results.${index}.name`, picked.name, { shouldDirty: true })
                  }}
                />
                <TextField
                  label={t`Nombre del estudio`}
                  aria-required
                  maxLength={200}
                  error={message(at('name'))}
                  {...form.register(`lab_results.results.${index}.name`)}
                />
                <DateField
                  label={t`Fecha del estudio`}
                  error={message(at('performed_on'))}
                  {...form.register(`lab_results.results.${index}.performed_on`)}
                />
              </div>
              <Field id={`${notesId}-${field.key}`} label={t`Resultado`} error={message(at('result'))}>
                <textarea
                  id={`${notesId}-${field.key}`}
                  className="field__input admission-form__note"
                  rows={2}
                  aria-required
                  {...errorAria(`${notesId}-${field.key}`, message(at('result')))}
                  {...form.register(`lab_results.results.${index}.result`)}
                />
              </Field>
              <Button variant="ghost" onClick={() => remove(index)}>
                <Trans>Quitar resultado</Trans>
              </Button>
            </li>
          )
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          disabled={fields.length >= 30}
          onClick={() =>
            append({ id: uuidv7(), clinical_exam_id: '', name: '', result: '', performed_on: '' })
          }
        >
          <Trans>Agregar resultado</Trans>
        </Button>
      </div>
      <Field id={notesId} label={t`Notas`} error={message('lab_results.notes')}>
        <textarea
          id={notesId}
          className="field__input admission-form__note"
          rows={3}
          {...errorAria(notesId, message('lab_results.notes'))}
          {...form.register('lab_results.notes')}
        />
      </Field>
    </fieldset>
  )
}
