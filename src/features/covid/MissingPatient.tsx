import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'

/** A COVID screen opened for a patient this device does not hold. */
export function MissingPatient({ title }: { title: string }) {
  return (
    <section className="page">
      <PageHeader title={title} />
      <Alert>
        <Trans>Este paciente no está en este dispositivo.</Trans>
      </Alert>
      <Link to="/covid">
        <Trans>Volver al triage</Trans>
      </Link>
    </section>
  )
}
