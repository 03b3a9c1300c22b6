import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import type { ReactNode } from 'react'
import { call } from '../../api/client'
import { useCatalogueEntries, useReferenceList } from '../../catalogs/use-catalog'
import { showPatient } from '../../contract/endpoints/operation'
import { RECORD_SECTIONS, type RecordSection } from '../../contract/schemas/record-sections'
import type { LocalRecordSection } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { useAuditedOpening } from '../../session/use-audited-opening'
import { useSyncEngine } from '../../session/use-sync-engine'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { RecordBanner } from './RecordBanner'
import { SectionPanel } from './SectionPanel'
import { SelfTrackingPanel } from './SelfTrackingPanel'
import { medicalConditionChoices } from './section-choices'
import './patient-record.css'

/**
 * A patient's record page: the patient and the entries of every record section, read from the
 * device (so it opens and works offline), one panel per section. Opening it online also reads
 * the patient from the server, which writes the "record opened" entry of the audit log
 * (NOM-024); offline, the page still opens and queues a note of the opening for that log
 * (decision 0038).
 * The patient's consultations, admission exams and medical reports are their features': the route
 * hands them in.
 */
export function PatientRecordPage({
  id,
  consultations,
  admissionExams,
  medicalReports,
}: {
  id: string
  /** The patient's consultation history, shown below the banner to the clinical staff. */
  consultations?: ReactNode
  /** The patient's admission exams (the admission-exams feature's), shown to whoever may see them. */
  admissionExams?: ReactNode
  /** The patient's medical reports (the medical-reports feature's), shown to whoever may see them. */
  medicalReports?: ReactNode
}) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  // The patient and their entries in one read, so the page draws once, with both.
  const record = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, entries] = await Promise.all([
      db.patients.get(id),
      db.recordSections.where('patient_id').equals(id).toArray(),
    ])
    return { patient: patient ?? null, entries: entries.filter((entry) => !entry.deleted_at) }
  }, [db, id])
  const conditions = medicalConditionChoices(
    useCatalogueEntries('medical-conditions'),
    useReferenceList('medical-conditions'),
  )
  const covidStatuses = useReferenceList('covid-statuses') ?? []
  const session = currentSession()
  const canEdit = hasPermission(session, 'patients-edit')
  const canConsult = hasPermission(session, 'medical-consultation-create')
  // The history is the clinical staff's: registration staff see the patient, not their notes.
  const seesConsultations = hasPermission(session, 'consultation.list') || canConsult

  // Only the audit matters here: the read of the patient online, or the note of an opening with no
  // network. Refused (a patient whose create is still queued), the page carries on.
  useAuditedOpening(id, 'patient-record', (signal) => call(showPatient, { params: { id }, signal }))

  if (!db || !record) return <Spinner />
  const { patient, entries } = record
  if (patient === null || patient.deleted_at) {
    return (
      <section className="page">
        <PageHeader title={t`Expediente del paciente`} />
        <p>
          <Trans>Este paciente no está en este dispositivo.</Trans>
        </p>
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }
  const bySection = (section: RecordSection) =>
    entries
      .filter((entry) => entry.section === section)
      .sort((a, b) => String(a.created_at ?? a.id).localeCompare(String(b.created_at ?? b.id)))
  const choicesOf = (section: RecordSection) =>
    section === 'medical-conditions'
      ? conditions
      : section === 'covid-status'
        ? { offered: covidStatuses, named: covidStatuses }
        : undefined

  return (
    <section className="page">
      <RecordBanner
        patient={patient}
        allergies={bySection('allergies-tolerances') as LocalRecordSection[]}
        alerts={bySection('alerts-and-special-needs') as LocalRecordSection[]}
        canEdit={canEdit}
        canConsult={canConsult}
        canTriage={hasPermission(session, 'covid-create')}
        canSeeVaccinations={hasPermission(session, 'vaccinations-card')}
        canExamine={hasPermission(session, 'periodic-exams-create')}
        canAdmit={hasPermission(session, 'medical-exam-create')}
        canReportAccident={hasPermission(session, 'incident-report-st7-create')}
        canSeeDisabilities={hasPermission(session, 'record-disabilities-detail')}
        canSeeEvolution={hasPermission(session, 'patient-evolution-index')}
        canTakeShortHistory={hasPermission(session, 'clinical-history-create')}
        canCertify={hasPermission(session, 'certificate-health-status-create')}
        canSeeDigitalRecord={hasPermission(session, 'digital-record-index')}
      />
      {seesConsultations && consultations}
      {admissionExams}
      {medicalReports}
      <div className="patient-record__sections">
        {RECORD_SECTIONS.map((section) => (
          <SectionPanel
            key={section}
            db={db}
            section={section}
            patientId={id}
            entries={bySection(section) as LocalRecordSection[]}
            choices={choicesOf(section)}
            canEdit={canEdit}
          />
        ))}
      </div>
      <SelfTrackingPanel db={db} patientId={id} />
    </section>
  )
}
