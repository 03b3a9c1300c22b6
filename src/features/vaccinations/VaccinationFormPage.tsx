import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import { vaccinationRecordFiles } from '../../contract/endpoints/vaccination'
import { filesOf } from '../../db/files'
import type { LocalVaccinationRecord } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { vaccinationRecordsOf } from '../../db/vaccination-due'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { VaccinationForm, type VaccinationFormMode } from './VaccinationForm'
import { VaccinationRecordHistory } from './VaccinationRecordHistory'
import './vaccinations.css'

export interface VaccinationFormPageProps {
  patientId: string
  /** A first or any dose; the next dose after a record; an amendment of a record. */
  kind: VaccinationFormMode['kind']
  recordId?: string
  onDone: (record: LocalVaccinationRecord) => void
}

/**
 * SPEC §2 /vaccinations/register-vaccine/{id}, its second-dose/{record} and edit/{record}: the
 * dose form over the device's data (opens and saves with no network); an amendment shows the
 * record's history of changes below it.
 */
export function VaccinationFormPage({ patientId, kind, recordId, onDone }: VaccinationFormPageProps) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const vaccines = useCatalogueEntries('vaccination-records')
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, records, files] = await Promise.all([
      db.patients.get(patientId),
      vaccinationRecordsOf(db, patientId),
      recordId ? filesOf(db, vaccinationRecordFiles.kind, recordId) : Promise.resolve([]),
    ])
    return { patient: patient ?? null, records, certificate: files.at(-1)?.blob ?? null }
  }, [db, patientId, recordId])
  const title =
    kind === 'edit' ? t`Corregir dosis` : kind === 'second-dose' ? t`Siguiente dosis` : t`Registrar dosis`
  if (!db || !data || !vaccines) return <Spinner />
  const { patient, records } = data
  const record = recordId ? records.find((row) => row.id === recordId) : undefined
  if (!patient || patient.deleted_at || (recordId && !record)) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient && !patient.deleted_at ? (
            <Trans>Esta dosis no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  // The record is found whenever a record id is given (checked above).
  const mode: VaccinationFormMode =
    kind === 'edit' && record
      ? { kind, record, certificate: data.certificate }
      : kind === 'second-dose' && record
        ? { kind, previous: record }
        : { kind: 'register' }
  return (
    <section className="page vaccination-page">
      <PageHeader title={title} />
      <p className="vaccination-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/vaccinations/card/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="vaccination-page__columns">
        <VaccinationForm
          // A record amended elsewhere meanwhile starts the form again from what it now holds.
          key={record ? `${record.id}:${record.version}` : 'new'}
          db={db}
          patientId={patientId}
          mode={mode}
          vaccines={vaccines}
          records={records}
          onSaved={onDone}
        />
        {mode.kind === 'edit' && <VaccinationRecordHistory record={mode.record} vaccines={vaccines} />}
      </div>
    </section>
  )
}
