import { Trans, useLingui } from '@lingui/react/macro'
import type { ReportRecord } from '../../contract/schemas/report-amendments'
import type { LocalReport } from '../../db/local-db'
import { AmendmentHistory } from '../../ui/AmendmentHistory'
import { formatDate } from '../../ui/format-date'

/** The longest a changed text shows before and after: the report keeps it whole. */
const SHOWN_TEXT = 140

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

export interface ReportAmendmentsProps {
  report: LocalReport<ReportRecord>
  /** A field's name as the report's form labels it. */
  fieldName: (field: string) => string
  /** A value the report words its own way (a result, a catalogue entry); undefined for the usual. */
  shownValue?: (field: string, value: unknown) => string | undefined
}

/**
 * NOM-004: the amendments of a medical report (issue 23, decision 0028), oldest first — who,
 * when, each field before and after — as the server keeps them and the feed brings them, so
 * they read offline. Days read YYYY/MM/DD, yes/no in words, long texts cut; each report names
 * its fields and words its own codes.
 */
export function ReportAmendments({ report, fieldName, shownValue }: ReportAmendmentsProps) {
  const { t } = useLingui()
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—'
    const own = shownValue?.(field, value)
    if (own !== undefined) return own
    if (typeof value === 'boolean') return value ? t`Sí` : t`No`
    if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value)
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
    return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text
  }
  return (
    <AmendmentHistory
      amendments={report.amendments}
      synced={report.syncState === 'synced'}
      fieldName={fieldName}
      shownValue={shown}
      awaiting={
        <Trans>El historial de cambios llegará del servidor cuando el reporte se haya enviado.</Trans>
      }
      unchanged={<Trans>El reporte no ha tenido cambios desde que se registró.</Trans>}
    />
  )
}
