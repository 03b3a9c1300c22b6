import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { triageHistory } from '../../db/covid'
import { fullName } from '../../db/patient-sort-name'
import { useSyncEngine } from '../../session/use-sync-engine'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { DeclineForm } from './DeclineForm'
import { MissingPatient } from './MissingPatient'
import { TriageForm } from './TriageForm'
import './covid.css'

/**
 * SPEC §2 /covid/create/{id}: the triage form over the device's data (opens and saves with no
 * network), and, from the same place, the follow-up that did not take place, with its reason.
 */
export function TriageCreatePage({ patientId, onDone }: { patientId: string; onDone: () => void }) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, history] = await Promise.all([db.patients.get(patientId), triageHistory(db, patientId)])
    return { patient: patient ?? null, last: history[0] ?? null }
  }, [db, patientId])
  const title = t`Nuevo triage COVID`
  if (!db || !data) return <Spinner />
  const { patient } = data
  if (!patient || patient.deleted_at) return <MissingPatient title={title} />
  const birthDate = typeof patient.birth_date === 'string' && patient.birth_date ? patient.birth_date : null
  return (
    <section className="page covid-page">
      <PageHeader title={title} />
      <p className="covid-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/covid/history/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="covid-page__columns">
        <TriageForm db={db} patientId={patientId} birthDate={birthDate} last={data.last} onSaved={onDone} />
        <DeclineForm db={db} patientId={patientId} onSaved={onDone} />
      </div>
    </section>
  )
}
