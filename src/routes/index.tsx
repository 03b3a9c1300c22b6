import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/auth/LoginPage'

/** SPEC §2 auth-login. */
export const Route = createFileRoute('/')({
  staticData: { permission: 'public' },
  component: LoginPage,
})
