import { Trans, useLingui } from '@lingui/react/macro'
import type { ReportRecord } from '../../contract/schemas/report-amendments'
import type { LocalReport } from '../../db/local-db'
import { AmendmentHistory } from '../../ui/AmendmentHistory'
import { formatDate } from '../../ui/format-date'
import { FIXED_UNITS, VITAL_SIGN_FIELDS } from '../../ui/vital-signs/vital-signs'

/** The longest a changed text shows before and after: the report keeps it whole. */
const SHOWN_TEXT = 140

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The amendments hold vital signs in SI, as stored: shown so, with their unit. */
const SI_SYMBOLS: Record<string, string> = { weight_kg: 'kg', height_m: 'm', temperature_c: '°C' }
const unitOf = (field: string) =>
  VITAL_SIGN_FIELDS.some(({ sign }) => sign === field)
    ? (SI_SYMBOLS[field] ?? FIXED_UNITS[field as keyof typeof FIXED_UNITS])
    : undefined

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
 * they read offline. Days read YYYY/MM/DD, vital signs with their unit, yes/no in words, long
 * texts cut; each report names its fields and words its own codes.
 */
export function ReportAmendments({ report, fieldName, shownValue }: ReportAmendmentsProps) {
  const { t } = useLingui()
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—'
    const own = shownValue?.(field, value)
    if (own !== undefined) return own
    if (typeof value === 'boolean') return value ? t`Sí` : t`No`
    const unit = unitOf(field)
    if (typeof value === 'number' && unit) return `${value} ${unit}`
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
