import { createFileRoute } from '@tanstack/react-router'
import { VaccinationCardPage } from '../../../../features/vaccinations/VaccinationCardPage'

/** SPEC §2 /vaccinations/card/{id}: a patient's vaccination card. */
export const Route = createFileRoute('/_app/vaccinations/card/$id')({
  staticData: { permission: 'vaccinations-card' },
  component: function VaccinationCardRoute() {
    const { id } = Route.useParams()
    return <VaccinationCardPage patientId={id} />
  },
})
