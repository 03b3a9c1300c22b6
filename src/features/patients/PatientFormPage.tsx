import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { PatientForm } from './PatientForm'

/**
 * SPEC §2 patients-create and patients-edit/{id}: the patient form over the device's cache, so
 * both work with no network. An edit opens the cached record (the sync keeps it current).
 */
export function PatientFormPage({
  id,
  onDone,
  onOpenPatient,
}: {
  id?: string
  onDone: () => void
  onOpenPatient: (id: string) => void
}) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  // null: looked and not found; undefined: still looking.
  const patient = useLiveQuery(
    async () => (db && id ? ((await db.patients.get(id)) ?? null) : null),
    [db, id],
  )
  if (!db || (id && patient === undefined)) return <Spinner />
  const editing = id !== undefined
  return (
    <section className="page">
      <PageHeader title={editing ? t`Editar paciente` : t`Nuevo paciente`} />
      {editing && (!patient || patient.deleted_at) ? (
        <Alert>
          <Trans>Este paciente no está en este dispositivo.</Trans>
        </Alert>
      ) : (
        <PatientForm
          // A different record (a redirect from the CURP check) starts a fresh form.
          key={patient?.id ?? 'new'}
          db={db}
          patient={patient ?? undefined}
          onDone={onDone}
          onOpenPatient={onOpenPatient}
        />
      )}
    </section>
  )
}
