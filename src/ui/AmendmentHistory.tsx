import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { formatDateTime } from './format-date'
import './components.css'

/** An amendment as the server keeps it (NOM-004): when, by whom, each field before and after. */
export interface Amendment {
  id: string
  amended_at: string
  amended_by: { name: string } | null
  changes: Partial<Record<string, { before: unknown; after: unknown }>>
}

export interface AmendmentHistoryProps {
  /** Oldest first; absent until the server has sent the record. */
  amendments: readonly Amendment[] | undefined
  /** Whether the device's row is the server's (no edit of it waits to be sent). */
  synced: boolean
  /** A field's name as the form labels it. */
  fieldName: (field: string) => string
  /** A value as the record shows it. */
  shownValue: (field: string, value: unknown) => string
  /** Said while the record has not reached the server ("…cuando la consulta se haya enviado."). */
  awaiting: ReactNode
  /** Said of a record never amended ("La nota no ha tenido cambios…"). */
  unchanged: ReactNode
  className?: string
}

/**
 * NOM-004: the amendments of a clinical record, oldest first — who, when, and each field's value
 * before and after — as the server keeps them. The change feed brings them with the record, so
 * the section reads the device's row and shows them offline; an edit made here joins them once
 * the server has recorded it. Each module says what its record is and how its values read.
 */
export function AmendmentHistory({
  amendments,
  synced,
  fieldName,
  shownValue,
  awaiting,
  unchanged,
  className,
}: AmendmentHistoryProps) {
  const { t } = useLingui()
  const titleId = useId()
  return (
    <section className={`form-card amendment-history ${className ?? ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="amendment-history__title">
        <Trans>Historial de cambios</Trans>
      </h2>
      {!amendments && <p className="form-hint">{awaiting}</p>}
      {amendments && !synced && (
        <p className="form-hint">
          <Trans>
            Los cambios hechos en este dispositivo se añadirán al historial cuando se hayan enviado.
          </Trans>
        </p>
      )}
      {amendments && amendments.length === 0 && <p className="form-hint">{unchanged}</p>}
      {amendments && amendments.length > 0 && (
        <ol className="amendment-history__list">
          {amendments.map((amendment) => (
            <li key={amendment.id}>
              <p>
                <strong>{formatDateTime(amendment.amended_at)}</strong> ·{' '}
                {amendment.amended_by?.name ?? t`Usuario desconocido`}
              </p>
              <ul>
                {Object.entries(amendment.changes).map(([field, change]) => (
                  <li key={field}>
                    {fieldName(field)}: {shownValue(field, change?.before)} →{' '}
                    {shownValue(field, change?.after)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
