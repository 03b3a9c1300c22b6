import { Trans, useLingui } from '@lingui/react/macro'
import { currentSession } from '../../session/session-store'
import { PageHeader } from '../../ui/PageHeader'
import { VaccinationCardPage } from './VaccinationCardPage'

/**
 * SPEC §2 /patient/vaccination-record: the signed-in patient's own vaccination card, read only,
 * from the device (works offline once the feed brought their records), with its PDF. The card is
 * the staff's card screen without its actions.
 */
export function PatientVaccinationPage() {
  const { t } = useLingui()
  const patientId = currentSession()?.user.patient_id ?? null
  if (!patientId) {
    return (
      <section className="page">
        <PageHeader title={t`Mi cartilla de vacunación`} />
        <p>
          <Trans>Tu cuenta no está vinculada a un expediente de paciente.</Trans>
        </p>
      </section>
    )
  }
  return <VaccinationCardPage patientId={patientId} own />
}
