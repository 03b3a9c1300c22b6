import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import type { LocalDisability } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { DisabilityForm } from './DisabilityForm'
import { DisabilityHistory } from './DisabilityHistory'
import { useDisabilityScreen } from './disability-data'
import './disabilities.css'

export interface DisabilityFormPageProps {
  patientId: string
  /** The disability amended; none for a new one. */
  disabilityId?: string
  onDone: (disability: LocalDisability) => void
}

/**
 * SPEC §2 `…/record-disabilities/create/{patient_id}` and `edit/{patient_id}/{id}`: the disability
 * form over the device's data (opens and saves with no network); an amendment shows the
 * disability's history of changes beside it.
 */
export function DisabilityFormPage({ patientId, disabilityId, onDone }: DisabilityFormPageProps) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const types = useCatalogueEntries('incapacityType')
  const statuses = useCatalogueEntries('incapacityStatus')
  const data = useDisabilityScreen(db, patientId, disabilityId)
  const title = disabilityId ? t`Corregir incapacidad` : t`Nueva incapacidad`
  if (!db || !data || !types || !statuses) return <Spinner />
  const { patient, disability } = data
  if (!patient || (disabilityId && !disability)) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient ? (
            <Trans>Esta incapacidad no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  return (
    <section className="page disability-page">
      <PageHeader title={title} />
      <p className="disability-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="disability-page__columns">
        <DisabilityForm
          // A disability amended elsewhere meanwhile starts the form again from what it now holds.
          key={disability ? `${disability.id}:${disability.version}` : 'new'}
          db={db}
          patientId={patientId}
          disability={disability}
          signature={data.signature}
          attachments={data.attachments}
          types={types}
          statuses={statuses}
          onSaved={onDone}
        />
        {disability && <DisabilityHistory disability={disability} entries={[...types, ...statuses]} />}
      </div>
    </section>
  )
}
