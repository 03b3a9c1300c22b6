import { createFileRoute } from '@tanstack/react-router'
import { TriageListPage } from '../../../features/covid/TriageListPage'
import { triageListSearch } from '../../../features/covid/triage-list-search'

/** SPEC §2 /covid: the triage list, over the device's records (works offline), filtered by its address. */
export const Route = createFileRoute('/_app/covid/')({
  staticData: { permission: 'covid-index' },
  validateSearch: triageListSearch,
  component: function CovidIndexRoute() {
    const navigate = Route.useNavigate()
    return (
      <TriageListPage
        filters={Route.useSearch()}
        onFiltersChange={(search) => void navigate({ search, replace: true })}
      />
    )
  },
})
