import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useCatalogueEntries, useDiagnosisSearch } from '../catalogs/use-catalog'
import { foldText, matchesWords, searchWords } from '../contract/rules/search-text'
import type { Diagnosis } from '../contract/schemas/catalogs'
import type { CatalogueEntry } from '../contract/schemas/catalogue-definitions'
import { TextField } from './TextField'
import './components.css'

/** How many matches the search lists: enough to choose from on a phone without scrolling far. */
const SHOWN_MATCHES = 8

export interface DiagnosisSearchProps {
  /** The input's id and name (the errors' summary links to it by its name). */
  id: string
  name: string
  /** Whether the form needs a diagnosis (the label says so). */
  required?: boolean
  /** A message under the search (the form's own error for the diagnosis). */
  error?: string | undefined
  /** Takes the diagnosis chosen; answers why it is refused (shown under the search), or null. */
  onPick: (diagnosis: Diagnosis) => string | null
}

/**
 * CIE-10 searched on the device by code or words (offline, issue 6), with the tenant's own codes
 * (issue 18: a tenant may add codes CIE-10 lacks); a match is chosen with one tap. Shared by the
 * consultation's diagnoses and the ST-7's first attention, so a diagnosis is found alike in both.
 */
export function DiagnosisSearch({ id, name, required, error, onPick }: DiagnosisSearchProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const matches = useDiagnosisSearch(search, SHOWN_MATCHES)
  const tenantDiagnoses = useCatalogueEntries('diagnostics') ?? []
  const own = ownDiagnoses(tenantDiagnoses, search, matches ?? [])
  const found = matches ? [...own, ...matches].slice(0, SHOWN_MATCHES) : undefined
  const pick = (diagnosis: Diagnosis) => {
    const refused = onPick(diagnosis)
    setRefusal(refused)
    if (!refused) setSearch('')
  }
  return (
    <div className="diagnosis-search">
      <TextField
        id={id}
        name={name}
        type="search"
        label={t`Buscar diagnóstico (CIE-10)`}
        placeholder={t`Código o palabras, p. ej. J00 o resfriado`}
        autoComplete="off"
        aria-required={required || undefined}
        value={search}
        error={refusal ?? error}
        onChange={(event) => setSearch(event.target.value)}
      />
      {search.trim() !== '' && found && (
        <ul className="diagnosis-search__matches" aria-label={t`Diagnósticos encontrados`}>
          {found.length === 0 && (
            <li>
              <Trans>Ningún diagnóstico coincide.</Trans>
            </li>
          )}
          {found.map((diagnosis) => (
            <li key={diagnosis.code}>
              <button type="button" className="diagnosis-search__match" onClick={() => pick(diagnosis)}>
                <strong>{diagnosis.code}</strong> {diagnosis.description}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
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
  cie10: readonly Diagnosis[],
): Diagnosis[] {
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
