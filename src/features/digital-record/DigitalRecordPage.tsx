import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useConnection } from '../../api/connection'
import { readRecordNames } from '../../catalogs/record-names'
import { useReferenceList } from '../../catalogs/use-catalog'
import { showDigitalRecord } from '../../contract/endpoints/digital-record'
import { isoToDateText } from '../../contract/rules/formats'
import type { DigitalRecord, DigitalRecordKind } from '../../contract/schemas/digital-record'
import type { ReportRecord } from '../../contract/schemas/report-amendments'
import { readDigitalRecord } from '../../db/digital-record'
import type { LocalPatient, LocalReport } from '../../db/local-db'
import { recordWords, sectionEntries } from '../../documents/digital-record-document'
import {
  type EntryView,
  type TimelineEntry,
  type TimelineFilter,
  timelineOf,
} from '../../documents/record-timeline'
import { latestPregnancy } from '../../documents/record-vital-signs'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'
import { hasPermission } from '../../session/session-store'
import { useAuditedOpening } from '../../session/use-audited-opening'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import {
  type DeviceReportKind,
  DISABILITY,
  HEALTH_CERTIFICATE,
  INCIDENT_REPORT,
  SHORT_HISTORY,
} from '../../sync/medical-report-kinds'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { PatientBanner } from '../../ui/patient-banner/PatientBanner'
import { Spinner } from '../../ui/Spinner'
import { LatestVitalSigns } from './LatestVitalSigns'
import { RecordSections } from './RecordSections'
import { RecordTimeline } from './RecordTimeline'
import './digital-record.css'

/** The medical reports the device can print itself, by their kind in the timeline. */
const REPORT_KINDS: Partial<Record<DigitalRecordKind, DeviceReportKind>> = {
  'short-history': SHORT_HISTORY,
  'health-certificate': HEALTH_CERTIFICATE,
  disability: DISABILITY,
  'incident-report': INCIDENT_REPORT,
}

/**
 * SPEC §2 `/digital-record/{patient_id}` (issue 24): the page a doctor reads before seeing the
 * worker — who they are and their alerts first, the latest vital signs, everything recorded on a
 * timeline filtered by kind and period, the record's sections — and the whole record as one PDF
 * built on the device. It reads the device's cache, so it opens offline.
 *
 * Opening it online asks the server for the same record (`GET /patients/digital-record/{id}`),
 * which writes the "record opened" entry of the audit log (NOM-024), as the patient's record page
 * does with its read; offline there is no server to tell, and the page still opens (decision 0031).
 * A patient the device does not hold (an administrator's server-side list reaches more patients
 * than a device keeps) is shown from that answer while online.
 */
export function DigitalRecordPage({
  patientId,
  filter,
  onFilterChange,
}: {
  patientId: string
  filter: TimelineFilter
  onFilterChange: (filter: TimelineFilter) => void
}) {
  const { t, i18n } = useLingui()
  const db = useSyncEngine()?.db
  const session = useSession()
  const online = useConnection() !== 'offline'
  const language: DocumentLanguage = i18n.locale === 'en' ? 'en' : 'es'
  // The reference lists follow the screen's language (their names print in the timeline).
  useReferenceList('covid-statuses')
  const cached = useLiveQuery(
    async () => (db ? readDigitalRecord(db, patientId) : undefined),
    [db, patientId],
  )
  const names = useLiveQuery(async () => (db ? readRecordNames(db) : undefined), [db, i18n.locale])
  const [busy, setBusy] = useState(false)
  // The server's read is also the opening's audit entry; offline, a note of it is queued.
  const fromServer = useAuditedOpening(patientId, 'digital-record', (signal) =>
    call(showDigitalRecord, { params: { id: patientId }, signal }).then((record) => record as DigitalRecord),
  )

  const record = cached ?? (fromServer !== null && fromServer !== 'missing' ? fromServer : null)
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const timeline = useMemo(
    () => (record && names ? timelineOf(record.records, recordWords({ language, timeZone, names })) : []),
    [record, names, language, timeZone],
  )
  const router = useRouter()
  // A screen of the registry the app does not have (a module built apart) is not linked.
  const canOpen = useCallback(
    (view: EntryView) => hasPermission(session, view.permission) && view.to in router.routesByPath,
    [session, router],
  )
  const documentOf = useCallback(
    (entry: TimelineEntry) => {
      const report = REPORT_KINDS[entry.kind]
      // Built from the device's row and cache; a record the server sent has neither here.
      if (!db || !report || !cached) return null
      return async () => {
        try {
          const { downloadReportDocument } = await import('../../reports/medical-report-documents')
          await downloadReportDocument(db, report, entry.row as LocalReport<ReportRecord>, language)
        } catch (error) {
          notify(errorMessage(error, i18n))
        }
      }
    },
    [db, cached, language, i18n],
  )

  if (!db || cached === undefined || !names) return <Spinner />
  if (!record) {
    if (online && fromServer === null) return <Spinner />
    return (
      <section className="page">
        <PageHeader title={t`Expediente digital`} />
        <p>
          {online ? (
            <Trans>No encontramos a este paciente.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo. Se mostrará cuando haya conexión.</Trans>
          )}
        </p>
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }

  const pregnancy = latestPregnancy(timeline)
  const download = async () => {
    setBusy(true)
    try {
      // jsPDF is a large download most visits never use: fetched only when the PDF is asked for.
      const { downloadDigitalRecord } = await import('../../reports/digital-record-document')
      await downloadDigitalRecord(db, record, language)
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }
  const seesRecord = hasPermission(session, 'patients-index')

  return (
    <section className="page digital-record">
      <PatientBanner
        // The server's answer carries the same fields as the cached row.
        patient={record.patient as unknown as LocalPatient}
        allergies={sectionEntries(record, names, 'allergies-tolerances')}
        alerts={sectionEntries(record, names, 'alerts-and-special-needs')}
        pregnancy={pregnancy?.pregnant ? t`Registrado el ${isoToDateText(pregnancy.day)}` : null}
        heading={(name) => t`Expediente digital de ${name}`}
        actions={
          <>
            <Button loading={busy} onClick={() => void download()}>
              <Trans>Descargar PDF</Trans>
            </Button>
            {seesRecord && cached && (
              <Link
                to="/patients/record/$id"
                params={{ id: patientId }}
                className="button"
                data-variant="secondary"
              >
                <Trans>Expediente</Trans>
              </Link>
            )}
            <Link to="/patients" className="button" data-variant="ghost">
              <Trans>Volver a pacientes</Trans>
            </Link>
          </>
        }
      />
      {!cached && (
        <p className="digital-record__notice" role="status">
          <Trans>Este paciente no está en este dispositivo: se muestra lo que envió el servidor.</Trans>
        </p>
      )}
      <div className="digital-record__layout">
        <LatestVitalSigns entries={timeline} />
        <RecordTimeline
          entries={timeline}
          filter={filter}
          onFilterChange={onFilterChange}
          canOpen={canOpen}
          documentOf={documentOf}
        />
        <RecordSections record={record} names={names} recordHref={seesRecord && cached !== null} />
      </div>
    </section>
  )
}
