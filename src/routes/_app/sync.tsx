import { createFileRoute } from '@tanstack/react-router'
import { SyncPage } from '../../features/sync/SyncPage'

/** The changes on this device and their state (DESIGN §5); any signed-in user has their own. */
export const Route = createFileRoute('/_app/sync')({
  staticData: { permission: 'authenticated' },
  component: SyncPage,
})
