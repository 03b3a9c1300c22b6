import { createFileRoute } from '@tanstack/react-router'
import { IncidentReportFormPage } from '../../../../../../features/medical-reports/IncidentReportFormPage'
import { currentSession, hasPermission } from '../../../../../../session/session-store'

/** SPEC §2 /digital-record/medical-reports/incident-report-st7/create/{patient_id}: a new ST-7, offline. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/incident-report-st7/create/$patientId',
)({
  staticData: { permission: 'incident-report-st7-create' },
  component: function CreateIncidentReportRoute() {
    const { patientId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <IncidentReportFormPage
        patientId={patientId}
        onSaved={(report) =>
          // The report opens read only for who may read it; anyone else goes back to the record.
          hasPermission(currentSession(), 'incident-report-st7-view')
            ? void navigate({
                to: '/digital-record/medical-reports/incident-report-st7/view/$patientId/$id',
                params: { patientId, id: report.id },
              })
            : void navigate({ to: '/patients/record/$id', params: { id: patientId } })
        }
      />
    )
  },
})
