import { createFileRoute } from '@tanstack/react-router'
import { ProfilesPage } from '../../../features/profiles/ProfilesPage'

/** SPEC §2 profiles-index. */
export const Route = createFileRoute('/_app/profiles/')({
  staticData: { permission: 'profiles-index' },
  component: ProfilesPage,
})
