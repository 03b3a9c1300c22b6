import { createFileRoute } from '@tanstack/react-router'
import { IncidentReportFormPage } from '../../../../../../../features/medical-reports/IncidentReportFormPage'
import { currentSession, hasPermission } from '../../../../../../../session/session-store'

/** SPEC §2 /digital-record/medical-reports/incident-report-st7/edit/{patient_id}/{id}: an amendment (NOM-004), offline. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/incident-report-st7/edit/$patientId/$id',
)({
  staticData: { permission: 'incident-report-st7-edit' },
  component: function EditIncidentReportRoute() {
    const { patientId, id } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <IncidentReportFormPage
        patientId={patientId}
        reportId={id}
        onSaved={() =>
          hasPermission(currentSession(), 'incident-report-st7-view')
            ? void navigate({
                to: '/digital-record/medical-reports/incident-report-st7/view/$patientId/$id',
                params: { patientId, id },
              })
            : void navigate({ to: '/patients/record/$id', params: { id: patientId } })
        }
      />
    )
  },
})
