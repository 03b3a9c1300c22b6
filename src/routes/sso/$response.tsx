import { createFileRoute } from '@tanstack/react-router'
import { SsoResponsePage } from '../../features/auth/SsoResponsePage'

/** SPEC §2 response-sso. */
export const Route = createFileRoute('/sso/$response')({
  staticData: { permission: 'public' },
  component: function SsoResponseRoute() {
    const { response } = Route.useParams()
    return <SsoResponsePage response={response} />
  },
})
