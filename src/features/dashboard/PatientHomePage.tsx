import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useSession } from '../../session/use-session'
import { MaintenanceNotice } from './MaintenanceNotice'

/**
 * SPEC §2 patient-home: the start of the patient mode. What the patient keeps of their health
 * (the self-tracking shortcuts) comes from its own feature, through the route.
 */
export function PatientHomePage({ children }: { children?: ReactNode }) {
  const session = useSession()
  return (
    <section className="page">
      <h1>
        <Trans>Inicio</Trans>
      </h1>
      <MaintenanceNotice />
      <p>
        <Trans>Hola, {session?.user.name}. Aquí llevarás el registro de tu salud.</Trans>
      </p>
      {children}
    </section>
  )
}
