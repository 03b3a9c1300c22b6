import { useLingui } from '@lingui/react/macro'
import type { CertificateResult } from '../../contract/rules/health-certificate'
import type { CertificateField } from '../../contract/schemas/health-certificates'
import type { ShortHistoryField, ShortHistoryType } from '../../contract/schemas/short-histories'
import {
  CERTIFICATE_FIELD_NAMES,
  CERTIFICATE_RESULT_NAMES,
  SHORT_HISTORY_FIELD_NAMES,
  SHORT_HISTORY_TYPE_NAMES,
} from './report-texts'

/** How a report's history of changes names its fields and words its codes. */
export interface ReportNames {
  fieldName: (field: string) => string
  shownValue: (field: string, value: unknown) => string | undefined
}

export function useShortHistoryNames(): ReportNames {
  const { i18n } = useLingui()
  return {
    fieldName: (field) => {
      const name = SHORT_HISTORY_FIELD_NAMES[field as ShortHistoryField]
      return name ? i18n._(name) : field
    },
    shownValue: (field, value) => {
      const type = SHORT_HISTORY_TYPE_NAMES[value as ShortHistoryType]
      return field === 'type' && type ? i18n._(type) : undefined
    },
  }
}

export function useCertificateNames(): ReportNames {
  const { t, i18n } = useLingui()
  return {
    fieldName: (field) => {
      const name = CERTIFICATE_FIELD_NAMES[field as CertificateField]
      return name ? i18n._(name) : field
    },
    shownValue: (field, value) => {
      const result = CERTIFICATE_RESULT_NAMES[value as CertificateResult]
      if (field === 'result' && result) return i18n._(result)
      // The consultation a certificate is based on is named by its link on the page, not its id.
      if (field === 'encounter_id') return t`Consulta`
      return undefined
    },
  }
}
