import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { LoginPage } from '../features/auth/LoginPage'
import { homeIfSignedIn } from '../session/guard'

/** SPEC §2 auth-login; the auth guard sends a signed-in user to their home route. */
export const Route = createFileRoute('/')({
  staticData: { permission: 'public' },
  beforeLoad: async () => {
    const home = await homeIfSignedIn()
    if (home) throw redirect({ to: home })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const navigate = useNavigate()
  return <LoginPage onSignedIn={(to) => void navigate({ to })} />
}
