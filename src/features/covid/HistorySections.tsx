import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type {
  LocalCovidConsultation,
  LocalCovidDecline,
  LocalCovidReclassification,
  LocalDb,
} from '../../db/local-db'
import { Button } from '../../ui/Button'
import { fold } from '../../ui/data-table/local-rows'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate, formatDateTime } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { SyncBadge } from '../../ui/SyncBadge'
import { TextField } from '../../ui/TextField'
import { CLASSIFICATION_NAMES, DECLINE_NAMES, statusName } from './covid-texts'

/** A classification in words, in its colour (the same style class the triage list's rows carry). */
export function ClassificationTag({ code }: { code: keyof typeof CLASSIFICATION_NAMES }) {
  const { i18n } = useLingui()
  return <span className={`covid-tag triage-${code}`}>{i18n._(CLASSIFICATION_NAMES[code])}</span>
}

/**
 * The patient's triage consultations, newest first: when, status, NEWS2, the rule's proposal and
 * the professional's choice (and the value now, when a reclassification changed it), who, and
 * the note as a PDF built on the device.
 */
export function ConsultationsSection({
  db,
  consultations,
  withDocuments,
}: {
  db: LocalDb
  consultations: readonly LocalCovidConsultation[]
  withDocuments: boolean
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const [busy, setBusy] = useState<string | null>(null)
  const download = async (triage: LocalCovidConsultation) => {
    setBusy(triage.id)
    try {
      // jsPDF is a large download most visits never use: fetched only when a note is asked for.
      const { downloadTriageDocument } = await import('../../reports/triage-document')
      await downloadTriageDocument(db, triage, i18n.locale === 'en' ? 'en' : 'es')
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setBusy(null)
    }
  }
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="covid-card__title">
        <Trans>Consultas de triage</Trans>
      </h2>
      {consultations.length === 0 ? (
        <p className="covid-card__empty">
          <Trans>Sin consultas de triage registradas.</Trans>
        </p>
      ) : (
        <ol className="covid-list" aria-label={t`Consultas de triage`}>
          {consultations.map((row) => {
            const chosen = row.chosen_classification ?? row.classification
            return (
              <li key={row.id} className="covid-list__item covid-consultation">
                <div>
                  <p className="covid-consultation__head">
                    <strong>{formatDateTime(row.consulted_at)}</strong> · {statusName(i18n, row.status)} ·{' '}
                    <Trans>NEWS2: {row.news2_score ?? '—'}</Trans> <SyncBadge state={row.syncState} />
                  </p>
                  <p className="covid-consultation__classes">
                    <Trans>Propuesta:</Trans> <ClassificationTag code={row.proposed_classification} />{' '}
                    <Trans>Elegida:</Trans> <ClassificationTag code={chosen} />
                    {row.classification !== chosen && (
                      <>
                        {' '}
                        <Trans>Reclasificada a:</Trans> <ClassificationTag code={row.classification} />
                      </>
                    )}
                  </p>
                  {typeof row.override_reason === 'string' && row.override_reason && (
                    <p className="covid-consultation__detail">
                      <Trans>Motivo del cambio: {row.override_reason}</Trans>
                    </p>
                  )}
                  <p className="covid-consultation__detail">
                    <Trans>Registró: {row.author?.name || '—'}</Trans>
                  </p>
                </div>
                {withDocuments && (
                  <Button variant="ghost" loading={busy === row.id} onClick={() => void download(row)}>
                    <Trans>Descargar nota</Trans>
                    <span className="visually-hidden"> {formatDateTime(row.consulted_at)}</span>
                  </Button>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** The reclassifications, newest first: when, from what to what, why and who. */
export function ReclassificationsSection({
  reclassifications,
}: {
  reclassifications: readonly LocalCovidReclassification[]
}) {
  const { t } = useLingui()
  const titleId = useId()
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="covid-card__title">
        <Trans>Reclasificaciones</Trans>
      </h2>
      {reclassifications.length === 0 ? (
        <p className="covid-card__empty">
          <Trans>Sin reclasificaciones.</Trans>
        </p>
      ) : (
        <ol className="covid-list" aria-label={t`Reclasificaciones`}>
          {reclassifications.map((row) => (
            <li key={row.id} className="covid-list__item">
              <span>
                <strong>{formatDateTime(row.reclassified_at)}</strong>{' '}
                {row.previous_classification && (
                  <>
                    <ClassificationTag code={row.previous_classification} /> →{' '}
                  </>
                )}
                <ClassificationTag code={row.classification} /> · {row.reason}
                {row.author?.name ? ` · ${row.author.name}` : ''} <SyncBadge state={row.syncState} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The status history (`status-covid-histories/{id}`): each consultation's status, newest first. */
export function StatusHistorySection({
  consultations,
}: {
  consultations: readonly LocalCovidConsultation[]
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="covid-card__title">
        <Trans>Historial de estatus</Trans>
      </h2>
      {consultations.length === 0 ? (
        <p className="covid-card__empty">
          <Trans>Sin estatus registrado.</Trans>
        </p>
      ) : (
        <ol className="covid-list" aria-label={t`Historial de estatus`}>
          {consultations.map((row) => (
            <li key={row.id} className="covid-list__item">
              <span>
                <strong>{formatDate(row.consulted_at)}</strong> · {statusName(i18n, row.status)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The follow-ups that did not take place, newest first, with why. */
export function DeclinesSection({ declines }: { declines: readonly LocalCovidDecline[] }) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  if (declines.length === 0) return null
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="covid-card__title">
        <Trans>Seguimientos no realizados</Trans>
      </h2>
      <ol className="covid-list" aria-label={t`Seguimientos no realizados`}>
        {declines.map((row) => (
          <li key={row.id} className="covid-list__item">
            <span>
              <strong>{formatDateTime(row.declined_at)}</strong> ·{' '}
              {row.kind in DECLINE_NAMES
                ? i18n._(DECLINE_NAMES[row.kind as keyof typeof DECLINE_NAMES])
                : row.kind}{' '}
              · {row.reason} <SyncBadge state={row.syncState} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

/**
 * The evolution notes (`evolution-notes-list/patient/{id}?search`): the consultations' notes,
 * newest first, narrowed by words typed (accents and case aside), read from the device.
 */
export function EvolutionNotesSection({
  consultations,
}: {
  consultations: readonly LocalCovidConsultation[]
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const [search, setSearch] = useState('')
  const words = fold(search).split(/\s+/).filter(Boolean)
  const notes = consultations.filter(
    (row) =>
      typeof row.notes === 'string' &&
      row.notes.trim() !== '' &&
      words.every((word) => fold(row.notes).includes(word)),
  )
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="covid-card__title">
        <Trans>Notas de evolución</Trans>
      </h2>
      <TextField
        label={t`Buscar en las notas`}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {notes.length === 0 ? (
        <p className="covid-card__empty">
          <Trans>Sin notas que mostrar.</Trans>
        </p>
      ) : (
        <ol className="covid-list" aria-label={t`Notas de evolución`}>
          {notes.map((row) => (
            <li key={row.id} className="covid-list__item covid-note">
              <p>
                <strong>{formatDateTime(row.consulted_at)}</strong> · {statusName(i18n, row.status)}
                {row.author?.name ? ` · ${row.author.name}` : ''}
              </p>
              <p className="covid-note__text">{String(row.notes)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
