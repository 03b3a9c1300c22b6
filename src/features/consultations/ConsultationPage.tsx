import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { lastVitalSigns } from '../../db/encounters'
import type { LocalEncounter } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { AmendmentHistory } from './AmendmentHistory'
import { ConsultationDocuments } from './ConsultationDocuments'
import { ConsultationForm } from './ConsultationForm'
import { PrescriptionSection, type RecordWarnings } from './PrescriptionSection'
import './consultations.css'

/**
 * SPEC §2 /medical-consultation/create/{patient_id} and edit/{patient_id}/{encounter_id}: the
 * consultation form over the device's data, so both open and save with no network. The
 * prescription opens once the consultation is saved (SPEC §5); an edit shows its amendments.
 */
export function ConsultationPage({
  patientId,
  encounterId,
  onSaved,
}: {
  patientId: string
  encounterId?: string
  /** After a save: to the consultation (a new one opens its edit page, where it takes its prescription). */
  onSaved: (encounter: LocalEncounter) => void
}) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, encounter, sections] = await Promise.all([
      db.patients.get(patientId),
      encounterId ? db.encounters.get(encounterId) : undefined,
      db.recordSections.where('patient_id').equals(patientId).toArray(),
    ])
    const live = sections.filter((entry) => !entry.deleted_at)
    const warnings: RecordWarnings = {
      allergies: live
        .filter((entry) => entry.section === 'allergies-tolerances')
        .map((entry) => String(entry.description ?? '')),
      medications: live
        .filter((entry) => entry.section === 'active-medications')
        .map((entry) => String(entry.medicine ?? '')),
    }
    // A new consultation compares with the newest values; an amended one, with those before it.
    const last = await lastVitalSigns(db, patientId, encounter?.started_at)
    return { patient: patient ?? null, encounter: encounter ?? null, warnings, last }
  }, [db, patientId, encounterId])
  const canPrescribe = hasPermission(currentSession(), 'consultation.prescription')

  const title = encounterId ? t`Editar consulta` : t`Nueva consulta`
  if (!db || !data) return <Spinner />
  const { patient, encounter } = data
  const name = patient
    ? [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
    : ''
  if (!patient || patient.deleted_at || (encounterId && (!encounter || encounter.patient_id !== patientId))) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient ? (
            <Trans>Esta consulta no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }
  return (
    <section className="page consultation-page">
      <PageHeader title={title} />
      <p className="consultation-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {name}
        </Link>
      </p>
      <div className="consultation-page__columns">
        <ConsultationForm
          // Another consultation, or the one just created, starts a fresh form.
          key={`form-${encounter?.id ?? 'new'}`}
          db={db}
          patientId={patientId}
          encounter={encounter ?? undefined}
          last={data.last}
          onSaved={onSaved}
        />
        {canPrescribe && (
          <PrescriptionSection
            key={`prescription-${encounter?.id ?? 'new'}`}
            db={db}
            encounter={encounter ?? undefined}
            warnings={data.warnings}
          />
        )}
        {encounter && <ConsultationDocuments db={db} encounter={encounter} />}
        {encounter && <AmendmentHistory encounter={encounter} />}
      </div>
    </section>
  )
}
