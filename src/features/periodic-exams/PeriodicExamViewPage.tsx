import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState } from 'react'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import { nextExamDue } from '../../contract/rules/periodic-exam-due'
import type { LocalPeriodicExam } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { periodicExamsOf, previousExam, resultFilesOf } from '../../db/periodic-exams'
import { mutationContext } from '../../session/mutation-context'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { deletePeriodicExam } from '../../sync/periodic-exam-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { SyncBadge } from '../../ui/SyncBadge'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'
import { ExposureComparison } from './ExposureComparison'
import { PeriodicExamHistory } from './PeriodicExamHistory'
import { AGENT_NAMES, CONDITION_NAMES } from './periodic-exam-texts'
import { HeldResultFiles } from './ResultFiles'
import './periodic-exams.css'

/**
 * SPEC §2 /digital-record/periodic-exams/view/{patient_id}/{id}: one exam read-only, from the
 * device (works offline) — its day, rating, next exam's day at the patient's frequency, clinical
 * exams with their results and files, exposures beside the previous exam's, observations and
 * recommendations, its history of changes — and its PDF, built on the device by the builder the
 * server's download uses.
 */
export function PeriodicExamViewPage({
  patientId,
  examId,
  onDeleted,
}: {
  patientId: string
  examId: string
  onDeleted: () => void
}) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const db = useSyncEngine()?.db
  const clinicalExams = useCatalogueEntries('clinicalExam')
  const [failure, setFailure] = useState<string | null>(null)
  const [printing, setPrinting] = useState(false)
  const detailsId = useId()
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, exams] = await Promise.all([db.patients.get(patientId), periodicExamsOf(db, patientId)])
    const exam = exams.find((row) => row.id === examId) ?? null
    const files = exam ? await resultFilesOf(db, exam) : new Map()
    return { patient: patient ?? null, exams, exam, files }
  }, [db, patientId, examId])
  const removal = useConfirmedDelete<LocalPeriodicExam>(async (exam) => {
    if (!db) return
    await deletePeriodicExam(db, mutationContext(), exam.id)
    notify(t`Examen eliminado en este dispositivo`)
    currentEngine()?.loop.kick()
    onDeleted()
  }, setFailure)
  const title = t`Examen periódico`
  if (!db || !data || !clinicalExams) return <Spinner />
  const { patient, exam } = data
  if (!patient || patient.deleted_at || !exam) {
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
  const nameOf = (row: LocalPeriodicExam['clinical_exams'][number]) =>
    clinicalExams.find((entry) => entry.id === row.clinical_exam_id)?.name ?? row.clinical_exam_name ?? ''
  const live = exam.clinical_exams.filter((row) => !row.deleted_at)

  const print = async () => {
    setPrinting(true)
    setFailure(null)
    try {
      // jsPDF is a large download most visits never use: fetched only when the PDF is asked for.
      const { downloadPeriodicExamDocument } = await import('../../reports/exam-documents')
      await downloadPeriodicExamDocument(db, exam, i18n.locale === 'en' ? 'en' : 'es')
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setPrinting(false)
    }
  }

  return (
    <section className="page periodic-exam-page">
      <PageHeader title={title}>
        <Button variant="secondary" loading={printing} onClick={() => void print()}>
          <Trans>Descargar PDF</Trans>
        </Button>
        {hasPermission(session, 'periodic-exams-edit') && (
          <Link
            to="/digital-record/periodic-exams/edit/$patientId/$id"
            params={{ patientId, id: exam.id }}
            className="button"
            data-variant="primary"
          >
            <Trans>Corregir</Trans>
          </Link>
        )}
        {hasPermission(session, 'periodic-exam.delete') && (
          <Button variant="danger" onClick={() => removal.ask(exam)}>
            <Trans>Eliminar</Trans>
          </Button>
        )}
      </PageHeader>
      <p className="periodic-exam-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>{' '}
        <SyncBadge state={exam.syncState} />
      </p>
      {failure && <Alert>{failure}</Alert>}
      <div className="periodic-exam-page__columns">
        <section className="form-card periodic-exam-view" aria-labelledby={detailsId}>
          <h2 id={detailsId} className="visually-hidden">
            <Trans>Datos del examen</Trans>
          </h2>
          <dl className="periodic-exam-view__facts">
            <div>
              <dt>{t`Fecha del examen`}</dt>
              <dd>{formatDate(exam.examined_on)}</dd>
            </div>
            <div>
              <dt>{t`Calificación`}</dt>
              <dd>
                <span className="exam-condition" data-condition={exam.condition}>
                  {i18n._(CONDITION_NAMES[exam.condition])}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t`Próximo examen`}</dt>
              <dd>{formatDate(nextExamDue(exam.examined_on, frequency))}</dd>
            </div>
            <div>
              <dt>{t`Registró`}</dt>
              <dd>{exam.author?.name || '—'}</dd>
            </div>
          </dl>
          <h3>
            <Trans>Exámenes clínicos realizados</Trans>
          </h3>
          {live.length === 0 ? (
            <p className="form-hint">
              <Trans>No se registraron exámenes clínicos.</Trans>
            </p>
          ) : (
            <ul className="periodic-exam-view__rows">
              {live.map((row) => (
                <li key={row.id}>
                  <strong>{nameOf(row)}</strong>
                  <p>{row.result || '—'}</p>
                  <HeldResultFiles db={db} files={data.files.get(row.id) ?? []} removable={false} />
                </li>
              ))}
            </ul>
          )}
          <h3>
            <Trans>Exposiciones laborales</Trans>
          </h3>
          {exam.exposures.length === 0 ? (
            <p className="form-hint">
              <Trans>Sin exposiciones registradas.</Trans>
            </p>
          ) : (
            <ul className="periodic-exam-view__exposures">
              {exam.exposures.map((exposure) => (
                <li key={exposure.agent}>
                  {i18n._(AGENT_NAMES[exposure.agent])}: {t`${exposure.years} años`}
                  {exposure.notes ? ` · ${exposure.notes}` : ''}
                </li>
              ))}
            </ul>
          )}
          <ExposureComparison
            previous={previousExam(data.exams, exam)}
            current={exam.exposures.map((exposure) => ({
              agent: exposure.agent,
              checked: true,
              years: String(exposure.years),
            }))}
          />
          <h3>
            <Trans>Observaciones</Trans>
          </h3>
          <p className="periodic-exam-view__text">{exam.observations || '—'}</p>
          <h3>
            <Trans>Recomendaciones</Trans>
          </h3>
          <p className="periodic-exam-view__text">{exam.recommendations || '—'}</p>
        </section>
        <PeriodicExamHistory exam={exam} clinicalExams={clinicalExams} />
      </div>
      <ConfirmDialog
        {...removal.dialog}
        title={t`Eliminar examen periódico`}
        message={t`¿Eliminar el examen del ${formatDate(exam.examined_on)}? El registro se conserva en el servidor.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
