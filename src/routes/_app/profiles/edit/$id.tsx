import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ProfileFormPage } from '../../../../features/profiles/ProfileFormPage'

/** SPEC §2 profiles-edit/{id}. */
export const Route = createFileRoute('/_app/profiles/edit/$id')({
  staticData: { permission: 'profiles-edit' },
  component: function EditProfileRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return <ProfileFormPage id={id} onDone={() => void navigate({ to: '/profiles' })} />
  },
})
