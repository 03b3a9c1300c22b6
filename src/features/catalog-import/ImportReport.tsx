import { Trans, useLingui } from '@lingui/react/macro'
import type { CatalogImportReport, FileImportReport } from '../../contract/schemas/catalog-import'

/** The agency formats the server recognises, by the id its report names. */
function useFormatName() {
  const { t } = useLingui()
  return (format: string | null): string => {
    switch (format) {
      case 'inegi-municipalities':
        return t`Municipios (INEGI)`
      case 'dgis-municipalities':
        return t`Municipios (DGIS)`
      case 'inegi-localities':
        return t`Localidades (INEGI)`
      case 'cie10':
        return t`CIE-10 (DGIS)`
      default:
        return format ?? t`No reconocido`
    }
  }
}

function FileReport({ file }: { file: FileImportReport }) {
  const { t } = useLingui()
  const formatName = useFormatName()
  return (
    <section className="import-report__file" aria-label={file.file}>
      <h3>
        {file.file} <small>{formatName(file.format)}</small>
      </h3>
      {file.skipped ? (
        <p className="alert" role="alert">
          {file.skipped}
        </p>
      ) : (
        <dl className="import-report__counts">
          <div>
            <dt>{t`Filas leídas`}</dt>
            <dd>{file.rows}</dd>
          </div>
          <div>
            <dt>{t`Agregadas`}</dt>
            <dd>{file.added}</dd>
          </div>
          <div>
            <dt>{t`Actualizadas`}</dt>
            <dd>{file.updated}</dd>
          </div>
          <div>
            <dt>{t`Sin cambios`}</dt>
            <dd>{file.unchanged}</dd>
          </div>
          <div data-tone={file.rejected > 0 ? 'error' : undefined}>
            <dt>{t`Rechazadas`}</dt>
            <dd>{file.rejected}</dd>
          </div>
        </dl>
      )}
      {file.notes.length > 0 && (
        <ul className="import-report__notes">
          {file.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {file.rejections.length > 0 && (
        <div className="import-report__rejections">
          <table>
            <caption>{t`Filas rechazadas y por qué`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Línea`}</th>
                <th scope="col">{t`Motivo`}</th>
              </tr>
            </thead>
            <tbody>
              {file.rejections.map((rejection) => (
                <tr key={`${rejection.line}-${rejection.reason}`}>
                  <td>{rejection.line}</td>
                  <td>{rejection.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {file.rejected > file.rejections.length && (
            <p>
              <Trans>Y {file.rejected - file.rejections.length} filas rechazadas más.</Trans>
            </p>
          )}
        </div>
      )}
    </section>
  )
}

/** What an import did: per file, the rows added, updated, unchanged and rejected (with why). */
export function ImportReport({ report }: { report: CatalogImportReport }) {
  const { t } = useLingui()
  return (
    <section className="import-report" aria-label={t`Resultado de la importación`}>
      <h2>{t`Resultado de la importación`}</h2>
      <p role="status">
        <Trans>
          {report.added} agregadas, {report.updated} actualizadas, {report.unchanged} sin cambios,{' '}
          {report.rejected} rechazadas.
        </Trans>
      </p>
      {report.files.map((file) => (
        <FileReport key={file.file} file={file} />
      ))}
      {report.versions.length === 0 && report.files.some((f) => !f.skipped) && (
        <p>{t`Nada cambió: los dispositivos no tienen que descargar nada.`}</p>
      )}
    </section>
  )
}
