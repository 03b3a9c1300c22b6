import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { UserFormPage } from '../../../features/users/UserFormPage'

/** SPEC §2 users-create. */
export const Route = createFileRoute('/_app/users/create')({
  staticData: { permission: 'users-create' },
  component: function CreateUserRoute() {
    const navigate = useNavigate()
    return <UserFormPage onDone={() => void navigate({ to: '/users' })} />
  },
})
