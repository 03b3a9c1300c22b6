import { createFileRoute } from '@tanstack/react-router'
import { IncidentReportViewPage } from '../../../../../../../features/medical-reports/IncidentReportViewPage'

/** SPEC §2 /digital-record/medical-reports/incident-report-st7/view/{patient_id}/{id}: one ST-7, read only, with its PDF. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/incident-report-st7/view/$patientId/$id',
)({
  staticData: { permission: 'incident-report-st7-view' },
  component: function ViewIncidentReportRoute() {
    const { patientId, id } = Route.useParams()
    return <IncidentReportViewPage patientId={patientId} reportId={id} />
  },
})
