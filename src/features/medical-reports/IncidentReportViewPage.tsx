import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useId } from 'react'
import { incidentReportFiles } from '../../contract/endpoints/incident-reports'
import { filesOf } from '../../db/files'
import { fullName } from '../../db/patient-sort-name'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { INCIDENT_REPORT } from '../../sync/medical-report-kinds'
import { Alert } from '../../ui/Alert'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { SyncBadge } from '../../ui/SyncBadge'
import { IncidentReportHistory } from './IncidentReportHistory'
import {
  ACCIDENT_KIND_NAMES,
  disabilityLabel,
  PART_FIELD_NAMES,
  QUALIFICATION_NAMES,
  STEP_NAMES,
} from './incident-report-texts'
import { ReportDownload } from './ReportDownload'
import { ReportFiles } from './ReportFiles'
import './incident-reports.css'

/** One part of the form: its number and name, and its fields as label and value. */
function Part({ title, facts }: { title: string; facts: readonly [string, string | null | undefined][] }) {
  const id = useId()
  return (
    <section className="incident-report-view__part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="incident-report-view__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * SPEC §2 /digital-record/medical-reports/incident-report-st7/view/{patient_id}/{id}: one ST-7
 * read-only from the device (works offline) in the IMSS form's five parts, its files, its history
 * of changes, and its PDF — built on the device by the mapping the server's download uses.
 * SPEC gives the ST-7 no delete.
 */
export function IncidentReportViewPage({ patientId, reportId }: { patientId: string; reportId: string }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, report, disabilities] = await Promise.all([
      db.patients.get(patientId),
      db.incidentReports.get(reportId),
      db.disabilities.where('patient_id').equals(patientId).toArray(),
    ])
    const files = report ? await filesOf(db, incidentReportFiles.kind, report.id) : []
    return { patientId, reportId, patient: patient ?? null, report: report ?? null, disabilities, files }
  }, [db, patientId, reportId])
  const title = t`ST-7`
  if (!db || !data || data.patientId !== patientId || data.reportId !== reportId) return <Spinner />
  const { patient, report } = data
  if (!patient || patient.deleted_at || !report || report.deleted_at || report.patient_id !== patientId) {
    return (
      <section className="page">
        <PageHeader title={<span className="incident-report-page__title">{title}</span>} />
        <Alert>
          {patient && !patient.deleted_at ? (
            <Trans>Este ST-7 no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  const part = (name: string) => {
    const label = PART_FIELD_NAMES[name]
    return label ? i18n._(label) : name
  }
  const { employer, worker } = report
  // A linked disability is named as the PDF names it, deleted ones too (the server prints those).
  const linked = report.disability_id
    ? data.disabilities.find((disability) => disability.id === report.disability_id)
    : undefined
  const canEdit = hasPermission(session, 'incident-report-st7-edit')
  const stepTitle = (index: number, name: keyof typeof STEP_NAMES) => `${index}. ${i18n._(STEP_NAMES[name])}`
  return (
    <section className="page incident-report-page">
      <PageHeader title={<span className="incident-report-page__title">{title}</span>}>
        <ReportDownload db={db} kind={INCIDENT_REPORT} report={report} />
        {canEdit && (
          <Link
            to="/digital-record/medical-reports/incident-report-st7/edit/$patientId/$id"
            params={{ patientId, id: report.id }}
            className="button"
            data-variant="primary"
          >
            <Trans>Editar</Trans>
          </Link>
        )}
      </PageHeader>
      <p className="incident-report-page__lead">
        <Trans>Aviso de atención médica y calificación de probable accidente de trabajo</Trans>
        {' · '}
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>{' '}
        <SyncBadge state={report.syncState} />
      </p>
      <div className="incident-report-page__columns">
        <div className="form-card incident-report-view">
          <Part
            title={stepTitle(1, 'employer')}
            facts={[
              [part('employer.business_name'), employer.business_name],
              [part('employer.employer_registration'), employer.employer_registration],
              [part('employer.address'), employer.address],
            ]}
          />
          <Part
            title={stepTitle(2, 'worker')}
            facts={[
              [part('worker.name'), worker.name],
              [part('worker.nss'), worker.nss],
              [part('worker.curp'), worker.curp],
              [part('worker.occupation'), worker.occupation],
              [part('worker.shift'), worker.shift],
              [part('worker.hire_date'), worker.hire_date && formatDate(worker.hire_date)],
            ]}
          />
          <Part
            title={stepTitle(3, 'accident')}
            facts={[
              [t`Tipo de accidente`, i18n._(ACCIDENT_KIND_NAMES[report.accident_kind])],
              [t`Fecha y hora del accidente`, `${formatDate(report.occurred_on)} ${report.occurred_at}`],
              [t`Lugar del accidente`, report.place],
              [t`Actividad que realizaba`, report.activity],
              [t`Cómo ocurrió`, report.description],
              [t`Testigos`, report.witnesses],
            ]}
          />
          <Part
            title={stepTitle(4, 'attention')}
            facts={[
              [t`Fecha y hora de atención`, `${formatDate(report.attended_on)} ${report.attended_at}`],
              [t`Diagnóstico (CIE-10)`, `${report.diagnosis_code} ${report.diagnosis_name}`],
              [t`Lesiones`, report.injuries],
              [t`Región anatómica`, report.body_part],
              [t`Tratamiento`, report.treatment],
              [
                t`Incapacidad expedida`,
                report.disability_id
                  ? linked
                    ? disabilityLabel(linked, i18n)
                    : t`Incapacidad que ya no está en este dispositivo`
                  : t`Sin incapacidad`,
              ],
            ]}
          />
          <Part
            title={stepTitle(5, 'qualification')}
            facts={[
              [t`Probable accidente de trabajo`, i18n._(QUALIFICATION_NAMES[report.probable_qualification])],
              [t`Observaciones`, report.observations],
              [t`Registró`, report.author?.name],
            ]}
          />
          <ReportFiles
            db={db}
            kind={INCIDENT_REPORT}
            owner={incidentReportFiles}
            reportId={report.id}
            files={data.files}
            title={t`Archivos del ST-7`}
            // Who may amend the report may add a photo to it or remove a file from here too.
            readOnly={!canEdit}
          />
        </div>
        <IncidentReportHistory report={report} disabilities={data.disabilities} />
      </div>
    </section>
  )
}
