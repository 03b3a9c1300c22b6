import { Trans, useLingui } from '@lingui/react/macro'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import type { VitalSign } from '../../contract/schemas/encounters'
import type { LocalEncounter } from '../../db/local-db'
import { AmendmentHistory as SharedHistory } from '../../ui/AmendmentHistory'
import { MODALITY_NAMES, TYPE_NAMES } from '../../ui/consultation-names'
import { formatDateTime } from '../../ui/format-date'
import { FIXED_UNITS } from '../../ui/vital-signs/vital-signs'
import { FIELD_NAMES } from './consultation-texts'

const SI_SYMBOLS: Record<string, string> = { weight_kg: 'kg', height_m: 'm', temperature_c: '°C' }

/** The longest a changed note shows before and after: the record keeps it whole. */
const SHOWN_TEXT = 140

/**
 * NOM-004: the edits of a consultation (decision 0024) in the shared history, with the
 * consultation's own names and values.
 */
export function AmendmentHistory({ encounter }: { encounter: LocalEncounter }) {
  const { i18n } = useLingui()
  const reasons = useCatalogueEntries('consultReason') ?? []

  const shownValue = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—'
    if (field === 'started_at' && typeof value === 'string') return formatDateTime(value)
    if (field === 'type') return i18n._(TYPE_NAMES[value as keyof typeof TYPE_NAMES] ?? String(value))
    if (field === 'modality')
      return i18n._(MODALITY_NAMES[value as keyof typeof MODALITY_NAMES] ?? String(value))
    if (field === 'reason_id') return reasons.find((reason) => reason.id === value)?.name ?? String(value)
    if (field === 'diagnoses' && Array.isArray(value)) return value.map((item) => item.code).join(', ') || '—'
    if (field === 'prescription' && Array.isArray(value)) {
      return value.map((item) => `${item.medicine_name} ${item.dose}`).join(', ') || '—'
    }
    // The amendments hold vital signs in SI, as stored: they are shown so, with their unit.
    const unit = SI_SYMBOLS[field] ?? FIXED_UNITS[field as VitalSign]
    if (typeof value === 'number' && unit) return `${value} ${unit}`
    const text = String(value)
    return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text
  }

  return (
    <SharedHistory
      amendments={encounter.amendments}
      synced={encounter.syncState === 'synced'}
      fieldName={(field) => (FIELD_NAMES[field] ? i18n._(FIELD_NAMES[field]) : field)}
      shownValue={shownValue}
      awaiting={
        <Trans>El historial de cambios llegará del servidor cuando la consulta se haya enviado.</Trans>
      }
      unchanged={<Trans>La nota no ha tenido cambios desde que se registró.</Trans>}
    />
  )
}
