import { createFileRoute } from '@tanstack/react-router'
import { DisabilityDetailPage } from '../../../../../../features/medical-reports/DisabilityDetailPage'

/** SPEC §2 …/record-disabilities/detail/{patient_id}: a patient's disabilities with the days lost. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/record-disabilities/detail/$patientId',
)({
  staticData: { permission: 'record-disabilities-detail' },
  component: function DisabilityDetailRoute() {
    const { patientId } = Route.useParams()
    return <DisabilityDetailPage patientId={patientId} />
  },
})
