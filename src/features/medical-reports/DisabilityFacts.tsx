import { useLingui } from '@lingui/react/macro'
import type { LocalDisability } from '../../db/local-db'
import { formatDate } from '../../ui/format-date'
import { ISSUER_NAMES } from './disability-texts'

/**
 * A disability's fields read only (SPEC §3), as its view, the patient's own page and the
 * patient's list show them: the period and its days first, then who issued it and why. The
 * modality's and status's names are the record's (the server's, or the cache's for one recorded
 * here), so they read without the catalogues — a patient's device has none.
 */
export function DisabilityFacts({
  disability,
  full = true,
}: {
  disability: LocalDisability
  full?: boolean
}) {
  const { t, i18n } = useLingui()
  // [label, value, a text that takes the whole row (a cause, a comment), not a short fact]
  const facts: Array<[string, string, boolean?]> = [
    [t`Fecha de inicio`, formatDate(disability.start_date)],
    [t`Fecha de término`, formatDate(disability.end_date)],
    [t`Días asignados`, String(disability.assigned_days)],
    [t`Modalidad`, disability.type_name ?? '—'],
    [t`Estatus`, disability.status_name ?? '—'],
    [t`Expedida por`, i18n._(ISSUER_NAMES[disability.issuer])],
    [t`Folio IMSS`, disability.assigned_number ?? '—'],
    [t`Causa`, disability.cause, true],
    [t`Motivo`, disability.reason, true],
  ]
  if (full) {
    facts.push(
      [t`Medidas de control`, disability.control_measures || '—', true],
      [t`Comentarios`, disability.comments || '—', true],
      [t`Registró`, disability.author?.name || '—'],
    )
  }
  return (
    <dl className="disability-facts">
      {facts.map(([label, value, wide]) => (
        <div key={label} data-wide={wide || undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
