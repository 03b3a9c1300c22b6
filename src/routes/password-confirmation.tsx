import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { PasswordConfirmationPage } from '../features/auth/PasswordConfirmationPage'

/** SPEC §2 /password-confirmation. */
export const Route = createFileRoute('/password-confirmation')({
  staticData: { permission: 'public' },
  component: function PasswordConfirmationRoute() {
    const navigate = useNavigate()
    return <PasswordConfirmationPage onDone={() => void navigate({ to: '/' })} />
  },
})
