import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { LocalAdmissionExam } from '../../db/local-db'
import { formatDateTime } from '../../ui/format-date'
import type { AdmissionStep } from './admission-form-values'
import { RESULT_NAMES, STEP_NAMES } from './admission-texts'

/** The longest a changed text shows before and after: the record keeps it whole. */
const SHOWN_TEXT = 140

/**
 * NOM-004: the amendments of an admission exam, oldest first — who, when, and each field changed.
 * A section changes whole, so it is named, not printed (the detail above shows it as it now
 * reads); the result and the texts show before and after. Read from the device's row (the feed
 * brings them), so the history shows offline.
 */
export function AdmissionAmendments({ exam }: { exam: LocalAdmissionExam }) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const amendments = exam.amendments
  const fieldName = (field: string) => {
    if (field === 'examined_on') return t`Fecha del examen`
    if (field === 'position') return t`Puesto al que aspira`
    if (field === 'conditions') return t`Condiciones`
    if (field === 'observations') return t`Observaciones`
    const step = STEP_NAMES[field as AdmissionStep]
    return step ? i18n._(step) : field
  }
  const shown = (field: string, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return '—'
    if (field === 'result' && typeof value === 'string')
      return RESULT_NAMES[value as keyof typeof RESULT_NAMES]
        ? i18n._(RESULT_NAMES[value as keyof typeof RESULT_NAMES])
        : value
    if (typeof value === 'object') return null
    const text = String(value)
    return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT)}…` : text
  }
  return (
    <section className="form-card admission-detail__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="admission-detail__title">
        <Trans>Historial de cambios</Trans>
      </h2>
      {!amendments && (
        <p className="form-hint">
          <Trans>El historial de cambios llegará del servidor cuando el examen se haya enviado.</Trans>
        </p>
      )}
      {amendments && exam.syncState !== 'synced' && (
        <p className="form-hint">
          <Trans>
            Los cambios hechos en este dispositivo se añadirán al historial cuando se hayan enviado.
          </Trans>
        </p>
      )}
      {amendments && amendments.length === 0 && (
        <p className="form-hint">
          <Trans>El examen no ha tenido cambios desde que se registró.</Trans>
        </p>
      )}
      {amendments && amendments.length > 0 && (
        <ol className="admission-detail__list">
          {amendments.map((amendment) => (
            <li key={amendment.id}>
              <p>
                <strong>{formatDateTime(amendment.amended_at)}</strong> ·{' '}
                {amendment.amended_by?.name ?? t`Usuario desconocido`}
              </p>
              <ul>
                {Object.entries(amendment.changes).map(([field, change]) => {
                  const before = shown(field, change?.before)
                  const after = shown(field, change?.after)
                  return (
                    <li key={field}>
                      {fieldName(field)}
                      {before !== null && after !== null
                        ? `: ${before} → ${after}`
                        : ` (${t`sección actualizada`})`}
                    </li>
                  )
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
