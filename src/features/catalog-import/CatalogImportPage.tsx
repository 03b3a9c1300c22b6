import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useRef, useState } from 'react'
import { ApiError } from '../../api/errors'
import { upload } from '../../api/upload'
import { importCatalog } from '../../contract/endpoints/catalogs'
import { type CatalogImportReport, MAX_CATALOG_FILE_BYTES } from '../../contract/schemas/catalog-import'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { PageHeader } from '../../ui/PageHeader'
import { ProgressBar } from '../../ui/ProgressBar'
import { ImportReport } from './ImportReport'
import './catalog-import.css'

type ImportState =
  | { step: 'idle' }
  | { step: 'sending'; loaded: number; total: number | null }
  /** Every byte is sent; the server reads and writes the rows. */
  | { step: 'processing' }
  | { step: 'done'; report: CatalogImportReport }
  | { step: 'failed'; message: string }

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024))

/**
 * The provider's catalog import (issue 6, decision 0005): one agency file — INEGI's or DGIS's
 * municipalities, INEGI's localities, DGIS's CIE-10 — sent with a progress bar, then the
 * server's report of the rows added, updated, unchanged and rejected, and why. The format is
 * read from the file's header, so any of them goes through the same picker; a re-run of the
 * same file changes nothing.
 */
export function CatalogImportPage() {
  const { t, i18n } = useLingui()
  const inputId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [state, setState] = useState<ImportState>({ step: 'idle' })
  const busy = state.step === 'sending' || state.step === 'processing'

  const choose = (chosen: File | null) => {
    setFile(chosen)
    if (chosen && chosen.size > MAX_CATALOG_FILE_BYTES) {
      setState({
        step: 'failed',
        message: t`El archivo pesa más de ${megabytes(MAX_CATALOG_FILE_BYTES)} MB.`,
      })
    } else setState({ step: 'idle' })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file || busy || file.size > MAX_CATALOG_FILE_BYTES) return
    const form = new FormData()
    form.append('filename', file.name)
    form.append('file', file, file.name)
    setState({ step: 'sending', loaded: 0, total: file.size })
    try {
      const report = await upload(importCatalog, form, {
        onProgress: ({ loaded, total }) =>
          setState(
            total !== null && loaded >= total ? { step: 'processing' } : { step: 'sending', loaded, total },
          ),
      })
      setState({ step: 'done', report })
      setFile(null)
      if (input.current) input.current.value = ''
    } catch (error) {
      const fileError = error instanceof ApiError ? error.errors?.file?.[0] : undefined
      setState({ step: 'failed', message: fileError ?? errorMessage(error, i18n) })
    }
  }

  return (
    <section className="page catalog-import">
      <PageHeader title={t`Importar catálogos`} />
      <form className="catalog-import__form" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            <Trans>Archivo del catálogo (CSV)</Trans>
          </label>
          <input
            ref={input}
            id={inputId}
            className="field__input"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p id={hintId} className="field__hint">
            <Trans>
              Municipios o localidades del INEGI, municipios de la DGIS o la CIE-10 de la DGIS, como los
              publican. El formato se reconoce por los encabezados; volver a importar un archivo no cambia
              nada.
            </Trans>
          </p>
        </div>
        <Button type="submit" disabled={!file || state.step === 'failed'} loading={busy}>
          <Trans>Importar</Trans>
        </Button>
      </form>
      {state.step === 'sending' && (
        <ProgressBar
          label={t`Enviando el archivo`}
          value={state.loaded}
          max={state.total ?? file?.size ?? 1}
        />
      )}
      {state.step === 'processing' && <ProgressBar label={t`Procesando en el servidor`} value={null} />}
      {state.step === 'failed' && <Alert>{state.message}</Alert>}
      {state.step === 'done' && <ImportReport report={state.report} />}
    </section>
  )
}
