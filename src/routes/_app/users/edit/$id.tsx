import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { UserFormPage } from '../../../../features/users/UserFormPage'

/** SPEC §2 users-edit/{id}. */
export const Route = createFileRoute('/_app/users/edit/$id')({
  staticData: { permission: 'users-edit' },
  component: function EditUserRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return <UserFormPage id={id} onDone={() => void navigate({ to: '/users' })} />
  },
})
