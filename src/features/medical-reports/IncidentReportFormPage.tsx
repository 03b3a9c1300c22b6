import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useId, useState } from 'react'
import { incidentReportFiles } from '../../contract/endpoints/incident-reports'
import { dateTimeOfInstant } from '../../contract/rules/date-time'
import { dateTextToIso } from '../../contract/rules/formats'
import { filesOf } from '../../db/files'
import { readFormDraft } from '../../db/form-drafts'
import type { LocalIncidentReport } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { formatDate } from '../../ui/format-date'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { devicePrefill } from './device-prefill'
import { IncidentReportForm } from './IncidentReportForm'
import { IncidentReportHistory } from './IncidentReportHistory'
import {
  type IncidentReportDraft,
  incidentReportDraftKey,
  incidentReportDraftOf,
} from './incident-report-draft'
import './incident-reports.css'

/**
 * SPEC §2 /digital-record/medical-reports/incident-report-st7 create/{patient_id} and
 * edit/{patient_id}/{id}: the ST-7's form over the device's data (opens and saves with no
 * network). A new report starts from the prefill the server's `create/information` would give; an
 * amendment shows the report's history of changes beside it.
 */
export function IncidentReportFormPage({
  patientId,
  reportId,
  onSaved,
}: {
  patientId: string
  /** The report amended; none for a new one. */
  reportId?: string | undefined
  onSaved: (report: LocalIncidentReport) => void
}) {
  const { t } = useLingui()
  const earlierId = useId()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, report, prefill, held] = await Promise.all([
      db.patients.get(patientId),
      reportId ? db.incidentReports.get(reportId) : undefined,
      devicePrefill(db, patientId),
      db.incidentReports.where('patient_id').equals(patientId).toArray(),
    ])
    const earlier = held
      .filter((row) => !row.deleted_at)
      .sort((a, b) => b.occurred_on.localeCompare(a.occurred_on))
    const files = report ? await filesOf(db, incidentReportFiles.kind, report.id) : []
    return { patientId, reportId, patient: patient ?? null, report: report ?? null, prefill, files, earlier }
  }, [db, patientId, reportId])
  // The draft is read once per report, before the form opens: the form writes it as it goes.
  const key = incidentReportDraftKey(patientId, reportId)
  const [draft, setDraft] = useState<{ key: string; value: IncidentReportDraft | null } | null>(null)
  useEffect(() => {
    if (!db) return
    let live = true
    void readFormDraft(db, key).then((row) => {
      if (live) setDraft({ key, value: incidentReportDraftOf(row) })
    })
    return () => {
      live = false
    }
  }, [db, key])

  const title = reportId ? t`Editar ST-7` : t`Nuevo ST-7`
  if (!db || !data || data.patientId !== patientId || data.reportId !== reportId || draft?.key !== key)
    return <Spinner />
  const { patient, report } = data
  if (
    !patient ||
    patient.deleted_at ||
    (reportId && (!report || report.deleted_at || report.patient_id !== patientId))
  ) {
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
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }
  const { date, time } = dateTimeOfInstant(new Date().toISOString())
  return (
    <section className="page incident-report-page">
      <PageHeader title={<span className="incident-report-page__title">{title}</span>} />
      <p className="incident-report-page__lead">
        <Trans>Aviso de atención médica y calificación de probable accidente de trabajo</Trans>
        {' · '}
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="incident-report-page__columns">
        <IncidentReportForm
          // What is typed stays while an amendment is pulled: the save sends only what differs.
          key={report?.id ?? 'new'}
          db={db}
          patientId={patientId}
          report={report}
          prefill={data.prefill}
          files={data.files}
          draft={draft.value}
          today={dateTextToIso(date)}
          now={time}
          onSaved={onSaved}
        />
        {report ? (
          <IncidentReportHistory report={report} disabilities={data.prefill.disabilities} />
        ) : (
          data.earlier.length > 0 && (
            <section className="form-card incident-report-earlier" aria-labelledby={earlierId}>
              <h2 id={earlierId}>
                <Trans>ST-7 anteriores</Trans>
              </h2>
              <ul>
                {data.earlier.map((earlier) => (
                  <li key={earlier.id}>
                    <Link
                      to="/digital-record/medical-reports/incident-report-st7/view/$patientId/$id"
                      params={{ patientId, id: earlier.id }}
                    >
                      {formatDate(earlier.occurred_on)}
                    </Link>{' '}
                    · {earlier.diagnosis_code} {earlier.diagnosis_name}
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
