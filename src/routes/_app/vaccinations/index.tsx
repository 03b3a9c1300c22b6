import { createFileRoute } from '@tanstack/react-router'
import { VaccinationIndexPage } from '../../../features/vaccinations/VaccinationIndexPage'
import { vaccinationIndexSearch } from '../../../features/vaccinations/vaccination-index-search'

/**
 * SPEC §2 /vaccinations: the patients' scheme status and next due dates, from the device (works
 * offline), filtered by its address.
 */
export const Route = createFileRoute('/_app/vaccinations/')({
  staticData: { permission: 'vaccinations-index' },
  validateSearch: vaccinationIndexSearch,
  component: function VaccinationsIndexRoute() {
    const navigate = Route.useNavigate()
    return (
      <VaccinationIndexPage
        filters={Route.useSearch()}
        onFiltersChange={(search) => void navigate({ search, replace: true })}
      />
    )
  },
})
