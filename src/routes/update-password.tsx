import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { UpdatePasswordPage } from '../features/auth/UpdatePasswordPage'

/** SPEC §2 change-password-expired-edit: no guard. */
export const Route = createFileRoute('/update-password')({
  staticData: { permission: 'public' },
  component: function UpdatePasswordRoute() {
    const navigate = useNavigate()
    return <UpdatePasswordPage onDone={() => void navigate({ to: '/' })} />
  },
})
