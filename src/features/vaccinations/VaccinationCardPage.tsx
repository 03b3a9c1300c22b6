import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import { vaccinationRecordFiles } from '../../contract/endpoints/vaccination'
import type { VaccineDue } from '../../contract/rules/vaccination-due'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalFile, LocalVaccinationRecord } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { dueCatalogue, dueOf, vaccinationRecordsOf } from '../../db/vaccination-due'
import { mutationContext } from '../../session/mutation-context'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { deleteVaccinationRecord } from '../../sync/vaccination-mutators'
import { Alert } from '../../ui/Alert'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { formatDate } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'
import { type DoseActions, DoseList } from './DoseList'
import { localDay } from './vaccination-form-values'
import { SCHEME_STATUS_NAMES } from './vaccination-texts'
import './vaccinations.css'

/**
 * SPEC §2 /vaccinations/card/{id}: the patient's vaccination card from the device (works
 * offline). The scheme's status (SPEC §4), and per vaccine of the scheme that applies to the
 * patient the doses given, the next dose and its date worked out by the contract's rule (overdue
 * marked); the doses of vaccines outside the scheme after them. Each dose may be amended, deleted,
 * or followed by its next dose, as the user's permissions allow.
 */
export function VaccinationCardPage({ patientId }: { patientId: string }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const db = useSyncEngine()?.db
  const vaccines = useCatalogueEntries('vaccination-records')
  const [failure, setFailure] = useState<string | null>(null)
  const today = localDay(new Date())
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, records, catalogue, files] = await Promise.all([
      db.patients.get(patientId),
      vaccinationRecordsOf(db, patientId),
      dueCatalogue(db),
      db.files.where('patient_id').equals(patientId).toArray(),
    ])
    const certificates = new Map<string, LocalFile>()
    for (const file of files) {
      if (file.owner_kind === vaccinationRecordFiles.kind && !file.deleted_at)
        certificates.set(file.owner_id, file)
    }
    const due = patient ? dueOf(catalogue, patient, records, today) : null
    return { patient: patient ?? null, records, due, certificates }
  }, [db, patientId, today])
  const removal = useConfirmedDelete<LocalVaccinationRecord>(async (record) => {
    if (!db) return
    await deleteVaccinationRecord(db, mutationContext(), record.id)
    notify(t`Dosis eliminada en este dispositivo`)
    currentEngine()?.loop.kick()
  }, setFailure)
  const title = t`Cartilla de vacunación`
  if (!db || !data || !vaccines) return <Spinner />
  const { patient, records, due } = data
  if (!patient || patient.deleted_at) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          <Trans>Este paciente no está en este dispositivo.</Trans>
        </Alert>
      </section>
    )
  }
  const canRegister = hasPermission(session, 'vaccinations-register-vaccine')
  const actions: DoseActions = {
    patientId,
    canEdit: hasPermission(session, 'vaccinations-register-vaccine-edit'),
    canNext: hasPermission(session, 'vaccinations-register-vaccine-second-dose'),
    onDelete: removal.ask,
  }
  const nameOf = (id: string) => vaccines.find((vaccine) => vaccine.id === id)
  const inScheme = new Set(due?.vaccines.map((vaccine) => vaccine.vaccineId))
  const outside = records.filter((record) => !inScheme.has(record.vaccine_id))
  const doomed = removal.doomed
  return (
    <section className="page vaccination-page">
      <PageHeader title={title}>
        {canRegister && (
          <Link
            to="/vaccinations/register-vaccine/$id"
            params={{ id: patientId }}
            className="button"
            data-variant="primary"
          >
            <Trans>Registrar dosis</Trans>
          </Link>
        )}
        <Link to="/patients/record/$id" params={{ id: patientId }} className="button" data-variant="ghost">
          <Trans>Volver al expediente</Trans>
        </Link>
      </PageHeader>
      <div className="vaccination-summary">
        <p className="vaccination-summary__name">
          <Link to="/patients/record/$id" params={{ id: patientId }}>
            {fullName(patient)}
          </Link>
        </p>
        {due ? (
          <p>
            <span className="vaccination-status" data-status={due.status}>
              {i18n._(SCHEME_STATUS_NAMES[due.status])}
            </span>{' '}
            {due.overdueCount > 0 && (
              <span className="vaccination-overdue">
                <Trans>Dosis vencidas: {due.overdueCount}</Trans>
              </span>
            )}
          </p>
        ) : (
          <p className="form-hint">
            <Trans>
              El paciente no tiene fecha de nacimiento registrada: no se puede saber qué vacunas del esquema
              le corresponden.
            </Trans>
          </p>
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="vaccination-page__grid">
        {due?.vaccines.map((vaccineDue) => (
          <SchemeVaccine
            key={vaccineDue.vaccineId}
            db={db}
            vaccine={nameOf(vaccineDue.vaccineId)}
            due={vaccineDue}
            records={records.filter((record) => record.vaccine_id === vaccineDue.vaccineId)}
            certificates={data.certificates}
            actions={actions}
            canRegister={canRegister}
          />
        ))}
        {due && due.vaccines.length === 0 && (
          <p className="vaccination-card__empty">
            <Trans>Ninguna vacuna del esquema corresponde a este paciente.</Trans>
          </p>
        )}
        <section className="vaccination-card" aria-labelledby="vaccination-outside-title">
          <h2 id="vaccination-outside-title" className="vaccination-card__title">
            <Trans>Otras vacunas aplicadas</Trans>
          </h2>
          {outside.length === 0 ? (
            <p className="vaccination-card__empty">
              <Trans>Sin dosis de vacunas fuera del esquema.</Trans>
            </p>
          ) : (
            <DoseList
              db={db}
              records={outside}
              vaccineName={(id) => nameOf(id)?.name ?? t`Vacuna desconocida`}
              certificates={data.certificates}
              actions={actions}
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        {...removal.dialog}
        title={t`Eliminar dosis`}
        message={
          doomed
            ? t`¿Eliminar la dosis ${doomed.dose_number} del ${formatDate(doomed.applied_on)}? El registro se conserva en el servidor.`
            : ''
        }
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}

/** One vaccine of the scheme: how far the series is, the next dose and the doses given. */
function SchemeVaccine({
  db,
  vaccine,
  due,
  records,
  certificates,
  actions,
  canRegister,
}: {
  db: LocalDb
  vaccine: CatalogueEntry | undefined
  due: VaccineDue
  records: LocalVaccinationRecord[]
  certificates: ReadonlyMap<string, LocalFile>
  actions: DoseActions
  canRegister: boolean
}) {
  const { t } = useLingui()
  const titleId = `vaccine-${due.vaccineId}`
  const name = vaccine?.name ?? t`Vacuna desconocida`
  const disease = typeof vaccine?.details?.disease === 'string' ? vaccine.details.disease : null
  const last = records.at(-1)
  const next = due.next
  return (
    <section className="vaccination-card" aria-labelledby={titleId}>
      <div className="vaccination-card__header">
        <h2 id={titleId} className="vaccination-card__title">
          {name}
          {disease && disease !== name && <span className="vaccination-card__disease"> · {disease}</span>}
        </h2>
        {next && last && actions.canNext && (
          <Link
            to="/vaccinations/register-vaccine/$id/second-dose/$recordId"
            params={{ id: actions.patientId, recordId: last.id }}
            className="button"
            data-variant="secondary"
            aria-label={t`Siguiente dosis de ${name}`}
          >
            <Trans>Siguiente dosis</Trans>
          </Link>
        )}
        {next && !last && canRegister && (
          <Link
            to="/vaccinations/register-vaccine/$id"
            params={{ id: actions.patientId }}
            className="button"
            data-variant="secondary"
            aria-label={t`Registrar dosis de ${name}`}
          >
            <Trans>Registrar dosis</Trans>
          </Link>
        )}
      </div>
      <p className="vaccination-card__series">
        <Trans>
          Dosis aplicadas: {due.seriesGiven} de {due.seriesDoses}
        </Trans>
      </p>
      {next ? (
        <p className="vaccination-card__next" data-overdue={due.overdue || undefined}>
          {next.booster ? (
            <Trans>
              Siguiente: refuerzo (dosis {next.doseNumber}) el {formatDate(next.dueDate)}
            </Trans>
          ) : (
            <Trans>
              Siguiente: dosis {next.doseNumber} el {formatDate(next.dueDate)}
            </Trans>
          )}{' '}
          {due.overdue && (
            <span className="vaccination-overdue">
              <Trans>Vencida</Trans>
            </span>
          )}
        </p>
      ) : (
        <p className="vaccination-card__next">
          <Trans>Serie completa, sin refuerzo pendiente.</Trans>
        </p>
      )}
      {records.length > 0 && (
        <DoseList
          db={db}
          records={records}
          vaccineName={() => name}
          certificates={certificates}
          actions={actions}
        />
      )}
    </section>
  )
}
