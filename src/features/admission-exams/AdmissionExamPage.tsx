import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { admissionExamFiles } from '../../contract/endpoints/admission-exams'
import { dateTimeOfInstant } from '../../contract/rules/date-time'
import { dateTextToIso } from '../../contract/rules/formats'
import { lastVitalSigns } from '../../db/encounters'
import { filesOf } from '../../db/files'
import { readFormDraft } from '../../db/form-drafts'
import type { LocalAdmissionExam } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { AdmissionExamForm } from './AdmissionExamForm'
import { type AdmissionDraft, admissionDraftOf, draftKeyOf } from './admission-draft'
import { CandidateStatusOffer } from './CandidateStatusOffer'
import './admission-exams.css'

/**
 * SPEC §2 /digital-record/medical-exam create/{patient_id} and edit/{patient_id}/{id}: the
 * admission exam's long form over the device's data (works with no network). A candidate may be
 * examined before hire; when the exam's result is "complies" the page offers to make them active.
 */
export function AdmissionExamPage({
  patientId,
  examId,
  onCreated,
  onDone,
}: {
  patientId: string
  examId?: string | undefined
  /** The first step saved a new exam: its edit page opens (the form stays where it was). */
  onCreated: (exam: LocalAdmissionExam) => void
  /** The exam is whole (its result saved, the status question answered): its detail opens. */
  onDone: (exam: LocalAdmissionExam) => void
}) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, exam, last] = await Promise.all([
      db.patients.get(patientId),
      examId ? db.admissionExams.get(examId) : undefined,
      lastVitalSigns(db, patientId),
    ])
    const files = exam ? await filesOf(db, admissionExamFiles.kind, exam.id) : []
    return { patientId, examId, patient: patient ?? null, exam: exam ?? null, last, files }
  }, [db, patientId, examId])
  // The draft is read once per exam, before the form opens: the form writes it as it goes.
  const key = draftKeyOf(patientId, examId)
  const [draft, setDraft] = useState<{ key: string; value: AdmissionDraft | null } | null>(null)
  useEffect(() => {
    if (!db) return
    let live = true
    void readFormDraft(db, key).then((row) => {
      if (live) setDraft({ key, value: admissionDraftOf(row) })
    })
    return () => {
      live = false
    }
  }, [db, key])
  const [finished, setFinished] = useState<LocalAdmissionExam | null>(null)

  if (!db || !data || data.patientId !== patientId || data.examId !== examId || !draft || draft.key !== key)
    return <Spinner />
  const { patient, exam } = data
  const title = examId ? t`Editar examen de admisión` : t`Nuevo examen de admisión`
  if (!patient || patient.deleted_at || (examId && (!exam || exam.patient_id !== patientId))) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient ? (
            <Trans>Este examen no está en este dispositivo.</Trans>
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
  const today = dateTextToIso(dateTimeOfInstant(new Date().toISOString()).date)
  return (
    <section className="page admission-page">
      <PageHeader title={title} />
      <p className="admission-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
        {patient.administrative_status === 'candidate' && (
          <span className="admission-page__candidate">
            {' '}
            <Trans>(candidato)</Trans>
          </span>
        )}
      </p>
      <AdmissionExamForm
        // A new exam, once created, keeps its form: its draft moved with it.
        key={exam?.id ?? 'new'}
        db={db}
        patientId={patientId}
        birthDate={typeof patient.birth_date === 'string' ? patient.birth_date : null}
        exam={exam}
        files={data.files}
        last={data.last}
        draft={draft.value}
        today={today}
        onCreated={onCreated}
        onFinished={(saved) => {
          if (saved.result === 'complies' && patient.administrative_status === 'candidate') setFinished(saved)
          else onDone(saved)
        }}
      />
      <CandidateStatusOffer
        db={db}
        patient={patient}
        open={finished !== null}
        onClosed={() => finished && onDone(finished)}
      />
    </section>
  )
}
