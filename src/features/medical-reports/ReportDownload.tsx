import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ReportRecord } from '../../contract/schemas/report-amendments'
import type { LocalDb, LocalReport } from '../../db/local-db'
import type { DeviceReportKind } from '../../sync/medical-report-kinds'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'

/**
 * A medical report's PDF built on the device (issue 23): it downloads offline, the same file
 * the server's `…/{id}/download` answers for the report.
 */
export function ReportDownload({
  db,
  kind,
  report,
}: {
  db: LocalDb
  kind: DeviceReportKind
  report: LocalReport<ReportRecord>
}) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      // jsPDF is a large download most visits never use: fetched only when a document is asked for.
      const { downloadReportDocument } = await import('../../reports/medical-report-documents')
      await downloadReportDocument(db, kind, report, i18n.locale === 'en' ? 'en' : 'es')
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void download()}>
      <Trans>Descargar PDF</Trans>
    </Button>
  )
}
