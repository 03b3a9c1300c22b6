import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { VaccinationFormPage } from '../../../../../features/vaccinations/VaccinationFormPage'

/** SPEC §2 /vaccinations/register-vaccine/{id}: a dose of any vaccine for the patient. */
export const Route = createFileRoute('/_app/vaccinations/register-vaccine/$id/')({
  staticData: { permission: 'vaccinations-register-vaccine' },
  component: function RegisterVaccineRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <VaccinationFormPage
        patientId={id}
        kind="register"
        onDone={() => void navigate({ to: '/vaccinations/card/$id', params: { id }, replace: true })}
      />
    )
  },
})
