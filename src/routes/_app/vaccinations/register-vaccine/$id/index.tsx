import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { VaccinationFormPage } from '../../../../../features/vaccinations/VaccinationFormPage'

/**
 * SPEC §2 /vaccinations/register-vaccine/{id}: a dose of any vaccine for the patient; the card
 * names one (`?vaccine=`) when it asks for a vaccine of the scheme not given yet.
 */
export const Route = createFileRoute('/_app/vaccinations/register-vaccine/$id/')({
  staticData: { permission: 'vaccinations-register-vaccine' },
  validateSearch: (search: Record<string, unknown>): { vaccine?: string } =>
    typeof search.vaccine === 'string' ? { vaccine: search.vaccine } : {},
  component: function RegisterVaccineRoute() {
    const { id } = Route.useParams()
    const { vaccine } = Route.useSearch()
    const navigate = useNavigate()
    return (
      <VaccinationFormPage
        patientId={id}
        kind="register"
        vaccineId={vaccine}
        onDone={() => void navigate({ to: '/vaccinations/card/$id', params: { id }, replace: true })}
      />
    )
  },
})
