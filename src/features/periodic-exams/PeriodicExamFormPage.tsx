import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import type { LocalPeriodicExam } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { periodicExamsOf, previousExam, resultFilesOf } from '../../db/periodic-exams'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { PeriodicExamForm } from './PeriodicExamForm'
import { PeriodicExamHistory } from './PeriodicExamHistory'
import { CONDITION_NAMES } from './periodic-exam-texts'
import './periodic-exams.css'

export interface PeriodicExamFormPageProps {
  patientId: string
  /** The exam amended; none for a new one. */
  examId?: string
  onDone: (exam: LocalPeriodicExam) => void
}

/**
 * SPEC §2 /digital-record/periodic-exams/create/{patient_id} and edit/{patient_id}/{id}: the exam
 * form over the device's data (opens and saves with no network). A new exam lists the patient's
 * earlier ones; an amendment shows the exam's history of changes below it.
 */
export function PeriodicExamFormPage({ patientId, examId, onDone }: PeriodicExamFormPageProps) {
  const { t, i18n } = useLingui()
  const db = useSyncEngine()?.db
  const clinicalExams = useCatalogueEntries('clinicalExam')
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, exams] = await Promise.all([db.patients.get(patientId), periodicExamsOf(db, patientId)])
    const exam = examId ? (exams.find((row) => row.id === examId) ?? null) : null
    const files = exam ? await resultFilesOf(db, exam) : new Map()
    return { patient: patient ?? null, exams, exam, files }
  }, [db, patientId, examId])
  const title = examId ? t`Corregir examen periódico` : t`Nuevo examen periódico`
  if (!db || !data || !clinicalExams) return <Spinner />
  const { patient, exams, exam } = data
  if (!patient || patient.deleted_at || (examId && !exam)) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient && !patient.deleted_at ? (
            <Trans>Este examen no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  const frequency = typeof patient.exam_frequency === 'string' ? patient.exam_frequency : null
  return (
    <section className="page periodic-exam-page">
      <PageHeader title={title} />
      <p className="periodic-exam-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="periodic-exam-page__columns">
        <PeriodicExamForm
          // An exam amended elsewhere meanwhile starts the form again from what it now holds.
          key={exam ? `${exam.id}:${exam.version}` : 'new'}
          db={db}
          patientId={patientId}
          frequency={frequency}
          exam={exam}
          previous={previousExam(exams, exam)}
          clinicalExams={clinicalExams}
          files={data.files}
          onSaved={onDone}
        />
        {exam ? (
          <PeriodicExamHistory exam={exam} clinicalExams={clinicalExams} />
        ) : (
          exams.length > 0 && (
            <section className="form-card periodic-exam-earlier" aria-label={t`Exámenes anteriores`}>
              <h2 className="periodic-exam-earlier__title">
                <Trans>Exámenes anteriores</Trans>
              </h2>
              <ul>
                {exams.map((earlier) => (
                  <li key={earlier.id}>
                    <Link
                      to="/digital-record/periodic-exams/view/$patientId/$id"
                      params={{ patientId, id: earlier.id }}
                    >
                      {formatDate(earlier.examined_on)}
                    </Link>{' '}
                    · {i18n._(CONDITION_NAMES[earlier.condition])}
                  </li>
                ))}
              </ul>
            </section>
          )
        )}
      </div>
    </section>
  )
}
