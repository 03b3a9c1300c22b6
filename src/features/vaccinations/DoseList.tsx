import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useNationalities } from '../../catalogs/use-catalog'
import type { LocalDb, LocalFile, LocalVaccinationRecord } from '../../db/local-db'
import { Button } from '../../ui/Button'
import { formatDate } from '../../ui/format-date'
import { SyncBadge } from '../../ui/SyncBadge'
import { CertificateThumbnail } from './Certificate'
import { reactionLine } from './VaccinationRecordHistory'

/** What the card lets the user do with a dose. */
export interface DoseActions {
  patientId: string
  /** Amend and delete (vaccinations-register-vaccine-edit). */
  canEdit: boolean
  /** The vaccine's next dose (vaccinations-register-vaccine-second-dose). */
  canNext: boolean
  onDelete: (record: LocalVaccinationRecord) => void
}

/**
 * Doses given, oldest first: date, dose number, folio, lot, booster, abroad and where, the
 * certificate photo and the adverse reactions, with each dose's state while unsent.
 */
export function DoseList({
  db,
  records,
  vaccineName,
  certificates,
  actions,
}: {
  db: LocalDb
  records: readonly LocalVaccinationRecord[]
  vaccineName: (vaccineId: string) => string
  certificates: ReadonlyMap<string, LocalFile>
  actions: DoseActions
}) {
  const { t } = useLingui()
  const nationalities = useNationalities() ?? []
  const countryName = (code: string | null) =>
    (code && nationalities.find((item) => item.code === code)?.name) ?? code ?? ''
  return (
    <ol className="vaccination-doses">
      {records.map((record) => {
        const certificate = certificates.get(record.id)
        const name = vaccineName(record.vaccine_id)
        return (
          <li key={record.id} className="vaccination-dose">
            <div className="vaccination-dose__body">
              <p className="vaccination-dose__head">
                <strong>{formatDate(record.applied_on)}</strong> · {name} ·{' '}
                <Trans>Dosis {record.dose_number}</Trans>
                {record.booster && (
                  <span className="vaccination-tag">
                    <Trans>Refuerzo</Trans>
                  </span>
                )}
                {record.early_dose_confirmed && (
                  <span className="vaccination-tag" data-tone="warning">
                    <Trans>Dosis anticipada</Trans>
                  </span>
                )}{' '}
                <SyncBadge state={record.syncState} />
              </p>
              <dl className="vaccination-dose__facts">
                <div>
                  <dt>
                    <Trans>Folio</Trans>
                  </dt>
                  <dd>{record.folio ?? '—'}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Lote</Trans>
                  </dt>
                  <dd>{record.lot ?? '—'}</dd>
                </div>
                {record.vaccinated_abroad && (
                  <div>
                    <dt>
                      <Trans>Aplicada en el extranjero</Trans>
                    </dt>
                    <dd>{countryName(record.country_code)}</dd>
                  </div>
                )}
              </dl>
              {record.adverse_reactions.length > 0 && (
                <div className="vaccination-dose__reactions">
                  <p>
                    <strong>
                      <Trans>Reacciones adversas</Trans>
                    </strong>
                  </p>
                  <ul>
                    {record.adverse_reactions.map((reaction, index) => (
                      // A reaction has no id of its own; the list is replaced whole by an amendment.
                      // biome-ignore lint/suspicious/noArrayIndexKey: never reordered in place
                      <li key={index}>
                        {reactionLine(reaction)}
                        {reaction.comments ? ` — ${reaction.comments}` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
            {certificate && <CertificateThumbnail db={db} file={certificate} />}
            {actions.canEdit && (
              <div className="vaccination-dose__actions">
                <Link
                  to="/vaccinations/register-vaccine/$id/edit/$recordId"
                  params={{ id: actions.patientId, recordId: record.id }}
                  className="button"
                  data-variant="ghost"
                  aria-label={t`Corregir la dosis ${record.dose_number} de ${name}`}
                >
                  <Trans>Corregir</Trans>
                </Link>
                <Button
                  variant="ghost"
                  aria-label={t`Eliminar la dosis ${record.dose_number} de ${name}`}
                  onClick={() => actions.onDelete(record)}
                >
                  <Trans>Eliminar</Trans>
                </Button>
              </div>
            )}
          </li>
        )
      })}
    </ol>
  )
}
