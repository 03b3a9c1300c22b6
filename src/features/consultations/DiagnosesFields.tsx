import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { type UseFormReturn, useFieldArray } from 'react-hook-form'
import { useCatalogueEntries, useCatalogueOptions } from '../../catalogs/use-catalog'
import type { Diagnosis as CieDiagnosis } from '../../contract/schemas/catalogs'
import { MAX_DIAGNOSES } from '../../contract/schemas/encounters'
import { Button } from '../../ui/Button'
import { DiagnosisSearch } from '../../ui/DiagnosisSearch'
import { FormSelect } from '../../ui/form/FormSelect'
import { fieldMessage } from '../../ui/form/field-errors'
import type { ConsultationFormValues } from './consultation-form-values'

/**
 * The consultation's diagnoses: CIE-10 searched on the device by code or words (offline), each
 * brought with its affected system — the tenant's diagnoses catalogue files a code under one, and
 * CIE-10 names one by code — which the professional may change. A code is taken once.
 */
export function DiagnosesFields({
  form,
  message,
}: {
  form: UseFormReturn<ConsultationFormValues>
  message: (name: string) => string | undefined
}) {
  const { t, i18n } = useLingui()
  const searchId = useId()
  const systems = useCatalogueOptions('affected_system') ?? []
  const tenantDiagnoses = useCatalogueEntries('diagnostics') ?? []
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'diagnoses' })

  const systemOf = (diagnosis: CieDiagnosis) =>
    tenantDiagnoses.find((entry) => entry.code === diagnosis.code && entry.parent_id)?.parent_id ??
    systems.find((system) => system.code === diagnosis.affected_system_code)?.id ??
    ''
  const pick = (diagnosis: CieDiagnosis) => {
    if (form.getValues('diagnoses').some((held) => held.code === diagnosis.code))
      return fieldMessage('encounter.duplicateDiagnosis', i18n) ?? ''
    append({ code: diagnosis.code, name: diagnosis.description, affected_system_id: systemOf(diagnosis) })
    form.clearErrors('diagnoses')
    return null
  }
  // A diagnosis keeps its system after the catalogue retires it: still shown by its name.
  const allSystems = useCatalogueEntries('affected_system') ?? []
  const optionsFor = (held: string) => {
    const options = systems.map((system) => ({ value: system.id, label: system.name }))
    const retired = allSystems.find((system) => system.id === held && !system.active)
    return retired ? [...options, { value: retired.id, label: retired.name }] : options
  }
  const listError = message('diagnoses')
  return (
    <fieldset className="form-section">
      <legend>{t`Diagnósticos`}</legend>
      {fields.length === 0 ? (
        <p className="form-hint">
          <Trans>Aún no hay diagnósticos. Busca por código CIE-10 o por palabras.</Trans>
        </p>
      ) : (
        <ol className="consultation-form__diagnoses">
          {fields.map((field, index) => {
            const systemName = `diagnoses.${index}.affected_system_id` as const
            return (
              <li key={field.id} className="consultation-form__diagnosis">
                <p className="consultation-form__diagnosis-name">
                  <strong>{field.code}</strong> {field.name}
                </p>
                <FormSelect
                  bind={form}
                  name={systemName}
                  label={t`Aparato o sistema afectado`}
                  placeholder={t`Selecciona…`}
                  aria-required
                  error={message(systemName)}
                  options={optionsFor(form.getValues(systemName))}
                />
                <Button variant="ghost" onClick={() => remove(index)}>
                  <Trans>Quitar {field.code}</Trans>
                </Button>
              </li>
            )
          })}
        </ol>
      )}
      {fields.length < MAX_DIAGNOSES && (
        <DiagnosisSearch id={searchId} name="diagnoses" error={listError} onPick={pick} />
      )}
    </fieldset>
  )
}
