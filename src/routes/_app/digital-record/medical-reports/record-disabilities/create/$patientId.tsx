import { createFileRoute } from '@tanstack/react-router'
import { DisabilityFormPage } from '../../../../../../features/medical-reports/DisabilityFormPage'

/** SPEC §2 …/record-disabilities/create/{patient_id}: a new disability, offline. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/record-disabilities/create/$patientId',
)({
  staticData: { permission: 'record-disabilities-create' },
  component: function CreateDisabilityRoute() {
    const { patientId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <DisabilityFormPage
        patientId={patientId}
        onDone={(disability) =>
          void navigate({
            to: '/digital-record/medical-reports/record-disabilities/view/$patientId/$id',
            params: { patientId, id: disability.id },
          })
        }
      />
    )
  },
})
