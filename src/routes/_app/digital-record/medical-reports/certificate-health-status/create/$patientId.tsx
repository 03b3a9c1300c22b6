import { createFileRoute } from '@tanstack/react-router'
import { CertificateFormPage } from '../../../../../../features/medical-reports/CertificateFormPage'

/** SPEC §2 …/certificate-health-status/create/{patient_id}: a new health status certificate, offline. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/certificate-health-status/create/$patientId',
)({
  staticData: { permission: 'certificate-health-status-create' },
  component: function CreateCertificateRoute() {
    const { patientId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <CertificateFormPage
        patientId={patientId}
        onDone={(certificate) =>
          void navigate({
            to: '/digital-record/medical-reports/certificate-health-status/view/$patientId/$id',
            params: { patientId, id: certificate.id },
          })
        }
      />
    )
  },
})
