import { Trans } from '@lingui/react/macro'
import { useSession } from '../../session/use-session'
import { MaintenanceNotice } from './MaintenanceNotice'

/**
 * SPEC §2 dashboard-index. Its charts, shortcuts and lists come with the dashboard issue; for now
 * the greeting and the year-end maintenance notice.
 */
export function DashboardPage() {
  const session = useSession()
  return (
    <section className="page">
      <h1>
        <Trans>Tablero</Trans>
      </h1>
      <MaintenanceNotice />
      <p>
        <Trans>Hola, {session?.user.name}.</Trans>
      </p>
    </section>
  )
}
