import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { VaccinationFormPage } from '../../../../../../features/vaccinations/VaccinationFormPage'

/** SPEC §2 /vaccinations/register-vaccine/{id}/edit/{record}: an amendment of a dose (NOM-004). */
export const Route = createFileRoute('/_app/vaccinations/register-vaccine/$id/edit/$recordId')({
  staticData: { permission: 'vaccinations-register-vaccine-edit' },
  component: function EditVaccineRoute() {
    const { id, recordId } = Route.useParams()
    const navigate = useNavigate()
    return (
      <VaccinationFormPage
        patientId={id}
        kind="edit"
        recordId={recordId}
        onDone={() => void navigate({ to: '/vaccinations/card/$id', params: { id }, replace: true })}
      />
    )
  },
})
