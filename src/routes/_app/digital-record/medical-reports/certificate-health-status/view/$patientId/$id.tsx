import { createFileRoute } from '@tanstack/react-router'
import { CertificateViewPage } from '../../../../../../../features/medical-reports/CertificateViewPage'

/** SPEC §2 …/certificate-health-status/view/{patient_id}/{id}: one certificate and its PDF, offline. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/certificate-health-status/view/$patientId/$id',
)({
  staticData: { permission: 'certificate-health-status-view' },
  component: function CertificateViewRoute() {
    const { patientId, id } = Route.useParams()
    return <CertificateViewPage patientId={patientId} certificateId={id} />
  },
})
