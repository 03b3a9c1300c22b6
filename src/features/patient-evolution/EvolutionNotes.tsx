import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { PatientEvolutionNote } from '../../contract/schemas/patient-evolution'
import { TYPE_NAMES } from '../../ui/consultation-names'
import { formatDateTime } from '../../ui/format-date'
import { statusName } from '../../ui/triage-status-names'
import { SOURCE_NAMES } from './evolution-texts'

/**
 * The evolution notes of the period, newest first (SPEC §7 `notes-evolution`): each medical
 * consultation's SOAP with its diagnoses, and each COVID triage's note with the status it
 * recorded, saying when, what and who. Each opens its consultation for whom may see it there.
 */
export function EvolutionNotes({
  patientId,
  notes,
  canOpenConsultation,
  canOpenTriage,
}: {
  patientId: string
  notes: readonly PatientEvolutionNote[]
  /** The user may open a consultation (its edit page shows it with its amendments). */
  canOpenConsultation: boolean
  /** The user may open the patient's COVID history. */
  canOpenTriage: boolean
}) {
  const titleId = useId()
  const count = notes.length
  return (
    <section className="evolution-notes" aria-labelledby={titleId}>
      <div className="evolution-notes__header">
        <h2 id={titleId}>
          <Trans>Notas de evolución</Trans>
        </h2>
        <p className="evolution-notes__count">
          <Plural value={count} one="# nota en el periodo" other="# notas en el periodo" />
        </p>
      </div>
      {count === 0 ? (
        <p className="evolution-notes__empty">
          <Trans>Sin notas de evolución en este periodo.</Trans>
        </p>
      ) : (
        <ol className="evolution-notes__list">
          {notes.map((note) => (
            <NoteItem
              key={`${note.source}:${note.id}`}
              patientId={patientId}
              note={note}
              canOpen={note.source === 'consultation' ? canOpenConsultation : canOpenTriage}
            />
          ))}
        </ol>
      )}
    </section>
  )
}

function NoteItem({
  patientId,
  note,
  canOpen,
}: {
  patientId: string
  note: PatientEvolutionNote
  canOpen: boolean
}) {
  const { t, i18n } = useLingui()
  const when = formatDateTime(note.at)
  const kind =
    note.source === 'consultation' && note.type
      ? t`Consulta médica · ${i18n._(TYPE_NAMES[note.type])}`
      : i18n._(SOURCE_NAMES[note.source])
  const status = note.triage_status ? statusName(i18n, note.triage_status) : null
  const parts: [string, string | null][] = [
    [t`Subjetivo`, note.subjective],
    [t`Objetivo`, note.objective],
    [t`Análisis`, note.analysis],
    [t`Plan`, note.plan],
    [t`Nota`, note.notes],
    [t`Estado COVID`, status],
  ]
  return (
    <li className="evolution-notes__item" data-source={note.source}>
      <p className="evolution-notes__head">
        <strong>{when}</strong> · {kind}
      </p>
      {note.diagnoses.length > 0 && (
        <ul className="evolution-notes__diagnoses" aria-label={t`Diagnósticos`}>
          {note.diagnoses.map((diagnosis) => (
            <li key={diagnosis.code}>
              <strong>{diagnosis.code}</strong> {diagnosis.name}
            </li>
          ))}
        </ul>
      )}
      <dl className="evolution-notes__parts">
        {parts
          .filter((part): part is [string, string] => part[1] !== null)
          .map(([label, text]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
      </dl>
      <p className="evolution-notes__author">
        <Trans>Registró: {note.author?.name || '—'}</Trans>
        {canOpen && (
          <>
            {' · '}
            {note.source === 'consultation' ? (
              <Link
                to="/medical-consultation/edit/$patientId/$encounterId"
                params={{ patientId, encounterId: note.id }}
              >
                <Trans>Ver consulta</Trans>
                <span className="visually-hidden"> {when}</span>
              </Link>
            ) : (
              <Link to="/covid/history/$id" params={{ id: patientId }}>
                <Trans>Ver historial COVID</Trans>
                <span className="visually-hidden"> {when}</span>
              </Link>
            )}
          </>
        )}
      </p>
    </li>
  )
}
