import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ConsultationPage } from '../../../../features/consultations/ConsultationPage'

/** SPEC §2 /medical-consultation/create/{patient_id}. */
export const Route = createFileRoute('/_app/medical-consultation/create/$patientId')({
  staticData: { permission: 'medical-consultation-create' },
  component: function CreateConsultationRoute() {
    const { patientId } = Route.useParams()
    const navigate = useNavigate()
    return (
      <ConsultationPage
        patientId={patientId}
        // The saved consultation opens as itself: there it takes its prescription.
        onSaved={(encounter) =>
          void navigate({
            to: '/medical-consultation/edit/$patientId/$encounterId',
            params: { patientId, encounterId: encounter.id },
            replace: true,
          })
        }
      />
    )
  },
})
