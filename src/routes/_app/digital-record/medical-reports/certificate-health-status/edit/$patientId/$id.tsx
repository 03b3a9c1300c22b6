import { createFileRoute } from '@tanstack/react-router'
import { CertificateFormPage } from '../../../../../../../features/medical-reports/CertificateFormPage'

/** SPEC §2 …/certificate-health-status/edit/{patient_id}/{id}: SPEC's update, an amendment (NOM-004). */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/certificate-health-status/edit/$patientId/$id',
)({
  staticData: { permission: 'certificate-health-status-edit' },
  component: function EditCertificateRoute() {
    const { patientId, id } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <CertificateFormPage
        patientId={patientId}
        certificateId={id}
        onDone={() =>
          void navigate({
            to: '/digital-record/medical-reports/certificate-health-status/view/$patientId/$id',
            params: { patientId, id },
          })
        }
      />
    )
  },
})
