import { Trans } from '@lingui/react/macro'
import { isMaintenanceWindow } from '../../contract/rules/dashboard/year-end-notice'

/** The year-end banner of the dashboard, shown only in the maintenance window. */
export function MaintenanceNotice({ now = new Date() }: { now?: Date }) {
  if (!isMaintenanceWindow(now)) return null
  return (
    <p className="notice-banner" role="status">
      <Trans>
        Mantenimiento de fin de año: del 30 de diciembre al 1 de enero el servicio estará fuera de línea hasta
        72 horas. Lo que registres en este dispositivo se guarda y se enviará al terminar.
      </Trans>
    </p>
  )
}
