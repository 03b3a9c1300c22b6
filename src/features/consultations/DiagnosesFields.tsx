import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { type UseFormReturn, useFieldArray } from 'react-hook-form'
import { useCatalogueEntries, useCatalogueOptions, useDiagnosisSearch } from '../../catalogs/use-catalog'
import { foldText, matchesWords, searchWords } from '../../contract/rules/search-text'
import type { Diagnosis as CieDiagnosis } from '../../contract/schemas/catalogs'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import { MAX_DIAGNOSES } from '../../contract/schemas/encounters'
import { Button } from '../../ui/Button'
import { FormSelect } from '../../ui/form/FormSelect'
import { fieldMessage } from '../../ui/form/field-errors'
import { TextField } from '../../ui/TextField'
import type { ConsultationFormValues } from './consultation-form-values'

/** How many matches the search lists: enough to choose from on a phone without scrolling far. */
const SHOWN_MATCHES = 8

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
  const [search, setSearch] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const matches = useDiagnosisSearch(search, SHOWN_MATCHES)
  const systems = useCatalogueOptions('affected_system') ?? []
  const tenantDiagnoses = useCatalogueEntries('diagnostics') ?? []
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'diagnoses' })

  // The tenant's own codes (issue 18: a tenant may add codes CIE-10 lacks) are found with it.
  const own = ownDiagnoses(tenantDiagnoses, search, matches ?? [])
  const found = matches ? [...own, ...matches].slice(0, SHOWN_MATCHES) : undefined
  const systemOf = (diagnosis: CieDiagnosis) =>
    tenantDiagnoses.find((entry) => entry.code === diagnosis.code && entry.parent_id)?.parent_id ??
    systems.find((system) => system.code === diagnosis.affected_system_code)?.id ??
    ''
  const pick = (diagnosis: CieDiagnosis) => {
    if (form.getValues('diagnoses').some((held) => held.code === diagnosis.code)) {
      setRefusal(fieldMessage('encounter.duplicateDiagnosis', i18n) ?? '')
      return
    }
    setRefusal(null)
    append({ code: diagnosis.code, name: diagnosis.description, affected_system_id: systemOf(diagnosis) })
    form.clearErrors('diagnoses')
    setSearch('')
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
        <div className="consultation-form__search">
          <TextField
            id={searchId}
            name="diagnoses"
            type="search"
            label={t`Buscar diagnóstico (CIE-10)`}
            placeholder={t`Código o palabras, p. ej. J00 o resfriado`}
            autoComplete="off"
            value={search}
            error={refusal ?? listError}
            onChange={(event) => setSearch(event.target.value)}
          />
          {search.trim() !== '' && found && (
            <ul className="consultation-form__matches" aria-label={t`Diagnósticos encontrados`}>
              {found.length === 0 && (
                <li>
                  <Trans>Ningún diagnóstico coincide.</Trans>
                </li>
              )}
              {found.map((diagnosis) => (
                <li key={diagnosis.code}>
                  <button type="button" className="consultation-form__match" onClick={() => pick(diagnosis)}>
                    <strong>{diagnosis.code}</strong> {diagnosis.description}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  )
}

/**
 * The tenant's active diagnoses whose code CIE-10 does not hold, matching the search by code
 * prefix or by every word of their name, as the device's CIE-10 search matches: each read as a
 * CIE-10 entry with no system of its own (the catalogue files it under one).
 */
function ownDiagnoses(
  entries: readonly CatalogueEntry[],
  search: string,
  cie10: readonly CieDiagnosis[],
): CieDiagnosis[] {
  const words = searchWords(search)
  if (words.length === 0) return []
  const code = search.trim().toUpperCase()
  const known = new Set(cie10.map((diagnosis) => diagnosis.code))
  return entries
    .filter((entry) => entry.active && entry.code && !known.has(entry.code))
    .filter((entry) => entry.code?.startsWith(code) || matchesWords(foldText(entry.name), words))
    .map((entry) => ({
      code: entry.code ?? '',
      description: entry.name,
      chapter: '',
      affected_system_code: '',
    }))
}
