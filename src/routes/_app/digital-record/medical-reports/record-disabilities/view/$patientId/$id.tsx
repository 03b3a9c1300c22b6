import { createFileRoute } from '@tanstack/react-router'
import { DisabilityViewPage } from '../../../../../../../features/medical-reports/DisabilityViewPage'

/** SPEC §2 …/record-disabilities/view/{patient_id}/{id}: one disability, read only, with its PDF. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/record-disabilities/view/$patientId/$id',
)({
  staticData: { permission: 'record-disabilities-view' },
  component: function ViewDisabilityRoute() {
    const { patientId, id } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <DisabilityViewPage
        patientId={patientId}
        disabilityId={id}
        onDeleted={() =>
          void navigate({
            to: '/digital-record/medical-reports/record-disabilities/detail/$patientId',
            params: { patientId },
          })
        }
      />
    )
  },
})
