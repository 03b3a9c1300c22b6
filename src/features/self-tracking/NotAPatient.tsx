import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../ui/PageHeader'

/** A self-tracking screen opened by a user with no patient record: there is no own log to show. */
export function NotAPatient({ title }: { title: string }) {
  return (
    <section className="page">
      <PageHeader title={title} />
      <p>
        <Trans>Tu cuenta no está vinculada a un expediente de paciente.</Trans>
      </p>
    </section>
  )
}
