import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ProfileFormPage } from '../../../features/profiles/ProfileFormPage'

/** SPEC §2 profiles-create. */
export const Route = createFileRoute('/_app/profiles/create')({
  staticData: { permission: 'profiles-create' },
  component: function CreateProfileRoute() {
    const navigate = useNavigate()
    return <ProfileFormPage onDone={() => void navigate({ to: '/profiles' })} />
  },
})
