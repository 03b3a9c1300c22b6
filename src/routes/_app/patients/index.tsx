import { createFileRoute } from '@tanstack/react-router'
import { PatientsPage } from '../../../features/patients/PatientsPage'
import { patientsSearch } from '../../../features/patients/patients-search'

/** SPEC §2 patients-index, filtered by its address. */
export const Route = createFileRoute('/_app/patients/')({
  staticData: { permission: 'patients-index' },
  validateSearch: patientsSearch,
  component: function PatientsIndexRoute() {
    const navigate = Route.useNavigate()
    return (
      <PatientsPage
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search, replace: true })}
      />
    )
  },
})
