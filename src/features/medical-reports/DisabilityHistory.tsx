import { useLingui } from '@lingui/react/macro'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { DisabilityField, DisabilityIssuer } from '../../contract/schemas/disabilities'
import type { LocalDisability } from '../../db/local-db'
import { DISABILITY_FIELD_NAMES, ISSUER_NAMES } from './disability-texts'
import { ReportAmendments } from './ReportAmendments'

/**
 * NOM-004: a disability's amendments — who, when, each field before and after — with its modality
 * and status named from the cached catalogues and its issuer in words; readable offline.
 */
export function DisabilityHistory({
  disability,
  entries,
}: {
  disability: LocalDisability
  /** The cached `incapacityType` and `incapacityStatus` entries, inactive ones too. */
  entries: readonly CatalogueEntry[]
}) {
  const { i18n } = useLingui()
  const entryName = (id: unknown) => entries.find((entry) => entry.id === id)?.name
  return (
    <ReportAmendments
      report={disability}
      fieldName={(field) => {
        const name = DISABILITY_FIELD_NAMES[field as DisabilityField]
        return name ? i18n._(name) : field
      }}
      shownValue={(field, value) => {
        if (field === 'issuer') {
          const name = ISSUER_NAMES[value as DisabilityIssuer]
          return name ? i18n._(name) : undefined
        }
        if (field === 'type_id' || field === 'status_id') return entryName(value)
        return undefined
      }}
    />
  )
}
