import { Trans, useLingui } from '@lingui/react/macro'
import { useNationalities } from '../../catalogs/use-catalog'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { AdverseReaction, VaccinationRecordField } from '../../contract/schemas/vaccination-records'
import type { LocalVaccinationRecord } from '../../db/local-db'
import { AmendmentHistory } from '../../ui/AmendmentHistory'
import { formatDate } from '../../ui/format-date'
import { FIELD_NAMES } from './vaccination-texts'

/** An adverse reaction in one line: its day, hour and symptoms. */
export const reactionLine = (reaction: AdverseReaction) =>
  [formatDate(reaction.date), reaction.time, reaction.symptoms].filter(Boolean).join(' ')

/**
 * NOM-004: the amendments of a dose, oldest first — who, when, and each field before and after —
 * as the server keeps them and the feed brings them (decision 0026), readable offline.
 */
export function VaccinationRecordHistory({
  record,
  vaccines,
}: {
  record: LocalVaccinationRecord
  vaccines: readonly CatalogueEntry[]
}) {
  const { t, i18n } = useLingui()
  const nationalities = useNationalities() ?? []
  const shownValue = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—'
    if (typeof value === 'boolean') return value ? t`Sí` : t`No`
    if (field === 'vaccine_id') return vaccines.find((vaccine) => vaccine.id === value)?.name ?? String(value)
    if (field === 'country_code')
      return nationalities.find((item) => item.code === value)?.name ?? String(value)
    if (field === 'applied_on' && typeof value === 'string') return formatDate(value)
    if (field === 'adverse_reactions' && Array.isArray(value)) {
      return (value as AdverseReaction[]).map(reactionLine).join('; ') || '—'
    }
    return String(value)
  }
  return (
    <AmendmentHistory
      amendments={record.amendments}
      synced={record.syncState === 'synced'}
      fieldName={(field) => {
        const name = FIELD_NAMES[field as VaccinationRecordField]
        return name ? i18n._(name) : field
      }}
      shownValue={shownValue}
      awaiting={<Trans>El historial de cambios llegará del servidor cuando la dosis se haya enviado.</Trans>}
      unchanged={<Trans>La dosis no ha tenido cambios desde que se registró.</Trans>}
    />
  )
}
