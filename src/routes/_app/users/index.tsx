import { createFileRoute } from '@tanstack/react-router'
import { UsersPage } from '../../../features/users/UsersPage'

/** SPEC §2 users-index. */
export const Route = createFileRoute('/_app/users/')({
  staticData: { permission: 'users-index' },
  component: UsersPage,
})
