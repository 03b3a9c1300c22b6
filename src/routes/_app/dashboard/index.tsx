import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '../../../features/dashboard/DashboardPage'

/** SPEC §2 dashboard-index. */
export const Route = createFileRoute('/_app/dashboard/')({
  staticData: { permission: 'dashboard-index' },
  component: DashboardPage,
})
