import { createFileRoute } from '@tanstack/react-router'
import { RequestDetailsPage } from '../../../../features/assignments/RequestDetailsPage'

/** SPEC §2 assignments-concentrated-details. */
export const Route = createFileRoute('/_app/assignments-concentrated/details/$assignationRequestsId')({
  staticData: { permission: 'assignments-concentrated-details' },
  component: function RequestDetailsRoute() {
    const { assignationRequestsId } = Route.useParams()
    return <RequestDetailsPage requestId={assignationRequestsId} />
  },
})
