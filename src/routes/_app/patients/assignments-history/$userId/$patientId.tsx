import { createFileRoute } from '@tanstack/react-router'
import { AssignmentHistoryPage } from '../../../../../features/assignments/AssignmentHistoryPage'

/** SPEC §2 patients-assignments-history. */
export const Route = createFileRoute('/_app/patients/assignments-history/$userId/$patientId')({
  staticData: { permission: 'patients-assignments-history' },
  component: function AssignmentHistoryRoute() {
    const { userId, patientId } = Route.useParams()
    return <AssignmentHistoryPage userId={userId} patientId={patientId} />
  },
})
