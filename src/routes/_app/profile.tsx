import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { MyProfilePage } from '../../features/my-profile/MyProfilePage'

/** SPEC §2 profile-edit: the signed-in user's own data. */
export const Route = createFileRoute('/_app/profile')({
  staticData: { permission: 'profile-edit' },
  component: function MyProfileRoute() {
    const navigate = useNavigate()
    return <MyProfilePage onSignedOut={() => void navigate({ to: '/' })} />
  },
})
