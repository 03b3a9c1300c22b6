import { createFileRoute } from '@tanstack/react-router'
import { ConcentratedRequestsPage } from '../../../features/assignments/ConcentratedRequestsPage'

/** SPEC §2 assignments-concentrated-index. */
export const Route = createFileRoute('/_app/assignments-concentrated/')({
  staticData: { permission: 'assignments-concentrated-index' },
  component: ConcentratedRequestsPage,
})
