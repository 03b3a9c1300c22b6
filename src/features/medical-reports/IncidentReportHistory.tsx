import { useLingui } from '@lingui/react/macro'
import type { AccidentKind, ProbableQualification } from '../../contract/rules/incident-report'
import type { LinkableDisability } from '../../contract/rules/incident-report-prefill'
import type { IncidentReportField } from '../../contract/schemas/incident-reports'
import type { LocalIncidentReport } from '../../db/local-db'
import { formatDate } from '../../ui/format-date'
import {
  ACCIDENT_KIND_NAMES,
  disabilityLabel,
  FIELD_NAMES,
  PART_FIELD_NAMES,
  QUALIFICATION_NAMES,
} from './incident-report-texts'
import { ReportAmendments } from './ReportAmendments'

/**
 * NOM-004: the amendments of an ST-7, oldest first, as the server keeps them and the feed brings
 * them — the employer's and worker's parts read field by field, the codes in words, a linked
 * disability by its days and folio.
 */
export function IncidentReportHistory({
  report,
  disabilities = [],
}: {
  report: LocalIncidentReport
  /** The patient's disabilities held here, to name a linked one. */
  disabilities?: readonly LinkableDisability[]
}) {
  const { t, i18n } = useLingui()
  const part = (prefix: 'employer' | 'worker', value: unknown) =>
    Object.entries((value ?? {}) as Record<string, unknown>)
      .filter(([, held]) => held !== null && held !== '')
      .map(([field, held]) => {
        const name = PART_FIELD_NAMES[`${prefix}.${field}`]
        const shown = field === 'hire_date' && typeof held === 'string' ? formatDate(held) : String(held)
        return `${name ? i18n._(name) : field}: ${shown}`
      })
      .join('; ')
  const shownValue = (field: string, value: unknown): string | undefined => {
    if (field === 'employer' || field === 'worker') return part(field, value)
    if (field === 'accident_kind') return i18n._(ACCIDENT_KIND_NAMES[value as AccidentKind])
    if (field === 'probable_qualification') return i18n._(QUALIFICATION_NAMES[value as ProbableQualification])
    if (field === 'disability_id') {
      const linked = disabilities.find((disability) => disability.id === value)
      return linked ? disabilityLabel(linked, i18n) : t`Incapacidad que ya no está en este dispositivo`
    }
    return undefined
  }
  return (
    <ReportAmendments
      report={report}
      fieldName={(field) => {
        const name = FIELD_NAMES[field as IncidentReportField]
        return name ? i18n._(name) : field
      }}
      shownValue={shownValue}
    />
  )
}
