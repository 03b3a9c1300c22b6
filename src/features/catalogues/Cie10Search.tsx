import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import { cie10Search } from '../../contract/endpoints/catalogs'
import type { Diagnosis } from '../../contract/schemas/catalogs'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/TextField'

/** How long the search waits after a keystroke before asking the server. */
const SEARCH_DELAY_MS = 300

/**
 * Picks a tenant diagnosis from the CIE-10 reference (decision 0005): search by code or by words
 * of the description, and a pick fills the code and the name. A tenant's own code is typed in
 * the fields instead.
 */
export function Cie10Search({ onPick }: { onPick: (diagnosis: Diagnosis) => void }) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<Diagnosis[]>([])
  useEffect(() => {
    const text = search.trim()
    if (text.length < 2) {
      setFound([])
      return
    }
    const timer = setTimeout(() => {
      call(cie10Search, { query: { search: text, limit: '10' } })
        .then(setFound)
        // Offline or refused: nothing to offer; the code can still be typed.
        .catch(() => setFound([]))
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])
  return (
    <div className="catalogue-form__cie10">
      <TextField
        label={t`Buscar en CIE-10 (código o palabras)`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {found.length > 0 && (
        <ul className="catalogue-form__cie10-results" aria-label={t`Resultados de CIE-10`}>
          {found.map((diagnosis) => (
            <li key={diagnosis.code}>
              <Button
                variant="ghost"
                onClick={() => {
                  onPick(diagnosis)
                  setSearch('')
                }}
              >
                {diagnosis.code} — {diagnosis.description}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
