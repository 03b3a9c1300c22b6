import { Trans } from '@lingui/react/macro'
import { useSession } from '../../session/use-session'
import { MaintenanceNotice } from './MaintenanceNotice'

/** SPEC §2 patient-home: the start of the patient mode. */
export function PatientHomePage() {
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
    </section>
  )
}
