import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { call } from '../../api/client'
import { importMedicines } from '../../contract/endpoints/medicines'
import type { MedicinesImportReport } from '../../contract/schemas/medicines'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'

/**
 * Loads a spreadsheet laid out like the download into the catalogue, and says what it did: the
 * medicines and presentations added, the rows already there, and each rejected row by its line.
 */
export function MedicinesImport({ onImported }: { onImported: () => void }) {
  const { t, i18n } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<MedicinesImportReport | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const load = async (file: File) => {
    setBusy(true)
    setFailure(null)
    setReport(null)
    try {
      const form = new FormData()
      form.append('file', file)
      setReport(await call(importMedicines, { form }))
      onImported()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="medicines-import">
      <input
        ref={input}
        type="file"
        accept=".xlsx,.xls"
        className="visually-hidden"
        aria-label={t`Archivo de medicamentos (Excel)`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) void load(file)
        }}
      />
      <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>
        <Trans>Importar desde Excel</Trans>
      </Button>
      {failure && <Alert>{failure}</Alert>}
      {report && (
        <div role="status" className="medicines-import__report">
          <p>
            <Trans>
              Medicamentos agregados: {report.medicines_added}. Presentaciones agregadas:{' '}
              {report.presentations_added}. Sin cambios: {report.unchanged}. Rechazadas: {report.rejected}.
            </Trans>
          </p>
          {report.rejections.length > 0 && (
            <ul>
              {report.rejections.map((rejection) => (
                <li key={rejection.line}>
                  <Trans>
                    Fila {rejection.line}: {rejection.reason}
                  </Trans>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
