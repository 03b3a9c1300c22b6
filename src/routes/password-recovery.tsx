import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { PasswordRecoveryPage } from '../features/auth/PasswordRecoveryPage'

/** SPEC §2 /password-recovery. */
export const Route = createFileRoute('/password-recovery')({
  staticData: { permission: 'public' },
  component: function PasswordRecoveryRoute() {
    const navigate = useNavigate()
    return <PasswordRecoveryPage onStarted={(to) => void navigate({ to })} />
  },
})
