import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { VaccinationFormPage } from '../../../../../../features/vaccinations/VaccinationFormPage'

/** SPEC §2 /vaccinations/register-vaccine/{id}/second-dose/{record}: the next dose of that vaccine. */
export const Route = createFileRoute('/_app/vaccinations/register-vaccine/$id/second-dose/$recordId')({
  staticData: { permission: 'vaccinations-register-vaccine-second-dose' },
  component: function SecondDoseRoute() {
    const { id, recordId } = Route.useParams()
    const navigate = useNavigate()
    return (
      <VaccinationFormPage
        patientId={id}
        kind="second-dose"
        recordId={recordId}
        onDone={() => void navigate({ to: '/vaccinations/card/$id', params: { id }, replace: true })}
      />
    )
  },
})
